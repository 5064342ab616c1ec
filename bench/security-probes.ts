// What `npm run check:security` (bench/check-security.ts) and the browser tests run: every admin
// endpoint replayed without a valid session (none, a forged token, and whatever extra cookies a
// caller adds) and with forged origins; refused means a redirect to /admin/login, 401 or 403.
// Then the races: sign-in attempts sent at once must not get past the throttle, and contact
// messages sent at once must not get past the per-address limit.
import { randomBytes, randomInt } from "node:crypto";
import { editorAddresses, editorTabs } from "../app/content/pages.ts";
import { signInLimits } from "../app/staff/auth.server.ts";
import { isLoopbackAddress } from "../app/server/client-address.server.ts";
import { fetchContactFormToken } from "./contact-page.ts";
import { firstTextFieldOf, formAttacks } from "./form-attacks.ts";
import { request as httpRequest } from "node:http";
import { request as httpsRequest } from "node:https";

/** Every admin page (the same URLs a browser loads), including a tab's variants. */
export const adminPages = [
  "/admin",
  // Every content tab and page (app/content/pages.ts).
  ...editorTabs.map((tab) => tab.path),
  ...editorAddresses.map(({ href }) => href),
  "/admin/images",
  "/admin/images?category=general-images",
  "/admin/images?category=local-images",
  "/admin/inquiries",
  // The inbox's CSV download (a file, not a page; its data URL is refused like the others).
  "/admin/inquiries/export?from=2026-01-01&to=2026-01-31",
  "/admin/activity?person=owner%40example.com",
  "/admin/privacy?who=jane%40example.com",
  "/admin/privacy/export?who=jane%40example.com",
  "/admin/account",
  "/admin/account/two-factor",
  "/admin/staff",
  // The services list: their order, names, addresses, retirement.
  "/admin/services/list",
  // The articles list (each article is edited at /admin/articles?page=…, which needs one to exist).
  "/admin/articles/list",
  "/admin/articles",
  // A Clinician's own profile, and the profile changes awaiting review.
  "/admin/profile",
  "/admin/reviews",
  // A page's Spanish side, and every page's translation status.
  "/admin/services?page=couples-counseling&lang=es",
  "/admin/translations",
  "/admin/notices",
  "/admin/scheduled",
  // A page's saved versions, and one compared with the current content.
  "/admin/history/about",
  "/admin/history/homepage?compare=1",
];

type FormPost = { path: string; form: Record<string, string> };

/** Every admin form post, with a body that would be valid for a signed-in admin. */
export const adminActions: Array<FormPost> = [
  { path: "/admin/logout", form: {} },
  { path: "/admin/inquiries", form: { id: "00000000-0000-4000-8000-000000000000" } },
  // The Images tab: a delete (a plain form), and the scripted upload endpoint.
  { path: "/admin/images", form: { id: "Qm3kX9vP2aLzR7mW-640x480" } },
  { path: "/admin/images/upload", form: { file: "" } },
  // The content editors' saves, on every page (one valid text alone, enough to tell a refusal from a check of the form).
  ...editorAddresses.map(({ href, view }) => ({ path: href, form: { [firstTextFieldOf(view.page)]: "Changed", baseVersion: "0" } })),
  // A translation's save (its Spanish side).
  { path: "/admin/homepage?lang=es", form: { heroTitle: "Cambiado", baseVersion: "0", sourceVersion: "0" } },
  // Restoring an earlier version of a page.
  { path: "/admin/history/about", form: { version: "1", baseVersion: "1" } },
  // A privacy request's erase.
  { path: "/admin/privacy", form: { who: "jane@example.com", confirm: "on" } },
  // One's own account: a new password, and signing out of every other session.
  { path: "/admin/account", form: { current: "a long test password", password: "kettle orbit violet", confirm: "kettle orbit violet" } },
  { path: "/admin/account/sessions", form: { end: "others" } },
  { path: "/admin/account/two-factor", form: { intent: "new-codes", current: "a long test password" } },
  // The Owner's staff accounts: an invitation, and a change to an account.
  { path: "/admin/staff", form: { intent: "invite", email: "new@example.com", role: "editor" } },
  { path: "/admin/staff", form: { intent: "disable", email: "helper@example.com" } },
  { path: "/admin/staff", form: { intent: "require-two-factor" } },
  // The services list: a service added, and one moved.
  { path: "/admin/services/list", form: { intent: "add", listVersion: "0", title: "Art Therapy", summary: "Creative work." } },
  { path: "/admin/services/list", form: { intent: "move", listVersion: "0", id: "esa-letters", to: "0" } },
  // A Clinician's profile: "New clients" (live at once), a photo of themselves, and a review's decision.
  { path: "/admin/profile", form: { intent: "new-clients", newClients: "Caseload full" } },
  { path: "/admin/profile/photo", form: { file: "" } },
  { path: "/admin/reviews", form: { intent: "send-back", member: "staff-daniel-reyes", version: "1", note: "Changed" } },
  // A notice removed (an unknown one: said so, nothing changed).
  { path: "/admin/notices", form: { intent: "remove", id: "00000000-0000-4000-8000-000000000000", version: "1" } },
  // A schedule cancelled (an unknown one: said so, nothing changed).
  { path: "/admin/scheduled", form: { intent: "cancel", id: "00000000-0000-4000-8000-000000000000", version: "1" } },
  { path: "/admin/articles/list", form: { intent: "add", title: "A forged article" } },
  { path: "/admin/articles/list", form: { intent: "retire", id: "article-0000000000" } },
];

