import { sitemapPathsWith } from "#app/content/public-paths.ts";
import { liveServices } from "#app/content/collection-store.server.ts";
import { getDb } from "#app/server/db/db.server.ts";
import { getConfig } from "#app/server/config.server.ts";

export async function loader() {
  const origin = getConfig().linkOrigin;
  const services = await liveServices(await getDb());
  const urls = sitemapPathsWith(services.map((service) => service.path))
    .map((path) => `  <url><loc>${origin}${path}</loc></url>`)
    .join("\n");
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
  return new Response(body, { headers: { "Content-Type": "application/xml; charset=utf-8" } });
}
