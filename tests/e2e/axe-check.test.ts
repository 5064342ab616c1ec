import { expect, test } from "@playwright/test";
import { expectNoAxeViolations } from "#tests/fixtures/e2e-axe.ts";

// The accessibility check the browser tests run on every page must be able to fail: a page with
// an image without a text alternative and grey text on white is refused, by rule and element.
test("the accessibility check refuses a page with violations, naming each rule", async ({ page }) => {
  await page.setContent(`<!doctype html><html lang="en"><head><title>Check</title></head><body><main>
    <img id="no-alt" src="data:image/gif;base64,R0lGODlhAQABAAAAACw=">
    <p id="faint" style="color:#bbb;background:#fff">Too faint to read</p>
  </main></body></html>`);
  const failure = await expectNoAxeViolations(page).then(
    () => null,
    (error: Error) => error.message,
  );
  expect(failure).toContain("image-alt: #no-alt");
  expect(failure).toContain("color-contrast: #faint");
});
