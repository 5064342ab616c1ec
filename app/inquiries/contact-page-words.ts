import type { Language } from "#app/i18n/languages.ts";

/**
 * The contact page's own words around the form and the practice's details, one set per language
 * (decision 047). Server-rendered only: nothing here reaches the form's script. The practice's
 * texts it shows (the reply promise, hours, parking, new-patient note) are content, in English
 * until translated.
 */
export type ContactPageWords = {
  title: string;
  /** The hero's line before the practice's reply promise. */
  intro: string;
  metaDescription: (phone: string) => string;
  sendUsAMessage: string;
  notForEmergencies: string;
  /** "If you are in danger, call [911] now. If you are thinking about suicide or are in crisis, call [988] or text [988] any time, day or night." */
  emergencyNote: [beforeEmergency: string, beforeCall: string, beforeText: string, end: string];
  errorSending: string;
  visitOurOffice: string;
  largerMap: string;
  opensInNewTab: string;
  inAnEmergency: string;
  emergencyIntro: string;
  details: {
    getInTouch: string;
    phone: string;
    callOr: string;
    sendAText: string;
    email: string;
    officeAddress: string;
    officeHours: string;
    billing: string;
    billingQuestions: string;
  };
};

const english: ContactPageWords = {
  title: "Contact Us",
  intro: "We would love to hear from you. Call, text or send a message, and we will help you take the next step.",
  metaDescription: (phone) => `Call or text ${phone}, or send us a message to schedule counseling in Cedar City, Utah or by telehealth.`,
  sendUsAMessage: "Send Us a Message",
  notForEmergencies: "This form is not for emergencies.",
  emergencyNote: [
    " If you are in danger, call ",
    " now. If you are thinking about suicide or are in crisis, call ",
    " or text ",
    " any time, day or night.",
  ],
  errorSending: "Error sending message",
  visitOurOffice: "Visit Our Office",
  largerMap: "View a larger map",
  opensInNewTab: " (opens in a new tab)",
  inAnEmergency: "In an Emergency",
  emergencyIntro: "Our office cannot respond to emergencies. If you or someone else is in danger or in crisis, reach out now:",
  details: {
    getInTouch: "Get in Touch",
    phone: "Phone",
    callOr: "Call, or ",
    sendAText: "send a text",
    email: "Email",
    officeAddress: "Office Address",
    officeHours: "Office Hours",
    billing: "Billing",
    billingQuestions: "Questions about insurance, statements or payments",
  },
};

// Not yet reviewed by a Spanish-speaking clinician (issue 43 asks for it before /es is public).
const spanish: ContactPageWords = {
  title: "Contáctenos",
  intro: "Nos encantaría saber de usted. Llame, envíe un texto o escríbanos un mensaje, y le ayudaremos a dar el siguiente paso.",
  metaDescription: (phone) =>
    `Llame o envíe un texto al ${phone}, o escríbanos un mensaje para programar consejería en Cedar City, Utah, o por telesalud.`,
  sendUsAMessage: "Envíenos un mensaje",
  notForEmergencies: "Este formulario no es para emergencias.",
  emergencyNote: [
    " Si está en peligro, llame al ",
    " ahora. Si está pensando en el suicidio o está en crisis, llame al ",
    " y oprima 2 para hablar en español, o envíe AYUDA por texto al ",
    ", a cualquier hora, de día o de noche.",
  ],
  errorSending: "No se pudo enviar el mensaje",
  visitOurOffice: "Visite nuestra oficina",
  largerMap: "Ver un mapa más grande",
  opensInNewTab: " (se abre en una pestaña nueva)",
  inAnEmergency: "En una emergencia",
  emergencyIntro: "Nuestra oficina no puede atender emergencias. Si usted u otra persona está en peligro o en crisis, pida ayuda ahora:",
  details: {
    getInTouch: "Comuníquese con nosotros",
    phone: "Teléfono",
    callOr: "Llame, o ",
    sendAText: "envíe un texto",
    email: "Correo electrónico",
    officeAddress: "Dirección de la oficina",
    officeHours: "Horario de oficina",
    billing: "Facturación",
    billingQuestions: "Preguntas sobre seguro médico, estados de cuenta o pagos",
  },
};

export const contactPageWords: Readonly<Record<Language, ContactPageWords>> = { en: english, es: spanish };
