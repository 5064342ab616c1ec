// The contact form's choices, kept free of heavier modules because the form runs in the browser.

// The contact form's subject options: each service's label, in service order, then "Other".
// Inquiries are filtered by these exact strings, so service labels are typed against them.
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

export const paymentMethodOptions = ["Insurance", "Self-Pay", "Bishop Pay", "Not Applicable"] as const;

export type PaymentMethod = (typeof paymentMethodOptions)[number];
