import { z } from "zod";
import { adminEmailSchema, invalidEmailMessage } from "#app/staff/admin-email.ts";
import { adminPasswordSchema, passwordsDifferMessage } from "./passwords.ts";
import { staffRoleSchema } from "./staff-roles.ts";
import { itemIdPattern } from "#app/content/text-fields.ts";

/** The forms of the Owner's Staff Accounts page (/admin/staff), checked the same in the browser and on the server. */

/** Said, beside the page's other messages and as a toast, by the Remove form sent without its box ticked. */
export const removeConfirmMessage = "Tick the box to confirm: a removed account cannot be brought back.";
const chooseRoleMessage = "Choose Owner, Editor, Inbox or Clinician.";
/** Said when a Clinician is invited or made without the team member whose profile they keep. */
export const chooseTeamMemberMessage = "Choose the team member whose profile they keep.";

/**
 * Inviting a staff member (their e-mail and role) or withdrawing an open invitation, or a change
 * to one account: its role, disabling or enabling it, removing it (confirmed), resetting its
 * password, or turning its two-step sign-in off (a lost phone); or whether every account must use
 * two-step sign-in.
 */
export const staffActionSchema = z
  .object({
    intent: z.enum(["invite", "withdraw", "set-role", "disable", "enable", "remove", "reset", "reset-two-factor", "require-two-factor"], {
      error: "Choose what to do.",
    }),
    email: adminEmailSchema.optional(),
    role: staffRoleSchema.optional(),
    // A Clinician's team member (the About page's staff id); ignored for the other roles.
    teamMember: z.string().regex(itemIdPattern, { error: chooseTeamMemberMessage }).optional(),
    confirm: z.literal("on").optional(),
    required: z.literal("on").optional(),
  })
  .refine((value) => value.intent === "require-two-factor" || value.email !== undefined, {
    path: ["email"],
    error: invalidEmailMessage,
  })
  .refine((value) => (value.intent !== "invite" && value.intent !== "set-role") || value.role !== undefined, {
    path: ["role"],
    error: chooseRoleMessage,
  })
  .refine((value) => value.role !== "clinician" || value.teamMember !== undefined, {
    path: ["teamMember"],
    error: chooseTeamMemberMessage,
  });

/**
 * The demo account's one form on Staff Accounts: its user's own Owner account (e-mail, password
 * twice), which ends demo mode (app/staff/demo-admin.server.ts).
 */
export const makeOwnerSchema = z
  .object({
    intent: z.literal("make-owner"),
    email: adminEmailSchema,
    password: adminPasswordSchema,
    confirm: z.string({ error: "Type the password again." }).max(1024, { error: passwordsDifferMessage }),
  })
  .refine((value) => value.password === value.confirm, { path: ["confirm"], error: passwordsDifferMessage });

/** Said to the demo account for every other change on Staff Accounts (the server answers 403). */
export const demoManagesNoAccountsMessage =
  "The demo account cannot make or change accounts. Make your own Owner account first: demo mode then ends, and you invite the others.";

/** Said, and the server refuses (403), when the demo account of DEMO_MODE=public tries to make or change an account. */
export const publicDemoMessage =
  "This is a public demonstration: accounts cannot be made or changed here. The site's operator creates the first real account with npm run admin -- create.";

/** The two kinds of one-time link: an invitation, and a link to choose a new password. */
export type LinkKind = "invite" | "reset";

/** "Forgot your password?" on the sign-in page. */
export const forgotPasswordSchema = z.object({ email: adminEmailSchema });

/** The one answer to "Forgot your password?", whether or not the e-mail has an account: the form tells no one which do. */
export function resetRequestedMessage(email: string): string {
  return `If ${email} is the e-mail of an account that may sign in, a link to choose a new password is on its way to it. The link works once, for one hour.`;
}

/** What a one-time link's page says once the link is spent or expired (or never was). */
export const usedLinkMessage = "This link has expired, was withdrawn, or was used already. Ask an owner for a new one.";
