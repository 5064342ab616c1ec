import { createRequestHandler, type ServerBuild } from "react-router";
import { describe, expect, test, vi } from "vitest";
import routerConfig from "../../react-router.config.ts";
import { crossSiteRefusal, refuseCrossSiteWrites } from "./cross-site.server.ts";
import { log } from "./log.server.ts";

describe("the rule", () => {
  const site = "https://counseling.example";
  const refusal = (method: string, headers: Record<string, string>) => crossSiteRefusal(method, new Headers(headers), site);

  test("a write names this site in Origin, or in Referer when there is no Origin", () => {
    expect(refusal("POST", { Origin: site })).toBeNull();
    expect(refusal("POST", { Referer: `${site}/admin/login` })).toBeNull();
    for (const origin of [
      "https://attacker.example",
      "https://counseling.example.attacker.example",
      "http://counseling.example",
      "null",
      "junk",
    ]) {
      expect(refusal("POST", { Origin: origin }), origin).not.toBeNull();
    }
    // An Origin decides: a same-site Referer does not excuse a foreign Origin.
    expect(refusal("POST", { Origin: "https://attacker.example", Referer: `${site}/` })).not.toBeNull();
    expect(refusal("POST", { Referer: "https://attacker.example/page" })).not.toBeNull();
    expect(refusal("POST", { Referer: "not a url" })).not.toBeNull();
    expect(refusal("POST", {})).toBe("no Origin or Referer");
    for (const method of ["PUT", "PATCH", "DELETE", "OPTIONS"]) expect(refusal(method, {}), method).not.toBeNull();
    // Reads change nothing; links from other sites are how visitors arrive.
    expect(refusal("GET", { Origin: "https://attacker.example" })).toBeNull();
    expect(refusal("HEAD", {})).toBeNull();
  });
});

describe("as the root route's middleware, in React Router's own request handler", () => {
  const site = "http://site.test";
  let actions: Array<string> = [];
  // A build with the site's root middleware and its React Router settings: a page with an
  // action, and a resource route (no component), as /contact and /api/inquiries are.
  const build = {
    // handleError: React Router reports what it refused itself (the test below) to it, not to stderr.
    entry: { module: { default: () => new Response("a page"), handleError: () => {} } },
    routes: {
      root: { id: "root", path: "", module: { middleware: [refuseCrossSiteWrites], default: () => null } },
      page: {
        id: "page",
        parentId: "root",
        path: "contact",
        module: {
          default: () => null,
          action: () => {
            actions.push("page");
            return { sent: true };
          },
        },
      },
      resource: {
        id: "resource",
        parentId: "root",
        path: "api/inquiries",
        module: {
          action: () => {
            actions.push("resource");
            return Response.json({ sent: true }, { status: 201 });
          },
        },
      },
    },
    assets: { routes: {}, version: "1", url: "/manifest.js", entry: { module: "/entry.js", imports: [] } },
    publicPath: "/",
    assetsBuildDirectory: "build/client",
    future: {},
    ssr: true,
    isSpaMode: false,
    prerender: [],
    routeDiscovery: { mode: "lazy", manifestPath: "/__manifest" },
    allowedActionOrigins: routerConfig.allowedActionOrigins,
  } as unknown as ServerBuild;
  const handle = createRequestHandler(build, "production");
  const post = (path: string, headers: Record<string, string>) =>
    handle(
      new Request(`${site}${path}`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", ...headers },
        body: "a=b",
      }),
    );

  test("a page's action, its .data request and a resource route all refuse another site's write with 403, before the action", async () => {
    const warn = vi.spyOn(log, "warn").mockImplementation(() => {});
    try {
      actions = [];
      for (const path of ["/contact", "/contact.data", "/api/inquiries"]) {
        const foreign: Array<Record<string, string>> = [
          { Origin: "https://attacker.example" },
          { Origin: "null" },
          { Referer: "https://attacker.example/" },
          {},
        ];
        for (const headers of foreign) {
          const answer = await post(path, headers);
          expect(answer.status, `${path} ${JSON.stringify(headers)}`).toBe(403);
          expect(await answer.text()).toContain("<h1>Forbidden</h1>");
        }
      }
      expect(actions).toEqual([]);
      expect(warn.mock.calls[0]).toEqual([
        "403 cross-site write refused",
        { method: "POST", path: "/contact", reason: "Origin https://attacker.example" },
      ]);
      for (const path of ["/contact", "/contact.data", "/api/inquiries"]) {
        expect((await post(path, { Origin: site })).status, path).not.toBe(403);
        expect((await post(path, { Referer: `${site}/contact` })).status, path).not.toBe(403);
      }
      expect(actions).toEqual(["page", "page", "page", "page", "resource", "resource"]);
    } finally {
      warn.mockRestore();
    }
  });

  test("React Router's own check of a page's action lets every well-formed Origin through to the rule", async () => {
    // Without allowedActionOrigins, React Router answers another site's post to a page 400
    // itself, before any middleware: no 403, no log line.
    const strict = createRequestHandler({ ...build, allowedActionOrigins: undefined }, "production");
    const foreign = { method: "POST", headers: { Origin: "https://attacker.example" }, body: "a=b" };
    expect((await strict(new Request(`${site}/contact`, foreign))).status).toBe(400);
    const warn = vi.spyOn(log, "warn").mockImplementation(() => {});
    try {
      expect((await handle(new Request(`${site}/contact`, foreign))).status).toBe(403);
    } finally {
      warn.mockRestore();
    }
  });
});
