import type { Language } from "#app/i18n/languages.ts";
import type { PaymentMethod } from "./contact-options.ts";

/**
 * What the contact form and its answers say, one set per language (decision 047): its labels and
 * choices, the messages of its checks (the schema is made from them, so the browser and the server
 * refuse in the same words), its toasts, the panel shown once a message went, and the server's
 * refusals. The values posted and stored stay the English ones ("Insurance", "Other"); only what
 * a visitor reads changes. The island ships both sets (a few hundred bytes): a Spanish page loads
 * the same script as its English one.
 */
export type ContactFormWords = {
  labels: {
    firstName: string;
    lastName: string;
    email: string;
    phone: string;
    subject: string;
    paymentMethod: string;
    insuranceCompany: string;
    message: string;
    /** The hidden bot trap's label (people never see it; a screen reader skips it). */
    honeypot: string;
  };
  /** How a field is named inside a message ("First name must be at most 100 characters."). */
  fieldNames: { firstName: string; lastName: string; phone: string; subject: string; insuranceCompany: string; message: string };
  chooseService: string;
  choosePaymentMethod: string;
  otherSubject: string;
  paymentMethods: Readonly<Record<PaymentMethod, string>>;
  send: string;
  sending: string;
  /** The note of a form opened from a therapist's page: before and after their name. */
  forTherapist: [before: string, after: string];
  askAboutAnyone: string;
  errors: {
    firstNameRequired: string;
    lastNameRequired: string;
    email: string;
    phoneRequired: string;
    phoneCharacters: string;
    subject: string;
    paymentMethod: string;
    tooLong: (field: string, max: number) => string;
    notAllowed: (field: string) => string;
  };
  sent: string;
  sentDescription: string;
  errorTitle: string;
  tryAgainOrCall: (phone: string) => string;
  failedToSend: string;
  whatHappensNext: [lead: string, text: string];
  callUs: (phone: string) => string;
  textUs: string;
  inCrisis: [lead: string, text: string];
  /** Before 911 among the crisis buttons of the sent panel ("Call 911"). */
  callEmergency: string;
  unreadable: (phone: string) => string;
  expired: string;
  tooMany: (minutes: number, phone: string) => string;
  couldNotSave: (phone: string) => string;
};

// The specification's words, as they have always been.
const english: ContactFormWords = {
  labels: {
    firstName: "First Name",
    lastName: "Last Name",
    email: "Email",
    phone: "Phone",
    subject: "Service Interested In",
    paymentMethod: "Payment Method",
    insuranceCompany: "Insurance Company",
    message: "Message",
    honeypot: "Leave this field empty",
  },
  fieldNames: {
    firstName: "First name",
    lastName: "Last name",
    phone: "Phone number",
    subject: "Service",
    insuranceCompany: "Insurance company",
    message: "Message",
  },
  chooseService: "Select a service",
  choosePaymentMethod: "Select a payment method",
  otherSubject: "Other",
  paymentMethods: { Insurance: "Insurance", "Self-Pay": "Self-Pay", "Bishop Pay": "Bishop Pay", "Not Applicable": "Not Applicable" },
  send: "Send Message",
  sending: "Sending...",
  forTherapist: ["Your message will say you would like to see ", "."],
  askAboutAnyone: "Ask about any of our therapists instead",
  errors: {
    firstNameRequired: "First name is required.",
    lastNameRequired: "Last name is required.",
    email: "Please enter a valid email address.",
    phoneRequired: "Phone number is required.",
    phoneCharacters: "Phone number may contain only digits, spaces and + ( ) - . (use x or ext for an extension).",
    subject: "Please select a service.",
    paymentMethod: "Please select a payment method.",
    tooLong: (field, max) => `${field} must be at most ${max} characters.`,
    notAllowed: (field) => `${field} contains characters that are not allowed.`,
  },
  sent: "Message sent successfully!",
  sentDescription: "We'll get back to you within 24 hours.",
  errorTitle: "Error sending message",
  tryAgainOrCall: (phone) => `Please try again or call us directly at ${phone}`,
  failedToSend: "Failed to send message",
  whatHappensNext: [
    "What happens next:",
    "someone from our office will call or e-mail you, usually within one business day, to answer your questions and find a time that suits you. To talk sooner, reach us during office hours:",
  ],
  callUs: (phone) => `Call ${phone}`,
  textUs: "Text us",
  inCrisis: ["If you are in crisis", ", don't wait for us: help is there any time, day or night."],
  callEmergency: "Call",
  unreadable: (phone) => `We could not read the form. Please try again or call us directly at ${phone}.`,
  expired: "This form has expired. Please send it again.",
  tooMany: (minutes, phone) =>
    `You have sent several messages in a short time. Please wait about ${minutes} minute${minutes === 1 ? "" : "s"} and try again, or call us directly at ${phone}.`,
  couldNotSave: (phone) => `We could not save your message. Please try again or call us directly at ${phone}.`,
};

