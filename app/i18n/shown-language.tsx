import { createContext, type ReactNode, useContext } from "react";
import type { Language } from "./languages.ts";

/**
 * The language a page's own texts are shown in, which its view writes its words in too: the
 * page's language once the page is translated, English until then (the layout marks that block
 * `lang="en"`, decision 047). On a translated page, the items still in English (a member added
 * since) are named, so their blocks say so.
 */
type ShownLanguage = { language: Language; englishItems: ReadonlyArray<string> };

const ShownLanguageContext = createContext<ShownLanguage>({ language: "en", englishItems: [] });

export const ShownLanguageProvider = ShownLanguageContext.Provider;

export function useShownLanguage(): Language {
  return useContext(ShownLanguageContext).language;
}

/** The `lang` of an item's block: "en" for an item still in English on a page shown in another language. */
export function useItemLang(): (id: string) => "en" | undefined {
  const { language, englishItems } = useContext(ShownLanguageContext);
  return (id) => (language !== "en" && englishItems.includes(id) ? "en" : undefined);
}

/**
 * An item still in English on a page in another language (a member added since it was
 * translated): what its parts write themselves (a badge, a photo's default description) is in
 * English too, as its block says (`lang="en"`).
 */
export function InEnglish({ when, children }: { when: boolean; children: ReactNode }) {
  return when ? <ShownLanguageProvider value={{ language: "en", englishItems: [] }}>{children}</ShownLanguageProvider> : children;
}

/**
 * The `lang` of a text kept as published, in English, in every language (a member's credentials,
 * a license type, a licensing board): "en" where the page around it is shown in another language.
 */
export function useAsPublishedLang(): "en" | undefined {
  return useShownLanguage() === "en" ? undefined : "en";
}

/** A member's credentials ("PhD, Licensed Psychologist"), as published: marked English on a page in another language. */
export function Credentials({ text, className }: { text: string; className: string }) {
  const lang = useAsPublishedLang();
  return text ? (
    <p lang={lang} className={className}>
      {text}
    </p>
  ) : null;
}
