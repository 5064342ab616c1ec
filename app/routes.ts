import { type RouteConfig, index, layout, route } from "@react-router/dev/routes";

export default [
  route("robots.txt", "routes/robots.ts"),
  route("sitemap.xml", "routes/sitemap.ts"),
  route("api/inquiries", "routes/api-inquiries.ts"),
  layout("routes/public-layout.tsx", [
    index("routes/home.tsx"),
    route("about", "routes/about.tsx"),
    route("resources", "routes/resources.tsx"),
    route("contact", "routes/contact.tsx"),
    route("services/:slug", "routes/service.tsx"),
    route("*", "routes/not-found.tsx"),
  ]),
] satisfies RouteConfig;
