import { afterEach, expect, test, vi } from "vitest";
import * as contact from "#app/routes/contact.tsx";
import { answerOf, routeArgs, siteOrigin } from "#tests/fixtures/admin.ts";

afterEach(() => {
  vi.restoreAllMocks();
});

test("a malformed form body to /contact answers 400 with a message and logs one line, no stack", async () => {
  const errors = vi.spyOn(console, "error").mockImplementation(() => {});
  const warnings = vi.spyOn(console, "warn").mockImplementation(() => {});
  const request = new Request(`${siteOrigin}/contact`, {
    method: "POST",
    headers: { "Content-Type": "multipart/form-data", Origin: siteOrigin },
    body: "x=1",
  });
  const answer = await answerOf(() => contact.action(routeArgs(request)));
  expect(answer).toMatchObject({ status: 400, data: { error: "We could not read the form. Please try again or call us directly at (435) 555-0142." } });
  expect(errors).not.toHaveBeenCalled();
  expect(warnings).toHaveBeenCalledTimes(1);
  expect(warnings.mock.calls[0]!.join(" ")).not.toContain("\n");
});
