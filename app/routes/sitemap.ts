import { sitemapPathsWith } from "#app/content/public-paths.ts";
import { listedPaths } from "#app/content/listed-paths.server.ts";
import { getDb } from "#app/server/db/db.server.ts";
import { getConfig } from "#app/server/config.server.ts";

export async function loader() {
  const origin = getConfig().linkOrigin;
  const urls = sitemapPathsWith(await listedPaths(await getDb()))
    .map((path) => `  <url><loc>${origin}${path}</loc></url>`)
    .join("\n");
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
  return new Response(body, { headers: { "Content-Type": "application/xml; charset=utf-8" } });
}
