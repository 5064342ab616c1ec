import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // Every public page is rendered on the server; the client discovers routes lazily
  // only on the pages that hydrate (contact, admin).
  routeDiscovery: { mode: "lazy" },
} satisfies Config;
