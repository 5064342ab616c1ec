import { expect, test } from "vitest";
import { pageDefinitions, publicPageAt, publicPageRoutes } from "./pages.ts";

test("every page kind's view loads, and draws a page", async () => {
  for (const definition of pageDefinitions) {
    const view = await definition.view();
    expect(typeof view.default, definition.name).toBe("function");
  }
});

test("a public route shows the page whose path its pattern and params fill in", () => {
  // One route per path pattern: the twelve service pages share one.
  const patterns = pageDefinitions.flatMap((definition) => (definition.route ? [definition.route.path] : []));
  expect(publicPageRoutes.map((route) => route.path)).toEqual([...new Set(patterns)]);
  expect(publicPageRoutes.map((route) => route.path)).toContain("services/:slug");
  // As the router gives `pattern`: the index route's is "/".
  expect(publicPageAt("/", {})).toBe("homepage");
  expect(publicPageAt("about", {})).toBe("about");
  expect(publicPageAt("/services/:slug", { slug: "esa-letters" })).toBe("esa-letters");
  expect(publicPageAt("services/:slug", { slug: "nope" })).toBeUndefined();
  expect(publicPageAt("contact", {})).toBeUndefined();
  for (const definition of pageDefinitions) {
    if (!definition.route) continue;
    const params = { slug: definition.publicPath.split("/").at(-1) };
    expect(publicPageAt(definition.route.path, params), definition.publicPath).toBe(definition.name);
  }
});
