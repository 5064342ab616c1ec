import type { Language } from "#app/i18n/languages.ts";
import { practice } from "#app/content/practice.ts";

/**
 * The words the articles' pages write around the practice's texts, one set per language
 * (decision 047). The Spanish has not yet been reviewed by a Spanish-speaking clinician (README).
 */
export type ArticleWords = {
  articles: string;
  articlesIntro: string;
  noArticles: string;
  by: string;
  published: string;
  updated: string;
  minutesToRead: (minutes: number) => string;
  inThisArticle: string;
  relatedServices: string;
  relatedArticles: string;
  talkWithUs: string;
  talkWithUsText: string;
  contactUs: string;
  newer: string;
  older: string;
  pageOf: (page: number, pages: number) => string;
  feed: string;
};

const english: ArticleWords = {
  articles: "Articles",
  articlesIntro: "Answers to questions people bring to counseling, written by our team.",
  noArticles: "No articles yet. Please check back soon.",
  by: "By",
  published: "Published",
  updated: "Updated",
  minutesToRead: (minutes) => `${minutes} min read`,
  inThisArticle: "In this article",
  relatedServices: "Related services",
  relatedArticles: "Related articles",
  talkWithUs: "Would it help to talk?",
  talkWithUsText: "Reach out and we will help you find the right clinician and a time that works for you.",
  contactUs: "Contact Us",
  newer: "Newer articles",
  older: "Older articles",
  pageOf: (page, pages) => `Page ${page} of ${pages}`,
  feed: "Follow new articles (Atom feed)",
};

const spanish: ArticleWords = {
  articles: "Artículos",
  articlesIntro: "Respuestas a preguntas que las personas traen a la consejería, escritas por nuestro equipo.",
  noArticles: "Todavía no hay artículos. Vuelva pronto.",
  by: "Por",
  published: "Publicado",
  updated: "Actualizado",
  minutesToRead: (minutes) => `${minutes} min de lectura`,
  inThisArticle: "En este artículo",
  relatedServices: "Servicios relacionados",
  relatedArticles: "Artículos relacionados",
  talkWithUs: "¿Le ayudaría hablar con alguien?",
  talkWithUsText: "Comuníquese con nosotros y le ayudaremos a encontrar al profesional adecuado y un horario que le funcione.",
  contactUs: "Contáctenos",
  newer: "Artículos más recientes",
  older: "Artículos anteriores",
  pageOf: (page, pages) => `Página ${page} de ${pages}`,
  feed: "Seguir los artículos nuevos (feed Atom)",
};

export const articleWords: Readonly<Record<Language, ArticleWords>> = { en: english, es: spanish };

const dateFormats: Readonly<Record<Language, Intl.DateTimeFormat>> = {
  en: new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: practice.timeZone }),
  es: new Intl.DateTimeFormat("es-US", { dateStyle: "long", timeZone: practice.timeZone }),
};

/** A publication date as the office's calendar has it, in the page's language ("March 1, 2027", "1 de marzo de 2027"). */
export function articleDate(iso: string, language: Language): string {
  return dateFormats[language].format(new Date(iso));
}
