import { z } from "zod";
import { definePage } from "#app/content/define-page.ts";
import { type DayOfWeek, mapAround, type OpeningHours, type Practice, practice, weekDays } from "#app/content/practice.ts";
import { readOfficeHours } from "#app/content/office-hours.ts";
import { itemIdText, lineText, optionalLineText } from "#app/content/text-fields.ts";

/**
 * The practice's own details that staff keep up to date without a developer: names, phones,
 * e-mail, address, office hours, the patient portal and the map location. The header, footer,
 * contact page and structured data read them (practiceFrom). The crisis lines, badges and
 * approaches stay fixed in practice.ts.
 */

// --- Phone numbers: written as people read them, kept dialable --------------------------------

const phoneMessage = "Enter a phone number with its area code, like (435) 555-0142.";

/** The number's digits in E.164 (+1 and ten digits), or null when it cannot be dialled as written. */
export function dialableNumber(text: string): string | null {
  if (!/^[\d\s().+-]+$/.test(text)) return null;
  const digits = text.replace(/\D/g, "");
  if (digits.length === 10) return `+1${digits}`;
  if (digits.length === 11 && digits.startsWith("1")) return `+${digits}`;
  return null;
}

const phoneText = lineText(40).refine((value) => dialableNumber(value) !== null, { error: phoneMessage });

// --- Office hours: "Monday-Thursday" and "10AM-5PM", read back into days and times ------------

const daysMessage = "Write the days like Monday-Thursday, Friday, or Monday, Wednesday.";

function dayNamed(text: string): DayOfWeek | undefined {
  const name = text.trim().toLowerCase();
  // "Mon", "Tues" and "Thurs" name their day as well as the whole word.
  return name.length >= 3 ? weekDays.find((day) => day.toLowerCase().startsWith(name)) : undefined;
}

/** The days a label names ("Monday-Thursday", "Saturday", "Mon, Wed"), in week order; null when unreadable. */
export function officeDays(label: string): Array<DayOfWeek> | null {
  const days = new Set<DayOfWeek>();
  for (const part of label.split(/,|&|\band\b/)) {
    const ends = part.split(/[-–]|\bto\b/).map(dayNamed);
    if (ends.some((day) => day === undefined) || ends.length > 2) return null;
    const [first, last = first] = ends as Array<DayOfWeek>;
    const from = weekDays.indexOf(first!);
    const to = weekDays.indexOf(last!);
    if (to < from) return null;
    for (const day of weekDays.slice(from, to + 1)) days.add(day);
  }
  return days.size > 0 ? weekDays.filter((day) => days.has(day)) : null;
}

/** The opening and closing times a text like "10AM-5PM" names; null when unreadable or closing first. */
export function officeTimes(hours: string): { opens: string; closes: string } | null {
  const read = readOfficeHours(hours);
  return read.ok ? { opens: read.opens, closes: read.closes } : null;
}

/** Hours as people write them ("9 to 3"), kept as the site writes them ("9AM-3PM"). */
const hoursText = lineText(40, "Say which hours.").transform((value, context) => {
  const read = readOfficeHours(value);
  if (read.ok) return read.text;
  context.addIssue({ code: "custom", message: read.message });
  return z.NEVER;
});

export const officeHoursSchema = z.object({
  id: itemIdText("An hours line has lost its id: reload the page."),
  days: lineText(60, "Say which days.").refine((value) => officeDays(value) !== null, { error: daysMessage }),
  hours: hoursText,
});

export type OfficeHoursLine = z.infer<typeof officeHoursSchema>;

// --- The page kind -----------------------------------------------------------------------------

const emailText = lineText(200).pipe(z.email({ error: "Enter an e-mail address, like hello@example.com." }));

const portalText = lineText(500).refine(
  (value) => {
    try {
      return new URL(value).protocol === "https:";
    } catch {
      return false;
    }
  },
  { error: "Enter the portal's full address, starting with https://." },
);

const coordinate = (max: number, message: string) =>
  lineText(20).refine((value) => /^-?\d{1,3}(\.\d+)?$/.test(value) && Math.abs(Number(value)) <= max, { error: message });

export const practiceDetailsSchema = z.object({
  name: lineText(120),
  shortName: lineText(60),
  phone: phoneText,
  billingPhone: phoneText,
  email: emailText,
  billingEmail: emailText,
  streetAddress: lineText(120),
  city: lineText(80),
  region: lineText(2).regex(/^[A-Z]{2}$/, { error: "Use the state's two capital letters, like UT." }),
  postalCode: lineText(10).regex(/^\d{5}(-\d{4})?$/, { error: "Enter a ZIP code, like 84720." }),
  officeHours: z
    .array(officeHoursSchema)
    .min(1, { error: "List at least one day the office is open." })
    .max(7, { error: "List at most seven lines of hours." }),
  officeHoursNote: optionalLineText(120),
  patientPortalUrl: portalText,
  latitude: coordinate(90, "Enter the latitude as a number, like 37.6775."),
  longitude: coordinate(180, "Enter the longitude as a number, like -113.0619."),
});

export type PracticeDetails = z.infer<typeof practiceDetailsSchema>;

export const practiceDetailsDefaults: PracticeDetails = {
  name: practice.name,
  shortName: practice.shortName,
  phone: practice.phone.display,
  billingPhone: practice.billingPhone.display,
  email: practice.email,
  billingEmail: practice.billingEmail,
  streetAddress: practice.address.streetAddress,
  city: practice.address.addressLocality,
  region: practice.address.addressRegion,
  postalCode: practice.address.postalCode,
  officeHours: practice.officeHours.map((line, index) => ({ id: `hours-${index + 1}`, days: line.label, hours: line.hours })),
  officeHoursNote: practice.officeHoursNote,
  patientPortalUrl: practice.patientPortalUrl,
  latitude: String(practice.geo.latitude),
  longitude: String(practice.geo.longitude),
};

