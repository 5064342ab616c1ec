import { createHash, randomBytes } from "node:crypto";
import { createContext, createCookie, data, type MiddlewareFunction, redirect } from "react-router";
import { asOneLine } from "#app/lib/text-characters.ts";
import { adminAreaOf, adminPathOf, mayEnter, type StaffRole, staffRoleOf } from "#app/staff/staff-roles.ts";
import { getConfig } from "#app/server/config.server.ts";
import { getDb, type Db } from "#app/server/db/db.server.ts";
import { readSignInChallenge } from "./sign-in-challenge.server.ts";
import { twoFactorRequiredSetting } from "#app/server/site-settings.server.ts";

/** Spec section 4 and 9: an admin session lasts 24 hours from sign-in. */
export const sessionLifetimeMs = 24 * 60 * 60 * 1000;

export type AdminIdentity = {
  id: string;
  email: string;
  role: StaffRole;
  /** A Clinician's team member (the About page's staff id): the one profile they keep; else null. */
  teamMember: string | null;
  sessionId: string;
  /** Signs in with a code as well as the password (app/staff/two-factor.server.ts); the demo account never does. */
  twoFactor: "on" | "off" | "demo";
  /** It has no two-step sign-in and an Owner requires it: it may only set it up, or sign out. */
  mustSetUpTwoFactor: boolean;
  /** The demo account of demo mode (demo-admin.server.ts): it manages no accounts. */
  isDemo: boolean;
};

/**
 * Whether a request came over https: SITE_URL says the site always is, or (without SITE_URL) a
 * trusted proxy said so, which is when the request's URL is https (http-shell/request-listener.ts).
 */
export function isHttpsRequest(request: Request): boolean {
  return getConfig().httpsOnly || new URL(request.url).protocol === "https:";
}

function sessionCookie(secure: boolean) {
  // Over https the cookie is Secure and `__Host-` prefixed: the browser then refuses it from
  // plain http and from any subdomain, so no neighbour can plant or read it.
  return createCookie(secure ? "__Host-admin_session" : "admin_session", {
    httpOnly: true,
    sameSite: "lax",
    secure,
    path: "/",
  });
}

/** Only a hash of the token is stored, so a copy of the database holds no usable session. */
function sessionIdOf(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

async function readToken(request: Request): Promise<string | null> {
  const value: unknown = await sessionCookie(isHttpsRequest(request)).parse(request.headers.get("Cookie"));
  return typeof value === "string" && value.length > 0 && value.length <= 100 ? value : null;
}

/**
 * Starts a session; returns the Set-Cookie header that hands its token to the browser (`secure`:
 * over https; `userAgent`: the browser's, shown on the account page).
 */
export async function createAdminSession(
  db: Db,
  adminId: string,
  now = Date.now(),
  secure = getConfig().httpsOnly,
  userAgent: string | null = null,
): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  await db
    .insertInto("admin_sessions")
    .values({
      id: sessionIdOf(token),
      admin_id: adminId,
      created_at: new Date(now).toISOString(),
      expires_at: new Date(now + sessionLifetimeMs).toISOString(),
      user_agent: userAgent === null ? null : asOneLine(userAgent, 300) || null,
      last_used_at: null,
    })
    .execute();
  // Expired sessions are swept now and then rather than on every sign-in.
  if (Math.random() < 0.1) await db.deleteFrom("admin_sessions").where("expires_at", "<=", new Date(now).toISOString()).execute();
  return sessionCookie(secure).serialize(token, { maxAge: sessionLifetimeMs / 1000 });
}

/** The admin signed in on this request, or null (no cookie, unknown token, or expired). */
export async function getAdminSession(db: Db, request: Request, now = Date.now()): Promise<AdminIdentity | null> {
  const token = await readToken(request);
  if (!token) return null;
  const row = await db
    .selectFrom("admin_sessions")
    .innerJoin("admin_users", "admin_users.id", "admin_sessions.admin_id")
    .select([
      "admin_sessions.id as sessionId",
      "admin_sessions.expires_at as expiresAt",
      "admin_sessions.created_at as createdAt",
      "admin_sessions.last_used_at as lastUsedAt",
      "admin_users.id",
      "admin_users.email",
      "admin_users.role",
      "admin_users.team_member",
      "admin_users.totp_enabled_at",
      "admin_users.is_demo",
      // The Owner's requirement, read with the session rather than by a query of its own on every admin request.
      (eb) => eb.selectFrom("site_settings").select("value").where("key", "=", twoFactorRequiredSetting).as("twoFactorRequired"),
    ])
    .where("admin_sessions.id", "=", sessionIdOf(token))
    .where("admin_users.disabled_at", "is", null)
    .executeTakeFirst();
  if (!row) return null;
  if (Date.parse(row.expiresAt) <= now) {
    await db.deleteFrom("admin_sessions").where("id", "=", row.sessionId).execute();
    return null;
  }
  const role = staffRoleOf(row.role);
  if (!role) return null;
  // "Last used" is kept to the nearest few minutes: most requests write nothing.
  if (Date.parse(row.lastUsedAt ?? row.createdAt) < now - lastUsedStepMs) {
    await db
      .updateTable("admin_sessions")
      .set({ last_used_at: new Date(now).toISOString() })
      .where("id", "=", row.sessionId)
      .execute();
  }
  const twoFactor = row.is_demo === 1 ? "demo" : row.totp_enabled_at !== null ? "on" : "off";
  const mustSetUpTwoFactor = twoFactor === "off" && row.twoFactorRequired === "on";
  return {
    id: row.id,
    email: row.email,
    role,
    teamMember: row.team_member,
    sessionId: row.sessionId,
    twoFactor,
    mustSetUpTwoFactor,
    isDemo: row.is_demo === 1,
  };
}

