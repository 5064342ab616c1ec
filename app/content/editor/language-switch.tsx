import type { ReactNode } from "react";

/**
 * "English | Spanish" above a form whose texts are kept in each language (decision 047), with
 * what to say beside it (a translation's status). One row on a phone too: the form's first field
 * stays on its first screen.
 */
export function LanguageSwitch({
  edited,
  englishHref,
  spanishHref,
  children,
}: {
  edited: "en" | "es";
  englishHref: string;
  spanishHref: string;
  children?: ReactNode;
}) {
  const links = [
    { language: "en", label: "English", href: englishHref },
    { language: "es", label: "Spanish", href: spanishHref },
  ] as const;
  return (
    <div className="flex items-center gap-3">
      <nav aria-label="Language of the texts" className="flex shrink-0 gap-2">
        {links.map((link) => (
          <a
            key={link.language}
            href={link.href}
            aria-current={link.language === edited ? "page" : undefined}
            className="btn-quiet aria-[current=page]:bg-brand aria-[current=page]:text-white"
          >
            {link.label}
          </a>
        ))}
      </nav>
      {children ? <p className="min-w-0 text-sm text-ink">{children}</p> : null}
    </div>
  );
}