export const practiceDetailsPage = definePage({
  name: "practice",
  label: "Practice details",
  // The page that shows most of them; the header and footer of every page show some.
  publicPath: "/contact",
  schema: practiceDetailsSchema,
  defaults: practiceDetailsDefaults,
  // No page of their own: the preview shows them as the contact page does, and in the header and footer.
  view: () => import("./practice-details-view.tsx"),
  practice: (details) => practiceFrom(details),
  // Of all the details only the note under the hours is words; the rest is the same in every language.
  translatable: true,
  // Written for review by a Spanish-speaking clinician, not yet reviewed (decision 047).
  builtInTranslations: { es: { officeHoursNote: "Por las tardes, con cita previa" } },
  fields: {
    name: {
      label: "Practice name",
      kind: "text",
      sameInEveryLanguage: true,
      help: "In the footer, page titles and what search engines show.",
    },
    shortName: { label: "Short name", kind: "text", sameInEveryLanguage: true, help: "Beside the logo at the top of every page." },
    phone: {
      label: "Phone",
      kind: "text",
      sameInEveryLanguage: true,
      help: "The main line, in the header and on the contact page. Visitors tap it to call or text.",
    },
    billingPhone: { label: "Billing phone", kind: "text", sameInEveryLanguage: true },
    email: { label: "E-mail", kind: "text", sameInEveryLanguage: true },
    billingEmail: { label: "Billing e-mail", kind: "text", sameInEveryLanguage: true },
    streetAddress: {
      label: "Street address",
      kind: "text",
      sameInEveryLanguage: true,
      help: "With the suite, like 210 N Main Street, Suite 4.",
    },
    city: { label: "City", kind: "text", sameInEveryLanguage: true },
    region: { label: "State", kind: "text", sameInEveryLanguage: true },
    postalCode: { label: "ZIP code", kind: "text", sameInEveryLanguage: true },
    officeHours: {
      label: "Office hours",
      kind: "objectList",
      help: "One line per group of days. Search engines read these too, so write days and times plainly.",
      itemLabel: "Hours line",
      titleKey: "days",
      newItem: { days: "Saturday", hours: "10AM-1PM" },
      item: {
        id: { kind: "id" },
        days: { label: "Days", kind: "text", sameInEveryLanguage: true, help: "Like Monday-Thursday, or Friday." },
        hours: {
          label: "Hours",
          kind: "text",
          sameInEveryLanguage: true,
          help: 'Like 10AM-5PM. "9 to 3" and "9:00-15:00" work too: both are saved as 9AM-3PM.',
        },
      },
      texts: { empty: "No office hours listed.", add: "Add hours", panelTitle: "Add Hours", confirmAdd: "Add Hours" },
    },
    officeHoursNote: {
      label: "Note under the hours",
      kind: "text",
      help: "Like Evenings by request. Leave empty for none.",
    },
    patientPortalUrl: {
      label: "Patient portal link",
      kind: "text",
      sameInEveryLanguage: true,
      help: "Opened in a new tab from the home page.",
    },
    latitude: {
      label: "Map latitude",
      kind: "text",
      sameInEveryLanguage: true,
      help: "Where the map on the contact page puts the office.",
    },
    longitude: { label: "Map longitude", kind: "text", sameInEveryLanguage: true },
  },
  admin: {
    path: "/admin/practice",
    tab: "Practice Details",
    toast: "Practice details updated successfully!",
    loadFailed: "Failed to load practice details.",
    usesStoredContent: true,
    besideTabs: true,
  },
});

// --- What the pages read -----------------------------------------------------------------------

/** "+14355550100" as every page writes a number: "(435) 555-0100". */
function displayedNumber(number: string): string {
  const digits = number.slice(-10);
  return `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`;
}

function phoneLine(typed: string, withText: boolean): Practice["phone"] {
  // The schema let only dialable numbers in; the built-in line is the answer to anything else.
  const number = dialableNumber(typed);
  if (!number) return withText ? practice.phone : practice.billingPhone;
  // However it was typed, a number is shown one way on every page.
  return { display: displayedNumber(number), href: `tel:${number}`, ...(withText ? { textHref: `sms:${number}` as const } : {}) };
}

function openingHours(line: OfficeHoursLine): OpeningHours {
  const days = officeDays(line.days) ?? [];
  const times = officeTimes(line.hours) ?? { opens: "", closes: "" };
  return { label: line.days, hours: line.hours, days, ...times };
}

/** The practice as the pages show it: the fixed parts of practice.ts with staff's details over them. */
export function practiceFrom(details: PracticeDetails): Practice {
  const latitude = Number(details.latitude);
  const longitude = Number(details.longitude);
  return {
    ...practice,
    name: details.name,
    shortName: details.shortName,
    city: details.city,
    phone: phoneLine(details.phone, true),
    billingPhone: phoneLine(details.billingPhone, false),
    email: details.email,
    billingEmail: details.billingEmail,
    address: {
      streetAddress: details.streetAddress,
      addressLocality: details.city,
      addressRegion: details.region,
      postalCode: details.postalCode,
      addressCountry: practice.address.addressCountry,
      lines: [details.streetAddress, `${details.city}, ${details.region} ${details.postalCode}`],
    },
    geo: { latitude, longitude },
    officeHours: details.officeHours.map(openingHours),
    officeHoursNote: details.officeHoursNote,
    patientPortalUrl: details.patientPortalUrl,
    map: mapAround(latitude, longitude, details.city),
  };
}