const lastUsedStepMs = 5 * 60 * 1000;

/**
 * Requests made by scripts rather than by a browser loading a page: React Router's data
 * requests, JSON clients, and writes that are not a plain form navigation.
 */
function isApiRequest(request: Request): boolean {
  if (new URL(request.url).pathname.endsWith(".data")) return true;
  if (request.headers.get("Accept")?.includes("application/json")) return true;
  const isWrite = request.method !== "GET" && request.method !== "HEAD";
  return isWrite && request.headers.get("Sec-Fetch-Mode") !== "navigate";
}

/**
 * The signed-in admin, or a thrown refusal: pages are redirected to /admin/login, API-style
 * requests answered 401. The session middleware (adminSession) calls it once per request.
 */
export async function requireAdmin(request: Request, options: { now?: number } = {}): Promise<AdminIdentity> {
  const admin = await getAdminSession(await getDb(), request, options.now);
  if (admin) return admin;
  // A stale cookie is dropped so the browser stops sending it.
  const hadCookie = (await readToken(request)) !== null;
  const headers = hadCookie ? { "Set-Cookie": await clearSessionCookie(request) } : undefined;
  if (isApiRequest(request)) throw data({ error: "Your session has ended. Please sign in again." }, { status: 401, headers });
  // Half-way through signing in (the password was right, the code not given yet): that is where to go on.
  const challenged = await readSignInChallenge(await getDb(), request.headers.get("Cookie"), Date.now(), isHttpsRequest(request));
  throw redirect(challenged ? "/admin/login/code" : "/admin/login", { headers });
}

/** The signed-in staff member of this request, as adminSession found them. */
export const adminContext = createContext<AdminIdentity>();

export const forbiddenMessage = "Your account does not have access to this part of the dashboard.";

/**
 * The middleware of every signed-in admin route (app/routes/admin/signed-in.tsx): the session is
 * checked once per request, before any loader or action runs, which then read it from
 * `context.get(adminContext)`. Without one: a redirect to sign-in, or 401 for a script. A staff
 * member whose role does not reach the address (adminAreaOf) gets 403, before anything is read.
 */
export const adminSession: MiddlewareFunction<Response> = async ({ request, context }) => {
  const admin = await requireAdmin(request);
  const path = new URL(request.url).pathname;
  if (!mayEnter(admin.role, adminAreaOf(path))) {
    throw data(isApiRequest(request) ? { error: forbiddenMessage } : forbiddenMessage, { status: 403 });
  }
  if (admin.mustSetUpTwoFactor && !isTwoFactorSetup(path)) {
    if (isApiRequest(request)) throw data({ error: twoFactorFirstMessage }, { status: 403 });
    throw redirect(twoFactorSetupPath);
  }
  context.set(adminContext, admin);
};

const twoFactorSetupPath = "/admin/account/two-factor";
const twoFactorFirstMessage = "An Owner requires two-step sign-in: set it up under Your Account first.";

/** While an Owner requires two-step sign-in, an account without it may only set it up, or sign out. */
function isTwoFactorSetup(pathname: string): boolean {
  const path = adminPathOf(pathname);
  return path === twoFactorSetupPath || path === "/admin/logout";
}

/** Ends this request's session on the server; returns the header that clears the cookie. */
export async function destroyAdminSession(db: Db, request: Request): Promise<string> {
  const token = await readToken(request);
  if (token) {
    await db.deleteFrom("admin_sessions").where("id", "=", sessionIdOf(token)).execute();
  }
  return clearSessionCookie(request);
}

function clearSessionCookie(request: Request): Promise<string> {
  return sessionCookie(isHttpsRequest(request)).serialize("", { maxAge: 0 });
}
