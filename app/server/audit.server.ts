import { randomUUID } from "node:crypto";
import type { Db } from "./db/db.server.ts";

export type AuditAction =
  | "sign-in"
  | "sign-in-failed"
  | "sign-out"
  | "sessions-ended"
  | "password-changed"
  | "two-factor-enabled"
  | "two-factor-disabled"
  | "two-factor-change-refused"
  | "recovery-codes-renewed"
  | "two-factor-required"
  | "two-factor-not-required"
  | "admin-two-factor-reset"
  | "password-change-refused"
  | "password-reset-requested"
  | "password-reset-by-link"
  | "staff-invited"
  | "staff-invite-withdrawn"
  | "new-sign-in-mailed"
  | "inquiries-viewed"
  | "inquiry-marked-read"
  | "inquiry-marked-not-spam"
  | "inquiry-marked-unread"
  | "inquiry-archived"
  | "inquiry-unarchived"
  | "inquiries-exported"
  | "inquiries-deleted-by-retention"
  | "person-data-exported"
  | "person-erased"
  | "page-saved"
  | "services-changed"
  | "articles-changed"
  | "page-draft-saved"
  | "page-restored"
  | "profile-submitted"
  | "profile-approved"
  | "profile-sent-back"
  | "new-clients-changed"
  | "notice-added"
  | "notice-changed"
  | "notice-removed"
  | "publish-scheduled"
  | "publish-moved"
  | "publish-cancelled"
  | "publish-skipped"
  | "media-uploaded"
  | "media-deleted"
  | "media-renamed"
  | "media-replaced"
  | "media-described"
  | "admin-created"
  | "admin-password-reset"
  | "admin-role-changed"
  | "admin-disabled"
  | "admin-enabled"
  | "admin-removed"
  | "demo-admin-created"
  | "demo-admin-deleted";

export type AuditEntry = {
  action: AuditAction;
  /** Who did it: an admin account, or null for the CLI and the system. */
  admin?: { id: string; email: string } | null;
  /** What it was done to (an inquiry id, an account's e-mail). */
  target?: string | null;
  /** Extra facts (client address, reason); never a password. */
  details?: Record<string, string | number | boolean | null>;
};

/** Records one admin action with the time it happened. */
export async function recordAudit(db: Db, entry: AuditEntry, now = Date.now()): Promise<void> {
  await db
    .insertInto("audit_log")
    .values({
      id: randomUUID(),
      created_at: new Date(now).toISOString(),
      admin_id: entry.admin?.id ?? null,
      admin_email: entry.admin?.email ?? null,
      action: entry.action,
      target: entry.target ?? null,
      details: entry.details ? JSON.stringify(entry.details) : null,
    })
    .execute();
}

/** The latest entries, newest first. */
export async function listAuditLog(db: Db, limit = 100) {
  return db
    .selectFrom("audit_log")
    .select(["created_at", "admin_email", "action", "target", "details"])
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
}
