import { afterEach, expect, test, vi } from "vitest";
import * as apiInquiries from "#app/routes/api-inquiries.ts";
import * as contact from "#app/routes/contact.tsx";
import { parseConfig, replaceConfig } from "#app/server/config.server.ts";
import { checkContactFormToken, contactFormTokenMaxAgeMs, issueContactFormToken } from "#app/inquiries/contact-form-token.server.ts";
import { answerOf, routeArgs, siteOrigin, siteRequest } from "#tests/fixtures/admin.ts";
import { testOnEachEngine } from "#tests/setup/test-database.ts";

const valid = {
  firstName: "Ana",
  lastName: "Ruiz",
  email: "ana@example.com",
  phone: "435-555-0101",
  subject: "Telehealth Therapy",
  paymentMethod: "Self-Pay",
  message: "Evenings work best.",
};

/** The headers a loader or action answered with (a Response, or `data()` with headers). */
async function headersOf(run: () => unknown): Promise<Headers> {
  let value: unknown;
  try {
    value = await run();
  } catch (thrown) {
    value = thrown;
  }
  if (value instanceof Response) return value.headers;
  const init = (value as { init?: ResponseInit | null } | null)?.init;
  return new Headers(init?.headers);
}

afterEach(() => {
  vi.restoreAllMocks();
  replaceConfig(parseConfig({}));
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
  expect(answer).toMatchObject({
    status: 400,
    data: { error: "We could not read the form. Please try again or call us directly at (435) 555-0142." },
  });
  expect(errors).not.toHaveBeenCalled();
  expect(warnings).toHaveBeenCalledTimes(1);
  expect(warnings.mock.calls[0]!.join(" ")).not.toContain("\n");
});

testOnEachEngine("PUT, DELETE and PATCH on /contact answer 405 and store nothing", async (db) => {
  replaceConfig(parseConfig({ CONTACT_MIN_FILL_MS: "0", MAIL_DIR: "data/test-mail" }));
  for (const method of ["PUT", "DELETE", "PATCH"]) {
    const formToken = await issueContactFormToken(db, Date.now() - 60_000);
    const request = () => siteRequest("/contact", { method, form: { ...valid, formToken } });
    expect(await answerOf(() => contact.action(routeArgs(request()))), method).toMatchObject({ status: 405 });
    expect((await headersOf(() => contact.action(routeArgs(request())))).get("Allow"), method).toBe("GET, HEAD, POST");
  }
  expect(await db.selectFrom("inquiries").selectAll().execute()).toEqual([]);
});

testOnEachEngine("a form left open past a day is answered 400 with the values kept and a fresh form", async (db) => {
  replaceConfig(parseConfig({ MAIL_DIR: "data/test-mail" }));
  const expired = { ...valid, formToken: await issueContactFormToken(db, Date.now() - contactFormTokenMaxAgeMs - 60_000) };
  const plain = await answerOf(() => contact.action(routeArgs(siteRequest("/contact", { form: expired }))));
  expect(plain).toMatchObject({
    status: 400,
    data: { values: { firstName: "Ana", message: "Evenings work best." }, error: "This form has expired. Please send it again." },
  });

  const scripted = await apiInquiries.action(routeArgs(siteRequest("/api/inquiries", { form: expired })));
  expect(scripted.status).toBe(400);
  const body = (await scripted.json()) as { status: string; error: string; formToken: string };
  expect(body).toMatchObject({ status: "expired", error: "This form has expired. Please send it again." });
  expect(await checkContactFormToken(db, body.formToken)).toMatchObject({ status: "valid" });
  expect(await db.selectFrom("inquiries").selectAll().execute()).toEqual([]);
});

testOnEachEngine("a scripted answer hands the form a new token, so a next message is not taken for a resend", async (db) => {
  replaceConfig(parseConfig({ CONTACT_MIN_FILL_MS: "0", MAIL_DIR: "data/test-mail" }));
  const first = await apiInquiries.action(
    routeArgs(siteRequest("/api/inquiries", { form: { ...valid, formToken: await issueContactFormToken(db) } })),
  );
  expect(first.status).toBe(201);
  const { formToken } = (await first.json()) as { formToken: string };
  const second = await apiInquiries.action(
    routeArgs(siteRequest("/api/inquiries", { form: { ...valid, message: "One more thing.", formToken } })),
  );
  expect(second.status).toBe(201);
  const messages = await db.selectFrom("inquiries").select("message").orderBy("created_at").execute();
  expect(messages.map((row) => row.message).sort()).toEqual(["Evenings work best.", "One more thing."]);
});
