/**
 * The languages of the public site (issue 43, decision 047): English where the site has always
 * been, Spanish under /es. The admin stays in English.
 */
export const languages = ["en", "es"] as const;
export type Language = (typeof languages)[number];

/** A language of the site from a posted or stored value; anything else is English. */
export function languageOf(value: unknown): Language {
  return languages.find((language) => language === value) ?? "en";
}

/** Each language's name as the admin (in English) says it: "Wrote in Spanish". */
export const languageNames: Readonly<Record<Language, string>> = { en: "English", es: "Spanish" };

/** The language of a public address: Spanish at /es and below it, else English. */
export function languageOfPath(pathname: string): Language {
  return pathname === "/es" || pathname.startsWith("/es/") ? "es" : "en";
}

/** The English address of a page at `pathname` in either language ("/es/about" is "/about"). */
export function englishPathOf(pathname: string): string {
  if (languageOfPath(pathname) === "en") return pathname;
  return pathname.slice("/es".length) || "/";
}

/** A route's path pattern without its language's prefix ("es/services/:slug" is "services/:slug"). */
export function englishPatternOf(pattern: string): string {
  return pattern.replace(/^\/?es(\/|$)/, "/");
}

/** An English address in `language`: "/about" is "/es/about" in Spanish, "/" is "/es". */
export function pathIn(language: Language, englishPath: string): string {
  if (language === "en") return englishPath;
  return englishPath === "/" ? "/es" : `/es${englishPath}`;
}
