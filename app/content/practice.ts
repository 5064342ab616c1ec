// The practice's identity: names, contact details, hours, crisis lines. Everything the header,
// footer, contact page and structured data need, written once. The practice is fictional.

export type PhoneLine = {
  display: string;
  href: `tel:${string}`;
  /** For a line that also takes text messages. */
  textHref?: `sms:${string}`;
};

export type DayOfWeek = "Monday" | "Tuesday" | "Wednesday" | "Thursday" | "Friday" | "Saturday" | "Sunday";

/** The days of the week in order, Monday first, as the office's hours list them. */
export const weekDays: ReadonlyArray<DayOfWeek> = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"];

// `days`, `opens` and `closes` map one-to-one onto schema.org OpeningHoursSpecification;
// `label` and `hours` are the display text.
export type OpeningHours = {
  label: string;
  hours: string;
  days: Array<DayOfWeek>;
  opens: string;
  closes: string;
};

export type PostalAddress = {
  streetAddress: string;
  addressLocality: string;
  addressRegion: string;
  postalCode: string;
  addressCountry: string;
  lines: [string, string];
};

export type CredentialBadge = {
  id: string;
  label: string;
  description: string;
  /** As the Spanish pages show it (decision 047; written by the team, awaiting a Spanish-speaking clinician's review). */
  spanish: { label: string; description: string };
};

export type TherapyApproach = {
  id: string;
  abbreviation: string;
  name: string;
  description: string;
};

export type CrisisLine = {
  id: string;
  name: string;
  number: string;
  href: string;
  /** For a line that also takes text messages. */
  textHref?: `sms:${string}`;
  description: string;
  /**
   * Its name and description on the Spanish pages, given only for a line whose own public
   * statement says it answers in Spanish, or for 911 (decision 044); a line without them is shown
   * in English there, with a note that it may answer only in English.
   */
  spanish?: {
    name: string;
    description: string;
    /** How to reach the line in Spanish, said beside its number where there is no room for the description. */
    inSpanish?: string;
    /** A text message that reaches its Spanish line (the word it asks for, filled in). */
    textHref?: `sms:${string}`;
  };
};

export type Practice = {
  name: string;
  shortName: string;
  motto: string;
  city: string;
  state: string;
  phone: PhoneLine;
  billingPhone: PhoneLine;
  email: string;
  billingEmail: string;
  address: PostalAddress;
  geo: { latitude: number; longitude: number };
  officeHours: Array<OpeningHours>;
  officeHoursNote: string;
  /** Set where the note is shown in English on a page in another language (not translated yet). */
  officeHoursNoteLang?: "en";
  patientPortalUrl: string;
  map: { embedUrl: string; largerMapUrl: string; title: string };
  parkingAndAccessibility: string;
  newPatientInfo: { title: string; text: string };
  replyPromise: string;
  copyrightYear: number;
  /** The office's time zone: staff read every date and time in it. */
  timeZone: string;
  credentialBadges: Array<CredentialBadge>;
  therapyApproaches: Array<TherapyApproach>;
};

/** The practice's texts that staff do not edit, as a page in one language shows them. */
export type PracticeTexts = Pick<Practice, "parkingAndAccessibility" | "newPatientInfo" | "replyPromise"> & { mapTitle: string };

/**
 * Those texts in Spanish (decision 047): written for review by a Spanish-speaking clinician, not
 * yet reviewed; "usted" throughout, as the other Spanish pages. A change to the English in
 * `practice` below is to be made here too.
 */
export const spanishPracticeTexts: Omit<PracticeTexts, "mapTitle"> = {
  parkingAndAccessibility:
    "Hay estacionamiento gratuito detrás del edificio y a lo largo de Main Street. Nuestra oficina está en la planta baja, con una entrada sin escalones y un baño accesible. Si necesita alguna otra adaptación, díganos al programar su cita y con gusto le ayudaremos.",
  newPatientInfo: {
    title: "Información para pacientes nuevos",
    text: "Aceptamos la mayoría de los planes de seguro médico principales y ofrecemos opciones de pago flexibles, como el pago por cuenta propia y la consejería pagada por el obispo. ¿No sabe qué cubre su plan? Llame a nuestra línea de facturación y le ayudaremos a revisar sus beneficios antes de su primera visita.",
  },
  replyPromise: "Le responderemos en un plazo de 24 horas o de un día hábil.",
};

