import { sitemapPathsWith } from "#app/content/public-paths.ts";
import { listedPaths, pathsAlsoInSpanish } from "#app/content/listed-paths.server.ts";
import { languages, pathIn } from "#app/i18n/languages.ts";
import { getDb } from "#app/server/db/db.server.ts";
import { getConfig } from "#app/server/config.server.ts";

/**
 * Every public page, and for one that is a page of its own in Spanish too, its Spanish address,
 * each naming the other as its alternate (decision 047).
 */
export async function loader() {
  const origin = getConfig().linkOrigin;
  const db = await getDb();
  const [listed, inSpanish] = await Promise.all([listedPaths(db), pathsAlsoInSpanish(db)]);
  const urls = sitemapPathsWith(listed)
    .flatMap((path) => {
      if (!inSpanish.has(path)) return [`  <url><loc>${origin}${path}</loc></url>`];
      const alternates = languages
        .map((language) => `<xhtml:link rel="alternate" hreflang="${language}" href="${origin}${pathIn(language, path)}"/>`)
        .join("");
      return languages.map((language) => `  <url><loc>${origin}${pathIn(language, path)}</loc>${alternates}</url>`);
    })
    .join("\n");
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls}\n</urlset>\n`;
  return new Response(body, { headers: { "Content-Type": "application/xml; charset=utf-8" } });
}
