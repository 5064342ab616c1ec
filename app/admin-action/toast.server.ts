import { randomUUID } from "node:crypto";
import { createCookie } from "react-router";
import { exportRangeMessage } from "#app/inquiries/inquiry-export.ts";
import { personLookupMessage } from "#app/inquiries/person-data.ts";
import { mediaToasts } from "#app/media/media-texts.ts";
import type { ToastMessage } from "#app/admin-action/toast-message.ts";
import { isHttpsRequest } from "#app/staff/session.server.ts";

// The cookie names a message rather than carrying its text, so nobody can plant words of
// their own in the admin's notifications.
const flashToasts = {
  "login-success": { type: "success", title: "Login successful", description: "Welcome to the admin dashboard." },
  "login-with-recovery-code": {
    type: "success",
    title: "Login successful",
    description: "You used a recovery code; it will not work again. Make new ones under Your Account if few are left.",
  },
  "marked-read": { type: "success", title: "Marked as read" },
  "marked-not-spam": { type: "success", title: "Moved to the inquiries", description: "It is no longer marked as possible spam." },
  "marked-unread": { type: "success", title: "Marked as unread", description: "It is New again." },
  archived: { type: "success", title: "Archived", description: "It is kept under Archived, out of the other lists." },
  unarchived: { type: "success", title: "Moved back", description: "It is in its list again." },
  "export-refused": { type: "error", title: "Nothing exported", description: exportRangeMessage },
  "person-erased": { type: "success", title: "Erased", description: "Their inquiries, and the notifications about them, are deleted." },
  "person-export-refused": { type: "error", title: "Nothing exported", description: personLookupMessage },
  "password-chosen": { type: "success", title: "Your password is set", description: "You are signed in." },
  "owner-made": {
    type: "success",
    title: "Your Owner account is ready",
    description: "Demo mode has ended and you are signed in with it. Invite your colleagues on Staff Accounts.",
  },
  "session-ended": { type: "success", title: "Signed out", description: "That browser is no longer signed in to your account." },
  "sessions-ended": {
    type: "success",
    title: "Signed out everywhere else",
    description: "Only this browser is signed in to your account now.",
  },
  "image-uploaded": mediaToasts.uploaded,
  "image-replaced": mediaToasts.replaced,
  "image-deleted": mediaToasts.deleted,
  "image-renamed": { type: "success", title: "Name saved", description: "The image's address stays the same." },
  "service-added": {
    type: "success",
    title: "Service added",
    description: "It is a draft: fill in its page and publish it to put it on the site.",
  },
  "article-added": {
    type: "success",
    title: "Article added",
    description: "It is a draft: write it, then publish it or schedule it to put it on the site.",
  },
  "page-restored": {
    type: "success",
    title: "Earlier version restored",
    description: "It is now the current version; the version it replaced stays in the history.",
  },
} as const satisfies Record<string, Omit<ToastMessage, "id">>;

export type FlashToast = keyof typeof flashToasts;

function flashCookie(secure: boolean) {
  return createCookie("admin_toast", {
    httpOnly: true,
    sameSite: "lax",
    secure,
    path: "/admin",
    maxAge: 60,
  });
}

/** The Set-Cookie header that shows `toast` on the next admin page (after the redirect that answers `request`). */
export function flashToastCookie(request: Request, toast: FlashToast): Promise<string> {
  return flashCookie(isHttpsRequest(request)).serialize(toast);
}

/** The toast waiting for this request, if any, and the header that consumes it. */
export async function readFlashToast(request: Request): Promise<{ toast: ToastMessage | null; setCookie: string | null }> {
  const cookie = flashCookie(isHttpsRequest(request));
  const key: unknown = await cookie.parse(request.headers.get("Cookie"));
  if (typeof key !== "string" || !Object.hasOwn(flashToasts, key)) return { toast: null, setCookie: null };
  return {
    toast: { id: randomUUID(), ...flashToasts[key as FlashToast] },
    setCookie: await cookie.serialize("", { maxAge: 0 }),
  };
}