/** The contact page's map around a point: an embedded view and a link to a larger one. */
export function mapAround(latitude: number, longitude: number, city: string): Practice["map"] {
  const box = [longitude - 0.007, latitude - 0.004, longitude + 0.007, latitude + 0.004].map((value) => value.toFixed(4)).join("%2C");
  return {
    embedUrl: `https://www.openstreetmap.org/export/embed.html?bbox=${box}&layer=mapnik&marker=${latitude}%2C${longitude}`,
    largerMapUrl: `https://www.openstreetmap.org/?mlat=${latitude}&mlon=${longitude}#map=17/${latitude}/${longitude}`,
    title: `Map showing our office in ${city}`,
  };
}

const latitude = 37.6775;
const longitude = -113.0619;

export const practice: Practice = {
  name: "Red Cliffs Counseling & Wellness",
  shortName: "Red Cliffs Counseling",
  motto: "Learn. Heal. Grow. Strengthen.",
  city: "Cedar City",
  state: "Utah",
  phone: { display: "(435) 555-0142", href: "tel:+14355550142", textHref: "sms:+14355550142" },
  billingPhone: { display: "(435) 555-0178", href: "tel:+14355550178" },
  email: "hello@redcliffscounseling.example",
  billingEmail: "billing@redcliffscounseling.example",
  address: {
    streetAddress: "210 N Main Street, Suite 4",
    addressLocality: "Cedar City",
    addressRegion: "UT",
    postalCode: "84720",
    addressCountry: "US",
    lines: ["210 N Main Street, Suite 4", "Cedar City, UT 84720"],
  },
  geo: { latitude, longitude },
  officeHours: [
    {
      label: "Monday-Thursday",
      hours: "10AM-5PM",
      days: ["Monday", "Tuesday", "Wednesday", "Thursday"],
      opens: "10:00",
      closes: "17:00",
    },
    { label: "Friday", hours: "10AM-4PM", days: ["Friday"], opens: "10:00", closes: "16:00" },
  ],
  officeHoursNote: "Evenings by request",
  // External and expected to change per deployment; the link always opens in a new tab.
  patientPortalUrl: "https://portal.example.com/red-cliffs",
  map: mapAround(latitude, longitude, "Cedar City"),
  parkingAndAccessibility:
    "Free parking is available behind the building and along Main Street. Our office is on the ground floor with a step-free entrance and an accessible restroom. If you need any other accommodation, let us know when you schedule and we will be glad to help.",
  newPatientInfo: {
    title: "New Patient Information",
    text: "We accept most major insurance plans and offer flexible payment options, including self-pay and bishop-paid counseling. Not sure what your plan covers? Call our billing line and we will help you check your benefits before your first visit.",
  },
  replyPromise: "We'll get back to you within 24 hours, or one business day.",
  copyrightYear: 2025,
  timeZone: "America/Denver",
  credentialBadges: [
    {
      id: "licensed-clinicians",
      label: "Licensed Utah Clinicians",
      description: "LCSW, CMHC, LMFT and licensed psychologists",
      spanish: {
        label: "Profesionales clínicos con licencia en Utah",
        description: "LCSW, CMHC, LMFT y profesionales de la psicología con licencia",
      },
    },
    {
      id: "emdr-trained",
      label: "EMDR-Trained Clinicians",
      description: "Trauma-focused care from clinicians trained in EMDR",
      spanish: {
        label: "Profesionales con formación en EMDR",
        description: "Atención centrada en el trauma, con profesionales formados en EMDR",
      },
    },
    {
      id: "hipaa-telehealth",
      label: "HIPAA-Compliant Telehealth",
      description: "Secure, private video sessions anywhere in Utah",
      spanish: { label: "Telesalud conforme a HIPAA", description: "Sesiones por video seguras y privadas en todo Utah" },
    },
    {
      id: "evidence-based",
      label: "Evidence-Based Care",
      description: "DBT, IFS, EMDR and Motivational Interviewing",
      spanish: { label: "Atención basada en la evidencia", description: "DBT, IFS, EMDR y Entrevista Motivacional" },
    },
    {
      id: "professional-associations",
      label: "Professional Association Members",
      description: "Clinicians who follow their professions' codes of ethics",
      spanish: {
        label: "Miembros de asociaciones profesionales",
        description: "Profesionales que siguen el código de ética de su profesión",
      },
    },
  ],
  therapyApproaches: [
    {
      id: "dbt",
      abbreviation: "DBT",
      name: "Dialectical Behavior Therapy",
      description:
        "A skills-based therapy that balances acceptance and change. It teaches practical skills in mindfulness, distress tolerance, emotion regulation and relationships to help you handle intense emotions.",
    },
    {
      id: "ifs",
      abbreviation: "IFS",
      name: "Internal Family Systems",
      description:
        "A gentle approach that sees the mind as made up of different parts, each trying to help in its own way. You learn to understand those parts with curiosity and compassion, and to heal the ones carrying pain.",
    },
    {
      id: "emdr",
      abbreviation: "EMDR",
      name: "Eye Movement Desensitization and Reprocessing",
      description:
        "A structured therapy for trauma and distressing memories. While you briefly focus on a memory, guided eye movements or other back-and-forth stimulation help your brain process it so it feels less intense.",
    },
    {
      id: "motivational-interviewing",
      abbreviation: "MI",
      name: "Motivational Interviewing",
      description:
        "A collaborative, non-judgmental conversation that helps you explore your own reasons for change. It strengthens your motivation and confidence when you feel stuck or unsure.",
    },
  ],
};

