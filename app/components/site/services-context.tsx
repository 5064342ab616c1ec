import { createContext, useContext } from "react";
import type { ServiceLink } from "#app/content/collections.ts";
import type { Language } from "#app/i18n/languages.ts";

/**
 * The live services in the order staff set (app/content/collection-store.server.ts), given by the
 * public layout and the editor's preview to the header's menus, the home page's grid, the service
 * pages and the contact form. Empty where nobody gives them (nothing here ships the built-in list
 * to a browser).
 */
const ServicesContext = createContext<ReadonlyArray<ServiceLink>>([]);

export const ServicesProvider = ServicesContext.Provider;

export function useServices(): ReadonlyArray<ServiceLink> {
  return useContext(ServicesContext);
}

/**
 * A service's name and card line as a part of a page in `language` shows them (the header in the
 * page's language, a view in the language its texts are shown in), each with the `lang` of a
 * text still in English there.
 */
export function serviceTextIn(
  service: ServiceLink,
  language: Language,
): { title: string; titleLang: "en" | undefined; summary: string; summaryLang: "en" | undefined } {
  if (language === "en") return { title: service.title, titleLang: undefined, summary: service.summary, summaryLang: undefined };
  const translated = service.translated;
  return {
    title: translated?.title ?? service.title,
    titleLang: translated ? undefined : "en",
    summary: translated?.summary ?? service.summary,
    summaryLang: translated?.summary ? undefined : "en",
  };
}

/** Each translated service's name in `language`, by its English name: how the contact form names the value it sends. */
export function translatedServiceNames(services: ReadonlyArray<ServiceLink>, language: Language): Record<string, string> {
  return Object.fromEntries(
    services.flatMap((service) => {
      const { title, titleLang } = serviceTextIn(service, language);
      return titleLang ? [] : [[service.title, title]];
    }),
  );
}
