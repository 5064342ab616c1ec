import type { Language } from "#app/i18n/languages.ts";

/**
 * The words the Resources page's view writes around its texts, one set per language (decision
 * 047). The books' titles stay as published (English). The Spanish has not yet been reviewed by a
 * Spanish-speaking clinician (README).
 */
export type ResourcesWords = {
  resources: string;
  title: string;
  description: string;
  categories: string;
  /** Before an author's name ("by"). */
  by: string;
  opensInNewTab: string;
  ctaTitle: string;
  ctaDescription: string;
};

const english: ResourcesWords = {
  resources: "Resources",
  title: "Recommended Reading",
  description:
    "Books our therapists often recommend to clients and families. Reading is no substitute for care, but the right book can be a good companion between sessions.",
  categories: "Categories",
  by: "by",
  opensInNewTab: "(opens in a new tab)",
  ctaTitle: "Looking for more than a book?",
  ctaDescription: "If you would like support putting these ideas into practice, our therapists are here to help.",
};

const spanish: ResourcesWords = {
  resources: "Recursos",
  title: "Lecturas recomendadas",
  description:
    "Libros que nuestro equipo clínico suele recomendar a clientes y familias, en su mayoría publicados en inglés. Leer no sustituye la atención profesional, pero el libro adecuado puede acompañarle entre sesiones.",
  categories: "Categorías",
  by: "de",
  opensInNewTab: "(se abre en una pestaña nueva)",
  ctaTitle: "¿Busca algo más que un libro?",
  ctaDescription: "Si desea apoyo para poner en práctica estas ideas, nuestro equipo clínico está aquí para ayudarle.",
};

export const resourcesWords: Readonly<Record<Language, ResourcesWords>> = { en: english, es: spanish };
