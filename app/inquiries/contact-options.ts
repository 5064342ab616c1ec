// The contact form's choices, kept free of heavier modules because the form runs in the browser.

// The contact form's subjects on a fresh site: each built-in service's name, in the
// specification's order, then "Other". Staff add, rename and retire services (decision 043):
// the form offers the live ones, and the inbox lists inquiries about any name a service has had.
export const subjectOptions = [
  "Individual Counseling",
  "Couples Counseling",
  "Family Counseling",
  "Group Therapy",
  "Telehealth Therapy",
  "Life Skills Coaching",
  "Alternative Therapies",
  "Mental Health Assessments",
  "Ketamine Treatment",
  "Court Ordered Evaluations",
  "Domestic Violence Treatment",
  "ESA Letters",
  "Other",
] as const;

export type SubjectOption = (typeof subjectOptions)[number];

export type ServiceLabel = Exclude<SubjectOption, "Other">;

/** The subject after the services, always offered. */
export const otherSubject = "Other";

export const paymentMethodOptions = ["Insurance", "Self-Pay", "Bishop Pay", "Not Applicable"] as const;

export type PaymentMethod = (typeof paymentMethodOptions)[number];
