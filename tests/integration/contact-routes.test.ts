import { afterEach, expect, vi } from "vitest";
import { log } from "#app/server/log.server.ts";
import * as apiInquiries from "#app/routes/api-inquiries.ts";
import * as contact from "#app/routes/contact.tsx";
import { replaceConfig } from "#app/server/config.server.ts";
import { testConfigWith } from "#tests/setup/test-config.ts";
import { contactFormCookie, contactFormTokenFromCookies } from "#app/inquiries/contact-form-cookie.server.ts";
import {
  checkContactFormToken,
  contactFormTokenIssuer,
  contactFormTokenMaxAgeMs,
  issueContactFormToken,
} from "#app/inquiries/contact-form-token.server.ts";
import { answerOf, routeArgs, siteOrigin, siteRequest } from "#tests/fixtures/admin.ts";
import { openInquiry } from "#app/inquiries/inquiry-sealing.server.ts";
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
  replaceConfig(testConfigWith());
});

// On a test database (the answer reads the practice's phone number): not the configured one, nor
// one an earlier test closed.
testOnEachEngine("a malformed form body to /contact answers 400 with a message and logs one line, no stack", async () => {
  const errors = vi.spyOn(log, "error").mockImplementation(() => {});
  const warnings = vi.spyOn(log, "warn").mockImplementation(() => {});
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
  replaceConfig(testConfigWith({ CONTACT_MIN_FILL_MS: "0", MAIL_DIR: "data/test-mail" }));
  for (const method of ["PUT", "DELETE", "PATCH"]) {
    const formToken = await issueContactFormToken(db, Date.now() - 60_000);
    const request = () => siteRequest("/contact", { method, form: { ...valid, formToken } });
    expect(await answerOf(() => contact.action(routeArgs(request()))), method).toMatchObject({ status: 405 });
    expect((await headersOf(() => contact.action(routeArgs(request())))).get("Allow"), method).toBe("GET, HEAD, POST");
  }
  expect(await db.selectFrom("inquiries").selectAll().execute()).toEqual([]);
});

/** The token a Set-Cookie header carries, as a Cookie header sends it back. */
const cookieOf = (setCookie: string | null) => setCookie?.split(";", 1)[0] ?? "";

testOnEachEngine("a form left open past a day is answered 400 with the values kept and a fresh token in its cookie", async (db) => {
  replaceConfig(testConfigWith({ MAIL_DIR: "data/test-mail" }));
  const cookie = cookieOf(contactFormCookie(await issueContactFormToken(db, Date.now() - contactFormTokenMaxAgeMs - 60_000), false));
  const plainArgs = routeArgs(siteRequest("/contact", { form: valid, cookie }));
  const plain = await answerOf(() => contact.action(plainArgs));
  expect(plain).toMatchObject({
    status: 400,
    data: { values: { firstName: "Ana", message: "Evenings work best." }, error: "This form has expired. Please send it again." },
  });
  const plainHeaders = await headersOf(() => contact.action(routeArgs(siteRequest("/contact", { form: valid, cookie }))));
  expect(plainHeaders.get("Cache-Control")).toBe("no-store");
  expect(await checkContactFormToken(db, contactFormTokenFromCookies(cookieOf(plainHeaders.get("Set-Cookie"))))).toMatchObject({
    status: "valid",
  });

  const scripted = await apiInquiries.action(routeArgs(siteRequest("/api/inquiries", { form: valid, cookie })));
  expect(scripted.status).toBe(400);
  expect(await scripted.json()).toEqual({ status: "expired", error: "This form has expired. Please send it again." });
  expect(await checkContactFormToken(db, contactFormTokenFromCookies(cookieOf(scripted.headers.get("Set-Cookie"))))).toMatchObject({
    status: "valid",
  });
  expect(await db.selectFrom("inquiries").selectAll().execute()).toEqual([]);
});

testOnEachEngine("the token in the cookie is the proof: a message sent again is stored once, a next one is its own", async (db) => {
  replaceConfig(testConfigWith({ CONTACT_MIN_FILL_MS: "1000", MAIL_DIR: "data/test-mail" }));
  const cookie = cookieOf(contactFormCookie(await issueContactFormToken(db, Date.now() - 60_000), false));
  const first = await apiInquiries.action(routeArgs(siteRequest("/api/inquiries", { form: valid, cookie })));
  expect(first.status).toBe(201);
  expect(await first.json()).toEqual({ status: "sent" });
  // No new token: a lost answer's resend must carry the same one.
  expect(first.headers.get("Set-Cookie")).toBeNull();
  expect((await apiInquiries.action(routeArgs(siteRequest("/api/inquiries", { form: valid, cookie })))).status).toBe(201);
  const next = { ...valid, message: "One more thing." };
  expect((await apiInquiries.action(routeArgs(siteRequest("/api/inquiries", { form: next, cookie })))).status).toBe(201);
  const stored = await db.selectFrom("inquiries").select(["id", "sealed_fields", "possible_spam"]).execute();
  const rows = stored
    .map((row) => openInquiry(row))
    .map(({ message, possible_spam }) => ({ message, possible_spam }))
    .sort((a, b) => a.message.localeCompare(b.message));
  expect(rows).toEqual([
    { message: "Evenings work best.", possible_spam: 0 },
    { message: "One more thing.", possible_spam: 0 },
  ]);
});

testOnEachEngine("two tabs share one cookie: a different message from each is stored, none taken for a resend", async (db) => {
  replaceConfig(testConfigWith({ CONTACT_MIN_FILL_MS: "0", MAIL_DIR: "data/test-mail" }));
  // The second tab's page replaced the first's cookie: both forms post with it.
  const cookie = cookieOf(contactFormCookie(await issueContactFormToken(db), false));
  for (const message of ["From the first tab.", "From the second tab."]) {
    const answer = await apiInquiries.action(routeArgs(siteRequest("/api/inquiries", { form: { ...valid, message }, cookie })));
    expect(answer.status).toBe(201);
  }
  const messages = await db.selectFrom("inquiries").select(["id", "sealed_fields"]).execute();
  expect(messages.map((row) => openInquiry(row).message).sort()).toEqual(["From the first tab.", "From the second tab."]);
});

testOnEachEngine(
  "tokens made without waiting are each valid and unique per millisecond, past a refill of their random pool",
  async (db) => {
    const issue = await contactFormTokenIssuer(db);
    const start = Date.now();
    const tokens = Array.from({ length: 600 }, (_, page) => issue(start + page));
    expect(new Set(tokens.map((token) => token.split(".")[1])).size).toBe(600);
    // Pages asked for in one millisecond share its token: one HMAC, not one per page.
    expect(issue(start + 599)).toBe(tokens[599]);
    expect(issue(start + 600)).not.toBe(tokens[599]);
    for (const token of [tokens[0], tokens[255], tokens[256], tokens[599]]) {
      expect(await checkContactFormToken(db, token)).toMatchObject({ status: "valid" });
    }
  },
);
