/**
 * The states a therapist's license can be from, and where the public can check one (decision
 * 046): only the addresses the project has confirmed are linked; a license of another state is
 * shown without a link rather than with a guessed one.
 */
export const licenseStates = [
  "Alabama",
  "Alaska",
  "Arizona",
  "Arkansas",
  "California",
  "Colorado",
  "Connecticut",
  "Delaware",
  "District of Columbia",
  "Florida",
  "Georgia",
  "Hawaii",
  "Idaho",
  "Illinois",
  "Indiana",
  "Iowa",
  "Kansas",
  "Kentucky",
  "Louisiana",
  "Maine",
  "Maryland",
  "Massachusetts",
  "Michigan",
  "Minnesota",
  "Mississippi",
  "Missouri",
  "Montana",
  "Nebraska",
  "Nevada",
  "New Hampshire",
  "New Jersey",
  "New Mexico",
  "New York",
  "North Carolina",
  "North Dakota",
  "Ohio",
  "Oklahoma",
  "Oregon",
  "Pennsylvania",
  "Rhode Island",
  "South Carolina",
  "South Dakota",
  "Tennessee",
  "Texas",
  "Utah",
  "Vermont",
  "Virginia",
  "Washington",
  "West Virginia",
  "Wisconsin",
  "Wyoming",
] as const;

export type LicenseState = (typeof licenseStates)[number];

/** Who issues the licenses of a state, and the public page where anyone can look one up. */
const lookups: Partial<Record<LicenseState, { board: string; href: string }>> = {
  Utah: { board: "Utah Division of Professional Licensing (DOPL)", href: "https://dopl.utah.gov/" },
};

export function licenseLookupOf(state: LicenseState): { board: string; href: string } | undefined {
  return lookups[state];
}