/** Posts anyone may make, but only from this site. */
export const publicAdminActions: Array<FormPost> = [
  { path: "/admin/login", form: { email: "someone@example.com", password: "not-the-password" } },
  { path: "/admin/forgot-password", form: { email: "someone@example.com" } },
  // The second step of signing in (without a challenge cookie: back to sign-in).
  { path: "/admin/login/code", form: { code: "123456" } },
  // One-time links (an unknown secret: refused with the same page as a used one).
  { path: `/admin/invite/${"x".repeat(43)}`, form: { password: "kettle orbit violet", confirm: "kettle orbit violet" } },
  { path: `/admin/reset-password/${"x".repeat(43)}`, form: { password: "kettle orbit violet", confirm: "kettle orbit violet" } },
];

export type Credentials = { label: string; cookie: string | null };

export type Probe = {
  method: "GET" | "POST";
  path: string;
  credentials: Credentials;
  origin: "same" | "forged" | "none";
  form?: Record<string, string>;
  /** A browser navigation (a page load or a form post without JavaScript). */
  navigation: boolean;
};

export type ProbeResult = Probe & { status: number; location: string | null; refused: boolean };

/** React Router's data URL for a page: /admin/about → /admin/about.data (query kept). */
export function dataUrlOf(path: string): string {
  const url = new URL(path, "http://x");
  return `${url.pathname}.data${url.search}`;
}

/** A token in the session cookie's encoding that no server ever issued. */
export function forgedSessionCookies(): string {
  const value = Buffer.from(JSON.stringify(randomBytes(32).toString("base64url"))).toString("base64");
  return `admin_session=${value}; __Host-admin_session=${value}`;
}

export function probesFor(sessions: Array<Credentials>): Array<Probe> {
  const probes: Array<Probe> = [];
  for (const credentials of sessions) {
    for (const page of adminPages) {
      probes.push({ method: "GET", path: page, credentials, origin: "none", navigation: true });
      probes.push({ method: "GET", path: dataUrlOf(page), credentials, origin: "none", navigation: false });
    }
    for (const { path, form } of adminActions) {
      probes.push({ method: "POST", path, credentials, origin: "same", form, navigation: true });
      probes.push({ method: "POST", path: dataUrlOf(path), credentials, origin: "same", form, navigation: false });
    }
  }
  // Cross-site posts are refused whoever is signed in; checked once per action.
  const anyone = sessions[0] ?? { label: "no cookie", cookie: null };
  for (const { path, form } of [...adminActions, ...publicAdminActions]) {
    probes.push({ method: "POST", path, credentials: anyone, origin: "forged", form, navigation: true });
    probes.push({ method: "POST", path: dataUrlOf(path), credentials: anyone, origin: "forged", form, navigation: false });
    probes.push({ method: "POST", path, credentials: anyone, origin: "none", form, navigation: true });
  }
  return probes;
}

function isRefusal(status: number, location: string | null): boolean {
  if (status === 401 || status === 403) return true;
  if (status >= 300 && status < 400 && location) return new URL(location, "http://x").pathname === "/admin/login";
  return false;
}

