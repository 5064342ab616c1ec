import { sitemapPathsWith } from "#app/content/public-paths.ts";
import { lastPublished, listedPaths, pathsAlsoInSpanish } from "#app/content/listed-paths.server.ts";
import { type Language, languages, pathIn } from "#app/i18n/languages.ts";
import { getDb } from "#app/server/db/db.server.ts";
import { getConfig } from "#app/server/config.server.ts";

/**
 * Every public page, and for one that is a page of its own in Spanish too, its Spanish address,
 * each naming the other as its alternate (decision 047), with when it last changed.
 */
export async function loader() {
  const origin = getConfig().linkOrigin;
  const db = await getDb();
  const listed = await listedPaths(db);
  const [inSpanish, changedAt] = await Promise.all([pathsAlsoInSpanish(db), lastPublished(db, listed.team)]);
  // When the page last changed, as a search engine reads it (W3C date-time); none for a page never saved.
  const lastmod = (path: string, language: Language) => {
    const at = changedAt(path, language);
    return at ? `<lastmod>${new Date(at).toISOString().replace(/\.\d{3}Z$/, "Z")}</lastmod>` : "";
  };
  const urls = sitemapPathsWith(listed)
    .flatMap((path) => {
      if (!inSpanish.has(path)) return [`  <url><loc>${origin}${path}</loc>${lastmod(path, "en")}</url>`];
      const alternates = languages
        .map((language) => `<xhtml:link rel="alternate" hreflang="${language}" href="${origin}${pathIn(language, path)}"/>`)
        .join("");
      return languages.map(
        (language) => `  <url><loc>${origin}${pathIn(language, path)}</loc>${lastmod(path, language)}${alternates}</url>`,
      );
    })
    .join("\n");
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls}\n</urlset>\n`;
  return new Response(body, { headers: { "Content-Type": "application/xml; charset=utf-8" } });
}
