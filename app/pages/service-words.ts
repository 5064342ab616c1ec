import type { Language } from "#app/i18n/languages.ts";

/**
 * The words a service page's view writes around the service's texts, one set per language
 * (decision 047). The Spanish has not yet been reviewed by a Spanish-speaking clinician (README).
 */
export type ServicePageWords = {
  ourServices: string;
  benefits: string;
  whoItHelps: string;
  whatToExpect: string;
  step: (number: number) => string;
  additionalInformation: string;
  therapistsFor: (service: string) => string;
  readyToStart: string;
  readyToStartText: string;
  schedule: string;
  otherServices: string;
};

const english: ServicePageWords = {
  ourServices: "Our Services",
  benefits: "Benefits",
  whoItHelps: "Who It Helps",
  whatToExpect: "What to Expect",
  step: (number) => `Step ${number}`,
  additionalInformation: "Additional Information",
  therapistsFor: (service) => `Therapists for ${service}`,
  readyToStart: "Ready to get started?",
  readyToStartText: "Reach out and we will help you find the right clinician and a time that works for you.",
  schedule: "Schedule Your Appointment",
  otherServices: "Other Services",
};

const spanish: ServicePageWords = {
  ourServices: "Nuestros servicios",
  benefits: "Beneficios",
  whoItHelps: "A quién ayuda",
  whatToExpect: "Qué esperar",
  step: (number) => `Paso ${number}`,
  additionalInformation: "Información adicional",
  therapistsFor: (service) => `Terapeutas para ${service}`,
  readyToStart: "¿Quiere dar el primer paso?",
  readyToStartText: "Comuníquese con nosotros y le ayudaremos a encontrar al profesional adecuado y un horario que le convenga.",
  schedule: "Programe su cita",
  otherServices: "Otros servicios",
};

export const servicePageWords: Readonly<Record<Language, ServicePageWords>> = { en: english, es: spanish };