// Written for the practice's visitors (usted, plain words); not yet reviewed by a
// Spanish-speaking clinician (issue 43 asks for it before /es is public).
const spanish: ContactFormWords = {
  labels: {
    firstName: "Nombre",
    lastName: "Apellido",
    email: "Correo electrónico",
    phone: "Teléfono",
    subject: "Servicio que le interesa",
    paymentMethod: "Forma de pago",
    insuranceCompany: "Compañía de seguro médico",
    message: "Mensaje",
    honeypot: "Deje este campo vacío",
  },
  fieldNames: {
    firstName: "Nombre",
    lastName: "Apellido",
    phone: "Teléfono",
    subject: "Servicio",
    insuranceCompany: "Compañía de seguro médico",
    message: "Mensaje",
  },
  chooseService: "Seleccione un servicio",
  choosePaymentMethod: "Seleccione una forma de pago",
  otherSubject: "Otro",
  paymentMethods: {
    Insurance: "Seguro médico",
    "Self-Pay": "Pago por cuenta propia",
    "Bishop Pay": "Pago del obispo (Bishop Pay)",
    "Not Applicable": "No corresponde",
  },
  send: "Enviar mensaje",
  sending: "Enviando...",
  forTherapist: ["Su mensaje dirá que desea una cita con ", "."],
  askAboutAnyone: "Prefiero preguntar por cualquiera de sus terapeutas",
  errors: {
    firstNameRequired: "Escriba su nombre.",
    lastNameRequired: "Escriba su apellido.",
    email: "Escriba un correo electrónico válido.",
    phoneRequired: "Escriba su número de teléfono.",
    phoneCharacters: "El teléfono solo puede tener dígitos, espacios y + ( ) - . (para una extensión, use x o ext).",
    subject: "Seleccione un servicio.",
    paymentMethod: "Seleccione una forma de pago.",
    tooLong: (field, max) => `El campo «${field}» admite como máximo ${max} caracteres.`,
    notAllowed: (field) => `El campo «${field}» tiene caracteres que no se permiten.`,
  },
  sent: "¡Mensaje enviado!",
  sentDescription: "Le responderemos en un plazo de 24 horas.",
  errorTitle: "No se pudo enviar el mensaje",
  tryAgainOrCall: (phone) => `Inténtelo de nuevo o llámenos directamente al ${phone}`,
  failedToSend: "El mensaje no se envió.",
  whatHappensNext: [
    "Qué sigue:",
    "alguien de nuestra oficina le llamará o le escribirá, normalmente en un día hábil, para responder sus preguntas y buscar un horario que le convenga. Para hablar antes, comuníquese con nosotros en horario de oficina:",
  ],
  callUs: (phone) => `Llamar al ${phone}`,
  textUs: "Enviarnos un texto",
  inCrisis: ["Si está en crisis", ", no espere nuestra respuesta: hay ayuda a cualquier hora, de día o de noche."],
  callEmergency: "Llamar al",
  unreadable: (phone) => `No pudimos leer el formulario. Inténtelo de nuevo o llámenos directamente al ${phone}.`,
  expired: "Este formulario venció. Envíelo de nuevo, por favor.",
  tooMany: (minutes, phone) =>
    `Ha enviado varios mensajes en poco tiempo. Espere unos ${minutes} minuto${minutes === 1 ? "" : "s"} y vuelva a intentarlo, o llámenos directamente al ${phone}.`,
  couldNotSave: (phone) => `No pudimos guardar su mensaje. Inténtelo de nuevo o llámenos directamente al ${phone}.`,
};

export const contactFormWords: Readonly<Record<Language, ContactFormWords>> = { en: english, es: spanish };