/**
 * How long a probe waits in silence before it calls the server hung: a minute, because a race
 * sends thirty sign-ins at once, each a password hash in turn, and a busy machine takes its time.
 */
const silentAnswerMs = 60_000;

/** One raw request: node:http rather than fetch, which would overwrite Sec-Fetch-Mode. */
function send(url: URL, method: string, headers: Record<string, string>, body: string | null, localAddress?: string) {
  return new Promise<{ status: number; location: string | null }>((resolve, reject) => {
    const request = (url.protocol === "https:" ? httpsRequest : httpRequest)(
      url,
      { method, headers, localAddress, timeout: silentAnswerMs },
      (response) => {
        response.resume();
        const location = response.headers.location;
        resolve({ status: response.statusCode ?? 0, location: typeof location === "string" ? location : null });
      },
    );
    request.on("timeout", () => request.destroy(new Error(`${method} ${url.pathname} got no answer in ${silentAnswerMs / 1000} s`)));
    request.on("error", reject);
    request.end(body ?? undefined);
  });
}

export async function runProbe(baseUrl: string, probe: Probe): Promise<ProbeResult> {
  const base = new URL(baseUrl);
  const headers: Record<string, string> = {};
  if (probe.credentials.cookie) headers.Cookie = probe.credentials.cookie;
  if (probe.navigation) headers["Sec-Fetch-Mode"] = "navigate";
  if (probe.origin === "same") headers.Origin = base.origin;
  if (probe.origin === "forged") headers.Origin = "https://attacker.example";
  const body = probe.form ? new URLSearchParams(probe.form).toString() : null;
  if (body !== null) headers["Content-Type"] = "application/x-www-form-urlencoded";
  const { status, location } = await send(new URL(probe.path, base), probe.method, headers, body);
  return { ...probe, status, location, refused: isRefusal(status, location) };
}

export async function runSecurityCheck(baseUrl: string, extraSessions: Array<Credentials> = []): Promise<Array<ProbeResult>> {
  const sessions = [{ label: "no cookie", cookie: null }, { label: "forged token", cookie: forgedSessionCookies() }, ...extraSessions];
  const results: Array<ProbeResult> = [];
  for (const probe of probesFor(sessions)) results.push(await runProbe(baseUrl, probe));
  return results;
}

export type FormAttackResult = { path: string; attack: string; status: number; ms: number; held: boolean };

/**
 * Posts every form the field names crafted against the form parser (bench/form-attacks.ts;
 * review F1 and F11), without a session: the public forms (sign-in, contact) parse them, the
 * admin's refuse them first. Each held when answered in time with 400 or the form's normal answer.
 */
export async function checkFormAttacks(baseUrl: string, maxMs = 1000): Promise<Array<FormAttackResult>> {
  const base = new URL(baseUrl);
  const results: Array<FormAttackResult> = [];
  for (const form of formAttacks) {
    for (const attack of form.attacks) {
      const started = performance.now();
      const headers = { Origin: base.origin, "Content-Type": "application/x-www-form-urlencoded" };
      const { status } = await send(new URL(form.path, base), "POST", headers, attack.body).catch(() => ({ status: 0 }));
      const ms = performance.now() - started;
      const normal = status === 400 || form.normalStatuses.includes(status);
      results.push({ path: form.path, attack: attack.name, status, ms, held: normal && ms < maxMs });
    }
  }
  return results;
}

export type RaceResult = { name: string; sent: number; allowed: number; answers: Record<number, number>; held: boolean };

/**
 * Tallies a race's answers: it held when every answer was either let through (`allowedStatus`)
 * or refused, and no more than `limit` were let through.
 */
function raceResult(
  name: string,
  answers: Array<number>,
  rule: { allowedStatus: number; refusedStatuses: Array<number>; limit: number },
): RaceResult {
  const tally: Record<number, number> = {};
  for (const status of answers) tally[status] = (tally[status] ?? 0) + 1;
  const allowed = tally[rule.allowedStatus] ?? 0;
  const onlyKnown = answers.every((status) => status === rule.allowedStatus || rule.refusedStatuses.includes(status));
  return { name, sent: answers.length, allowed, answers: tally, held: onlyKnown && allowed <= rule.limit };
}

