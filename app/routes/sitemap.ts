import { sitemapPaths } from "#app/content/public-paths.ts";
import { getConfig } from "#app/server/config.server.ts";

export function loader() {
  const origin = getConfig().linkOrigin;
  const urls = sitemapPaths.map((path) => `  <url><loc>${origin}${path}</loc></url>`).join("\n");
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
  return new Response(body, { headers: { "Content-Type": "application/xml; charset=utf-8" } });
}
