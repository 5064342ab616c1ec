import type { Language } from "#app/i18n/languages.ts";

/**
 * The words the home page's view writes around its texts, and the therapy approaches it
 * describes (the practice's built-in list), one set per language (decision 047). The Spanish has
 * not yet been reviewed by a Spanish-speaking clinician (README).
 */
export type HomepageWords = {
  makeAppointment: string;
  patientPortal: string;
  opensInNewTab: string;
  aboutUs: string;
  meetOurTeam: string;
  learnMore: string;
  /** The office picture's description (the bundled picture's own is English). */
  officeImageAlt: string | undefined;
  crisisTitle: string;
  crisisIntro: string;
  /** The approaches by their id in the practice's list: their name and description (the abbreviation stays). */
  approaches: Readonly<Record<string, { name: string; description: string }>>;
};

const english: HomepageWords = {
  makeAppointment: "MAKE AN APPOINTMENT",
  patientPortal: "PATIENT PORTAL",
  opensInNewTab: "(opens in a new tab)",
  aboutUs: "About us",
  meetOurTeam: "Meet our team",
  learnMore: "Learn more",
  // The picture's own description (bundled-images.ts).
  officeImageAlt: undefined,
  crisisTitle: "In Crisis? Help Is Available Now",
  crisisIntro:
    "If you or someone you love is in danger or thinking about suicide, please do not wait for an appointment. These lines are free, confidential and open 24 hours a day.",
  // The English names and descriptions are the practice's own (practice.ts).
  approaches: {},
};

const spanish: HomepageWords = {
  makeAppointment: "PROGRAMAR UNA CITA",
  patientPortal: "PORTAL DEL PACIENTE",
  opensInNewTab: "(se abre en una pestaña nueva)",
  aboutUs: "Quiénes somos",
  meetOurTeam: "Conozca a nuestro equipo",
  learnMore: "Más información",
  officeImageAlt: "Ilustración abstracta de una habitación tranquila con una planta y una ventana que da a unos acantilados rojos",
  crisisTitle: "¿Está en crisis? Hay ayuda ahora mismo",
  crisisIntro:
    "Si usted o alguien a quien quiere está en peligro o piensa en el suicidio, no espere a tener una cita. Estas líneas son gratuitas, confidenciales y atienden las 24 horas del día.",
  approaches: {
    dbt: {
      name: "Terapia dialéctico-conductual",
      description:
        "Una terapia basada en habilidades que equilibra la aceptación y el cambio. Enseña habilidades prácticas de atención plena, tolerancia al malestar, regulación de las emociones y relaciones para ayudarle a manejar emociones intensas.",
    },
    ifs: {
      name: "Sistemas de la Familia Interna",
      description:
        "Un enfoque amable que ve la mente como formada por distintas partes, cada una tratando de ayudar a su manera. Usted aprende a comprender esas partes con curiosidad y compasión, y a sanar las que cargan con dolor.",
    },
    emdr: {
      name: "Desensibilización y reprocesamiento por movimientos oculares",
      description:
        "Una terapia estructurada para el trauma y los recuerdos angustiantes. Mientras usted se concentra brevemente en un recuerdo, movimientos oculares guiados u otra estimulación alternada ayudan a su cerebro a procesarlo para que se sienta menos intenso.",
    },
    "motivational-interviewing": {
      name: "Entrevista motivacional",
      description:
        "Una conversación en colaboración y sin juicios que le ayuda a explorar sus propias razones para cambiar. Fortalece su motivación y su confianza cuando se siente estancado o inseguro.",
    },
  },
};

export const homepageWords: Readonly<Record<Language, HomepageWords>> = { en: english, es: spanish };
