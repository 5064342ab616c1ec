import type { ServiceLink } from "#app/content/collections.ts";
import { useShownLanguage } from "#app/i18n/shown-language.tsx";
import { useLocalPath } from "#app/i18n/site-words.ts";
import { serviceTextIn } from "./services-context.tsx";

/** Services as a row of rounded links, each named in the language the page's texts are shown in (a service page's others, an article's related ones). */
export function ServicePills({ services, className }: { services: ReadonlyArray<ServiceLink>; className: string }) {
  const localPath = useLocalPath();
  const shown = useShownLanguage();
  return (
    <ul className={`flex flex-wrap gap-3 ${className}`}>
      {services.map((service) => (
        <li key={service.id}>
          <a
            href={localPath(service.path)}
            lang={serviceTextIn(service, shown).titleLang}
            className="inline-block rounded-full border border-line px-4 py-2 text-sm font-medium text-brand-dark no-underline hover:bg-brand-soft"
          >
            {serviceTextIn(service, shown).title}
          </a>
        </li>
      ))}
    </ul>
  );
}
