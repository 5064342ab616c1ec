import { afterEach, expect, test } from "vitest";
import * as root from "#app/root.tsx";
import * as robots from "#app/routes/robots.ts";
import * as sitemap from "#app/routes/sitemap.ts";
import { replaceConfig } from "#app/server/config.server.ts";
import { testConfigWith } from "#tests/setup/test-config.ts";

afterEach(() => {
  replaceConfig(testConfigWith());
});

// Without SITE_URL a request's URL is built from its Host header, which the client chooses, so
// these loaders no longer read the request at all (the browser tests send a forged Host).
test("absolute URLs come from SITE_URL, else http://localhost:PORT", async () => {
  replaceConfig(testConfigWith({ PORT: "3311" }));
  expect(root.loader()).toEqual({ origin: "http://localhost:3311" });
  expect(await robots.loader().text()).toContain("Sitemap: http://localhost:3311/sitemap.xml");
  expect(await (await sitemap.loader()).text()).toContain("<loc>http://localhost:3311/contact</loc>");

  replaceConfig(testConfigWith({ SITE_URL: "https://counseling.example" }));
  expect(root.loader()).toEqual({ origin: "https://counseling.example" });
  expect(await (await sitemap.loader()).text()).toContain("<loc>https://counseling.example/contact</loc>");
});
