import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // Every public page is rendered on the server; the client discovers routes lazily
  // only on the pages that hydrate (contact, admin).
  routeDiscovery: { mode: "lazy" },
  // Writes from another site are refused by the root route's middleware (app/root.tsx, decision
  // 006), which also refuses a write naming no site and covers resource routes. React Router's
  // own check of a page's action would answer some of the same requests first (400, before any
  // middleware, with no log line): every well-formed Origin goes past it to the site's rule.
  allowedActionOrigins: ["**"],
} satisfies Config;
