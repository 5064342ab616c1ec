// The live services' names on a page in another language (decision 047): each service's
// translated title (its published translation's, else the one it comes with), and for a built-in
// service whose card line staff never changed, the built-in translation of that line.
import type { ServiceLink } from "./collections.ts";
import { isPageName } from "./pages.ts";
import { publishedTranslationsOf } from "./page-store.server.ts";
import { propertyOf } from "#app/lib/property-of.ts";
import type { Language } from "#app/i18n/languages.ts";
import { services as builtInServices } from "#app/pages/services.ts";
import { spanishServiceTexts } from "#app/pages/services-spanish.ts";
import type { Db } from "#app/server/db/db.server.ts";

export async function servicesIn(db: Db, services: ReadonlyArray<ServiceLink>, language: Language): Promise<Array<ServiceLink>> {
  if (language === "en") return [...services];
  // Every Spanish page names them all: one query for the list, not one per service.
  const translations = await publishedTranslationsOf(db, services.map((service) => service.id).filter(isPageName), language);
  return services.map((service) => {
    const title = propertyOf(isPageName(service.id) ? translations.get(service.id) : undefined, "title");
    return typeof title === "string" && title.trim() ? { ...service, translated: { title, summary: builtInSummary(service) } } : service;
  });
}

/** A built-in service's card line in Spanish, while its English is still the built-in one. */
function builtInSummary(service: ServiceLink): string | null {
  const builtIn = builtInServices.find((each) => each.slug === service.id);
  if (!builtIn || builtIn.cardDescription !== service.summary) return null;
  return spanishServiceTexts[builtIn.slug].cardDescription;
}
