import { createContext, useContext } from "react";
import { type Language, pathIn } from "./languages.ts";

/**
 * The words the site itself writes around the practice's texts (menus, the crisis lines' buttons,
 * the footer's headings, the 404), one set per language. The Spanish set is checked by the
 * compiler to have every entry of the English one. The practice's own texts (pages, the team,
 * the office hours) are content, edited per language (decision 047).
 */
export type SiteWords = {
  skipToContent: string;
  /** What a notice above the page is called to a screen reader. */
  notice: string;
  call: string;
  /** "Text" before a number, or alone beside the phone number it texts. */
  text: string;
  /** Before 911 in the phone's crisis strip, where every character counts ("Call 911"; nothing: "911"). */
  callInStrip: string;
  /**
   * The call button of the 988 Lifeline, saying how to reach its Spanish line where the page
   * speaks Spanish (decision 044): in full, and where every character counts (the phone's strip
   * and menu).
   */
  callLifeline: (number: string) => string;
  /** Two short lines: the call, and how to reach the Spanish line, if the page needs it said. */
  callLifelineShort: (number: string) => readonly [string, string?];
  inCrisis: string;
  inCrisisHelpIsHere: string;
  /** Before 911 in the office bar ("Emergency 911"). */
  emergency: string;
  menu: string;
  closeMenu: string;
  mainNavigation: string;
  mobileNavigation: string;
  home: string;
  about: string;
  services: string;
  resources: string;
  /** The footer's link to the articles, once there are some. */
  articles: string;
  contact: string;
  footer: {
    contact: string;
    officeHours: string;
    billing: string;
    billingQuestions: string;
    crisisResources: string;
    crisisIntro: string;
    credentials: string;
    allRightsReserved: string;
  };
  notFound: {
    /** The page's title (the browser's tab). */
    pageTitle: string;
    eyebrow: string;
    title: string;
    explanation: string;
    returnHome: string;
    needHelp: (emergency: string, lifeline: string) => string;
  };
  somethingWentWrong: string;
  tryAgainOrCall: string;
  /** Above a page of the practice's texts not yet in this language (shown in English). */
  notTranslated: string;
  /** Above a page in this language with some of the practice's texts still in English. */
  partlyTranslated: string;
  /** Under a crisis line not known to answer in this language (decision 044). */
  lineMayAnswerInEnglish: string;
};

const english: SiteWords = {
  skipToContent: "Skip to main content",
  notice: "Notice",
  call: "Call",
  text: "Text",
  callInStrip: "Call",
  callLifeline: (number) => `Call ${number}`,
  callLifelineShort: (number) => [`Call ${number}`],
  inCrisis: "In crisis?",
  inCrisisHelpIsHere: "In crisis? Help is here 24/7.",
  emergency: "Emergency",
  menu: "Menu",
  closeMenu: "Close menu",
  mainNavigation: "Main",
  mobileNavigation: "Mobile",
  home: "Home",
  about: "About",
  services: "Services",
  resources: "Resources",
  articles: "Articles",
  contact: "Contact",
  footer: {
    contact: "Contact",
    officeHours: "Office Hours",
    billing: "Billing",
    billingQuestions: "Billing questions:",
    crisisResources: "Crisis Resources",
    crisisIntro: "If you are in crisis, help is available right now, day or night.",
    credentials: "Credentials",
    allRightsReserved: "All rights reserved.",
  },
  notFound: {
    pageTitle: "Page not found",
    eyebrow: "Error 404",
    title: "Oops! Page not found",
    explanation: "The page you were looking for may have moved, or the address may have a typo.",
    returnHome: "Return to Home",
    needHelp: (emergency, lifeline) =>
      `Need help right now? In an emergency, call ${emergency}. For the Suicide & Crisis Lifeline, call or text ${lifeline}, any time.`,
  },
  somethingWentWrong: "Something went wrong",
  tryAgainOrCall: "Please try again, or call us and we will help.",
  notTranslated: "This page is not translated yet; it is shown in English.",
  partlyTranslated: "Some of this page is not translated yet; it is shown in English.",
  lineMayAnswerInEnglish: "This line may answer only in English.",
};

// Not yet reviewed by a Spanish-speaking clinician (issue 43 asks for it before /es is public).
const spanish: SiteWords = {
  skipToContent: "Saltar al contenido principal",
  notice: "Aviso",
  call: "Llamar",
  text: "Texto",
  callInStrip: "",
  callLifeline: (number) => `Llamar al ${number} y oprimir 2`,
  callLifelineShort: (number) => [`Llamar ${number}`, "oprima 2"],
  inCrisis: "¿En crisis?",
  inCrisisHelpIsHere: "¿En crisis? Hay ayuda las 24 horas, todos los días.",
  emergency: "Emergencias",
  menu: "Menú",
  closeMenu: "Cerrar el menú",
  mainNavigation: "Principal",
  mobileNavigation: "Menú móvil",
  home: "Inicio",
  about: "Quiénes somos",
  services: "Servicios",
  resources: "Recursos",
  articles: "Artículos",
  contact: "Contacto",
  footer: {
    contact: "Contacto",
    officeHours: "Horario de oficina",
    billing: "Facturación",
    billingQuestions: "Preguntas sobre facturación:",
    crisisResources: "Ayuda en crisis",
    crisisIntro: "Si está en crisis, hay ayuda disponible ahora mismo, de día o de noche.",
    credentials: "Acreditaciones",
    allRightsReserved: "Todos los derechos reservados.",
  },
  notFound: {
    pageTitle: "Página no encontrada",
    eyebrow: "Error 404",
    title: "No encontramos esta página",
    explanation: "Es posible que la página se haya movido o que la dirección tenga un error.",
    returnHome: "Volver al inicio",
    needHelp: (emergency, lifeline) =>
      `¿Necesita ayuda ahora mismo? En una emergencia, llame al ${emergency}. Para la Línea de Prevención del Suicidio y Crisis, llame al ${lifeline} y oprima 2, o envíe un mensaje de texto, a cualquier hora.`,
  },
  somethingWentWrong: "Algo salió mal",
  tryAgainOrCall: "Inténtelo de nuevo, o llámenos y le ayudaremos.",
  notTranslated: "Esta página aún no está traducida al español; se muestra en inglés.",
  partlyTranslated: "Parte de esta página aún no está traducida al español; se muestra en inglés.",
  lineMayAnswerInEnglish: "Es posible que esta línea atienda solo en inglés.",
};

export const siteWords: Readonly<Record<Language, SiteWords>> = { en: english, es: spanish };

const LanguageContext = createContext<Language>("en");

/** The language of the page being drawn (the public layout gives it from the address). */
export const LanguageProvider = LanguageContext.Provider;

export function useLanguage(): Language {
  return useContext(LanguageContext);
}

/**
 * The page's language's address of an English one (`pathIn`): a link between the site's pages
 * keeps a visitor in the language they are reading.
 */
export function useLocalPath(): (englishPath: string) => string {
  const language = useContext(LanguageContext);
  return (englishPath) => pathIn(language, englishPath);
}

/**
 * The `lang` of the practice's texts on this page: "en" on a page in another language (they are
 * in English until translated, decision 047), none on an English page.
 */
export function usePracticeTextLang(): "en" | undefined {
  return useContext(LanguageContext) === "en" ? undefined : "en";
}

/** The site's own words in the page's language. */
export function useSiteWords(): SiteWords {
  return siteWords[useContext(LanguageContext)];
}
