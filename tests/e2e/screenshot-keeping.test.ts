import type { Page } from "@playwright/test";
import { keepScreenshot } from "#tests/fixtures/e2e-screenshot.ts";
import { expect, test } from "#tests/fixtures/e2e-test.ts";

// keepScreenshot (tests/fixtures/e2e-screenshot.ts) against a stand-in for a page whose
// screenshots fail as Chromium's did in CI: no browser or server is needed.
function pageFailing(times: number, message = "Protocol error (Page.captureScreenshot): Unable to capture screenshot") {
  const calls = { screenshot: 0, evaluate: 0 };
  const page = {
    screenshot: async () => {
      calls.screenshot++;
      if (calls.screenshot <= times) throw new Error(message);
      return Buffer.from("");
    },
    evaluate: async () => {
      calls.evaluate++;
    },
  } as unknown as Page;
  return { page, calls };
}

test("a screenshot Chromium could not capture is asked for again after the next frames", async () => {
  const { page, calls } = pageFailing(2);
  await keepScreenshot(page, "again.png");
  expect(calls).toEqual({ screenshot: 3, evaluate: 2 });
  expect(test.info().annotations).toEqual([]);
});

test("a screenshot that still cannot be captured is said in the test's annotations, not failed", async () => {
  const { page, calls } = pageFailing(Number.POSITIVE_INFINITY);
  await keepScreenshot(page, "never.png");
  expect(calls.screenshot).toBe(3);
  expect(test.info().annotations).toEqual([{ type: "screenshot not kept", description: expect.stringContaining("never.png: ") }]);
});

test("any other error of a screenshot fails the test", async () => {
  const { page } = pageFailing(1, "Target page, context or browser has been closed");
  await expect(keepScreenshot(page, "closed.png")).rejects.toThrow("has been closed");
});
