import { randomUUID } from "node:crypto";
import { createCookie } from "react-router";
import { mediaToasts } from "#app/lib/media-messages.ts";
import type { ToastMessage } from "#app/lib/toast-message.ts";
import { getConfig } from "./config.server.ts";

// The cookie names a message rather than carrying its text, so nobody can plant words of
// their own in the admin's notifications.
const flashToasts = {
  "login-success": { type: "success", title: "Login successful", description: "Welcome to the admin dashboard." },
  "marked-read": { type: "success", title: "Marked as read" },
  "image-uploaded": mediaToasts.uploaded,
  "image-deleted": mediaToasts.deleted,
  "page-restored": {
    type: "success",
    title: "Earlier version restored",
    description: "It is now the current version; the version it replaced stays in the history.",
  },
} as const satisfies Record<string, Omit<ToastMessage, "id">>;

export type FlashToast = keyof typeof flashToasts;

function flashCookie() {
  return createCookie("admin_toast", {
    httpOnly: true,
    sameSite: "lax",
    secure: getConfig().httpsOnly,
    path: "/admin",
    maxAge: 60,
  });
}

/** The Set-Cookie header that shows `toast` on the next admin page (after a redirect). */
export function flashToastCookie(toast: FlashToast): Promise<string> {
  return flashCookie().serialize(toast);
}

/** The toast waiting for this request, if any, and the header that consumes it. */
export async function readFlashToast(request: Request): Promise<{ toast: ToastMessage | null; setCookie: string | null }> {
  const cookie = flashCookie();
  const key: unknown = await cookie.parse(request.headers.get("Cookie"));
  if (typeof key !== "string" || !Object.hasOwn(flashToasts, key)) return { toast: null, setCookie: null };
  return {
    toast: { id: randomUUID(), ...flashToasts[key as FlashToast] },
    setCookie: await cookie.serialize("", { maxAge: 0 }),
  };
}
