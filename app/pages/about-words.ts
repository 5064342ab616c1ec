import type { Language } from "#app/i18n/languages.ts";
import { type WhyChoosePoint, whyChoosePoints } from "./about.ts";
import { spanishWhyChoosePoints } from "./about-spanish.ts";

/**
 * The words the About page's view writes around its texts, and its "Why choose" points (the
 * practice's built-in list), one set per language (decision 047). The Spanish has not yet been
 * reviewed by a Spanish-speaking clinician (README).
 */
export type AboutWords = {
  aboutUs: string;
  heroTitle: (practice: string) => string;
  heroDescription: string;
  ourPhilosophy: string;
  ourMission: string;
  ourVision: string;
  ourApproach: string;
  meetOurTeam: string;
  localTeam: string;
  telehealthTeam: string;
  whyChoose: (practice: string) => string;
  whyChoosePoints: ReadonlyArray<WhyChoosePoint>;
  ctaTitle: string;
  ctaDescription: string;
};

const english: AboutWords = {
  aboutUs: "About Us",
  heroTitle: (practice) => `About ${practice}`,
  heroDescription: "Compassionate, evidence-based care in Cedar City and across Utah by telehealth.",
  ourPhilosophy: "Our Philosophy",
  ourMission: "Our Mission",
  ourVision: "Our Vision",
  ourApproach: "Our Approach",
  meetOurTeam: "Meet Our Team",
  localTeam: "Our Cedar City Team",
  telehealthTeam: "Our Telehealth Team",
  whyChoose: (practice) => `Why Choose ${practice}`,
  whyChoosePoints,
  ctaTitle: "Take the first step today",
  ctaDescription: "Have a question, or ready to schedule? Reach out and we will help you find the right therapist for you.",
};

const spanish: AboutWords = {
  aboutUs: "Quiénes somos",
  heroTitle: (practice) => `Conozca ${practice}`,
  heroDescription: "Atención compasiva y basada en la evidencia en Cedar City y en todo Utah por telesalud.",
  ourPhilosophy: "Nuestra filosofía",
  ourMission: "Nuestra misión",
  ourVision: "Nuestra visión",
  ourApproach: "Nuestro enfoque",
  meetOurTeam: "Conozca a nuestro equipo",
  localTeam: "Nuestro equipo en Cedar City",
  telehealthTeam: "Nuestro equipo de telesalud",
  whyChoose: (practice) => `Por qué elegir ${practice}`,
  whyChoosePoints: spanishWhyChoosePoints,
  ctaTitle: "Dé el primer paso hoy",
  ctaDescription:
    "¿Tiene alguna pregunta o quiere programar una cita? Comuníquese con nosotros y le ayudaremos a encontrar la persona indicada para su terapia.",
};

export const aboutWords: Readonly<Record<Language, AboutWords>> = { en: english, es: spanish };
