import { getConfig } from "#app/server/config.server.ts";

export function loader() {
  const origin = getConfig().linkOrigin;
  const body = ["User-agent: *", "Allow: /", "Disallow: /admin", "", `Sitemap: ${origin}/sitemap.xml`, ""].join("\n");
  return new Response(body, { headers: { "Content-Type": "text/plain; charset=utf-8" } });
}