/**
 * Sends `count` sign-ins at once for one e-mail (no real account) from one address and counts
 * how many were checked (401) rather than refused (429, or 503 while busy): never more than the
 * per-address-and-account limit. Against a server on this machine the requests come from a
 * fresh loopback address (and name it in X-Forwarded-For, for a server behind TRUST_PROXY), so
 * the race uses up no real address's attempts; elsewhere it spends this machine's for 15 minutes.
 */
export async function raceSignIns(baseUrl: string, count = 30): Promise<RaceResult> {
  const base = new URL(baseUrl);
  const from = raceSource(base);
  const email = `race-${randomBytes(6).toString("hex")}@example.invalid`;
  const headers: Record<string, string> = {
    Origin: base.origin,
    "Content-Type": "application/x-www-form-urlencoded",
    ...(from ? { "X-Forwarded-For": from } : {}),
  };
  const answers = await Promise.all(
    Array.from({ length: count }, (_, index) => {
      const body = new URLSearchParams({ email, password: `wrong password ${index}` }).toString();
      return send(new URL("/admin/login", base), "POST", headers, body, from).then((answer) => answer.status);
    }),
  );
  return raceResult(`${count} sign-ins at once, one e-mail, one address`, answers, {
    allowedStatus: 401,
    refusedStatuses: [429, 503],
    limit: signInLimits.pair,
  });
}

/** A fresh loopback source address when `base` is on this machine (see raceSignIns). */
function raceSource(base: URL): string | undefined {
  const loopback = base.hostname === "localhost" || isLoopbackAddress(base.hostname.replace(/^\[(.*)\]$/, "$1"));
  return loopback ? `127.${randomInt(1, 255)}.${randomInt(0, 256)}.${randomInt(1, 255)}` : undefined;
}

/**
 * Sends `count` contact messages at once from one address, each from its own rendering of the
 * form (as that many open tabs would), and counts how many were accepted: never more than
 * `limit` (the server's CONTACT_RATE_LIMIT). This stores up to `limit` test inquiries from
 * "Security Check", so it runs only when asked (`--contact`).
 */
export async function raceContactPosts(
  baseUrl: string,
  options: { count?: number; limit?: number; minFillMs?: number } = {},
): Promise<RaceResult> {
  const { count = 30, limit = 20, minFillMs = 1500 } = options;
  const base = new URL(baseUrl);
  const from = raceSource(base);
  const tokens = await Promise.all(Array.from({ length: count }, () => fetchContactFormToken(base)));
  // A form sent sooner than a person could fill it is kept apart as possible spam: wait, so that
  // every message is an ordinary one and counts as the site counts them.
  await new Promise((resolve) => setTimeout(resolve, minFillMs + 200));
  const headers: Record<string, string> = {
    Origin: base.origin,
    Accept: "application/json",
    "Content-Type": "application/x-www-form-urlencoded",
    ...(from ? { "X-Forwarded-For": from } : {}),
  };
  const answers = await Promise.all(
    tokens.map((formToken, index) => {
      const body = new URLSearchParams({
        firstName: "Security",
        lastName: "Check",
        email: "security-check@example.invalid",
        phone: "555-0100",
        subject: "Other",
        paymentMethod: "Not Applicable",
        // Each its own message: the same words from pages served in one millisecond are one submission.
        message: `Sent by npm run check:security -- --contact (${index + 1} of ${count}).`,
        formToken,
      }).toString();
      return send(new URL("/api/inquiries", base), "POST", headers, body, from).then((answer) => answer.status);
    }),
  );
  return raceResult(`${count} contact messages at once, one address`, answers, { allowedStatus: 201, refusedStatuses: [429], limit });
}

export function formatResults(results: Array<ProbeResult>): string {
  const rows = results.map((result) => [
    result.method,
    result.path,
    result.credentials.label,
    result.origin === "none" ? "-" : result.origin,
    String(result.status) + (result.location ? ` → ${new URL(result.location, "http://x").pathname}` : ""),
    result.refused ? "refused" : "ACCEPTED",
  ]);
  const header = ["method", "path", "session", "origin", "answer", "result"];
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]!.length)));
  const line = (cells: Array<string>) => cells.map((cell, column) => cell.padEnd(widths[column]!)).join("  ");
  return [line(header), line(widths.map((width) => "-".repeat(width))), ...rows.map(line)].join("\n");
}
