import { expect, test } from "vitest";
import { contentSecurityPolicy } from "./security-headers.server.ts";

function directives(policy: string): Record<string, string> {
  return Object.fromEntries(policy.split("; ").map((part) => [part.split(" ", 1)[0], part.slice(part.indexOf(" ") + 1)]));
}

test("every directive allows our own origin or nothing (the map is the one frame from elsewhere), and the protective ones are set", () => {
  const policy = directives(contentSecurityPolicy());
  for (const [name, sources] of Object.entries(policy)) {
    if (name === "frame-src") expect(sources).toBe("https://www.openstreetmap.org");
    else expect(["'self'", "'none'"], name).toContain(sources);
  }
  // Without these, a missing directive would fall back to allowing more than default-src says.
  expect(policy).toMatchObject({
    "default-src": "'self'",
    "object-src": "'none'",
    "base-uri": "'self'",
    "form-action": "'self'",
    "frame-ancestors": "'none'",
  });
});

test("a hydrated document's policy adds its nonce to script-src only", () => {
  const policy = contentSecurityPolicy("abc123+/=");
  expect(directives(policy)["script-src"]).toBe("'self' 'nonce-abc123+/='");
  expect(policy.match(/nonce-/g)).toHaveLength(1);
});

test("built pages allow nothing inline, and no scheme-wide source such as https: or data:", () => {
  for (const policy of [contentSecurityPolicy(), contentSecurityPolicy("n0nce")]) {
    expect(policy).not.toContain("unsafe-inline");
    expect(policy).not.toContain("unsafe-eval");
    // A typed photo address is copied into the library on save (decision 011): images are our own.
    expect(directives(policy)["img-src"]).toBe("'self'");
    expect(policy).not.toMatch(/(^|\s)(https?|data|blob):(;|\s|$)/);
  }
});

test("only under Vite's dev server may styles be inline (it injects imported CSS as <style>)", () => {
  const development = directives(contentSecurityPolicy("n0nce", { viteDevServer: true }));
  expect(development["style-src"]).toBe("'self' 'unsafe-inline'");
  expect(development["script-src"]).toBe("'self' 'nonce-n0nce'");
  expect({ ...development, "style-src": "'self'" }).toEqual(directives(contentSecurityPolicy("n0nce")));
});