export const emergency911: CrisisLine = {
  id: "emergency",
  name: "Emergency",
  number: "911",
  href: "tel:911",
  description: "If you or someone else is in immediate danger, call 911.",
  // Named by issue 43; no promise of a Spanish-speaking dispatcher (decision 044).
  spanish: { name: "Emergencias", description: "Si usted u otra persona está en peligro inmediato, llame al 911." },
};

export const lifeline988: CrisisLine = {
  id: "988-lifeline",
  name: "988 Suicide & Crisis Lifeline",
  number: "988",
  href: "tel:988",
  textHref: "sms:988",
  description: "Call or text 988, or chat at 988lifeline.org. Free, confidential support 24/7 for anyone in emotional distress.",
  // Its own statement (988lifeline.org, "What to expect", read 2026-12-02): "Spanish-language
  // (Press 2)" on a call, the word AYUDA by text (decision 044).
  spanish: {
    name: "988 Línea de Prevención del Suicidio y Crisis",
    description:
      "Llame al 988 y oprima 2 para hablar en español, o envíe AYUDA por mensaje de texto al 988. Apoyo gratuito y confidencial, las 24 horas, para cualquier persona con angustia emocional.",
    inSpanish: "En español: llame y oprima 2, o envíe AYUDA por texto.",
    // "?&body=" is the form both phones' messaging apps read.
    textHref: "sms:988?&body=AYUDA",
  },
};

const domesticViolenceHotline: CrisisLine = {
  id: "domestic-violence-hotline",
  name: "National Domestic Violence Hotline",
  number: "1-800-799-7233",
  href: "tel:+18007997233",
  description: "Confidential support 24/7 for anyone affected by abuse. You can also text START to 88788.",
};

export const footerCrisisLines: Array<CrisisLine> = [
  emergency911,
  lifeline988,
  {
    id: "safeut",
    name: "SafeUT Crisis Line",
    number: "833-372-3388",
    href: "tel:+18333723388",
    description:
      "Free, confidential crisis support 24/7 by phone, chat or the SafeUT app for Utah students, including Southern Utah University.",
  },
  domesticViolenceHotline,
];

export const emergencyCrisisLines: Array<CrisisLine> = [
  emergency911,
  lifeline988,
  {
    id: "utah-crisis-line",
    name: "Utah Crisis Line",
    number: "801-587-3000",
    href: "tel:+18015873000",
    description: "Answered 24/7 by crisis counselors at the Huntsman Mental Health Institute for anyone in Utah.",
  },
  domesticViolenceHotline,
];
