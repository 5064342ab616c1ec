import type { Generated, Insertable, Selectable } from "kysely";

// Mirrors migrations/. Types only those both engines return alike: text ids, ISO-8601 text
// timestamps set in app code, JSON as text parsed by zod, integer 0/1 for booleans.
export type PageContentTable = {
  id: string;
  page_name: string;
  /** The language of its texts: "en", or a translation's ("es") with its own versions (decision 047). */
  lang: Generated<string>;
  /** For a translation: the English live version it was last saved from (null for English). */
  source_version: number | null;
  /** What visitors see: JSON, or the JSON text "null" while only drafts were saved. */
  content: string;
  /** The pending draft (JSON), saved but not live; null when there is none. */
  draft: string | null;
  created_at: string;
  updated_at: string;
  /** Counts the saves of this page, drafts included (1 for the first); a save must name the version it edited. */
  version: Generated<number>;
};

/** Every saved version of a page, with who saved it. */
export type PageRevisionTable = {
  id: string;
  page_name: string;
  lang: Generated<string>;
  /** For a translation: the English live version it was saved from. */
  source_version: number | null;
  version: number;
  content: string;
  admin_id: string | null;
  admin_email: string | null;
  created_at: string;
  /** 1 for a version that went live, 0 for a draft. */
  published: Generated<number>;
  /** The version this one restored, or null for a save from an editor. */
  restored_from: number | null;
};

/** One row (id 1): state the whole site shares. */
export type SiteStateTable = {
  id: number;
  /** Bumped by every content or media change: instances drop their cached pages when it moves. */
  content_version: number;
};

/** What each move of the content counter changed (recent moves only): JSON list of content keys. */
export type ContentChangeTable = {
  version: number;
  keys: string;
};

export type InquiryTable = {
  id: string;
  created_at: string;
  /** What the visitor wrote (name, e-mail, phone, message, insurance company), sealed as one value. */
  sealed_fields: string;
  service: string;
  payment_method: string;
  is_read: number;
  read_at: string | null;
  /** The key of the form rendering it was sent from (unique): a resent form is stored once. */
  idempotency_key: string | null;
  /** 1 when it looked like a bot's (listed apart, no notification); staff may mark it not spam. */
  possible_spam: Generated<number>;
  /** Why it looked like a bot's, for staff ("sent 0.4 s after the form was shown"). */
  spam_reason: string | null;
  /** 1 when staff archived it: out of the inbox's lists, not deleted. */
  archived: Generated<number>;
  /** The therapist it was sent for (/contact?with=…), by their name then; null: for anyone. */
  therapist: string | null;
  /** The language of the page it was sent from ("en", "es"; decision 047; app/i18n/languages.ts). */
  language: Generated<string>;
};

/** One keyed hash of a word an inquiry can be found by (app/inquiries/inquiry-sealing.server.ts). */
export type InquirySearchTokenTable = {
  token: string;
  inquiry_id: string;
};

export type RateLimitCounterTable = {
  key: string;
  count: number;
  expires_at: string;
};

export type MailOutboxTable = {
  id: string;
  created_at: string;
  /** What the message is, e.g. "inquiry-notification". */
  kind: string;
  /** The record it is about (an inquiry id), if any. */
  reference_id: string | null;
  to_address: string;
  subject: string;
  body_text: string;
  attempts: number;
  next_attempt_at: string;
  /** Set while a sender is delivering it, so two instances never send it twice at once. */
  locked_until: string | null;
  last_error: string | null;
  sent_at: string | null;
};

export type AdminUserTable = {
  id: string;
  email: string;
  password_hash: string;
  is_demo: number;
  created_at: string;
  updated_at: string;
  /** Set while the account may not sign in (its sessions were ended then). */
  disabled_at: string | null;
  /** What the account may do: app/staff/staff-roles.ts. */
  role: Generated<string>;
  /** A Clinician's team member (the About page's staff id): the one profile they edit. */
  team_member: string | null;
  /** The office day (YYYY-MM-DD) it was last mailed of a sign-in from a new browser. */
  new_sign_in_mailed_on: string | null;
  /** Two-step sign-in (app/staff/two-factor.server.ts): the secret being set up, shown as a QR code. */
  totp_pending_secret: string | null;
  /** The authenticator's base32 secret, once a first code confirmed it. */
  totp_secret: string | null;
  totp_enabled_at: string | null;
  /** The last TOTP time step a code was accepted for: each code works once. */
  totp_last_step: number | null;
};

export type AdminRecoveryCodeTable = {
  /** SHA-256 of the code. */
  code_hash: string;
  admin_id: string;
  created_at: string;
  used_at: string | null;
};

export type AdminSignInAddressTable = {
  admin_id: string;
  address: string;
  last_signed_in_at: string;
};

export type AdminSessionTable = {
  /** SHA-256 of the cookie's random token: a stolen database holds no usable session. */
  id: string;
  admin_id: string;
  created_at: string;
  expires_at: string;
  /** The browser's User-Agent at sign-in (shown on the account page), or null. */
  user_agent: string | null;
  /** When the session last opened an admin page, to the nearest few minutes; null: not since sign-in. */
  last_used_at: string | null;
};

export type AccountLinkTable = {
  /** SHA-256 of the link's secret. */
  id: string;
  kind: "invite" | "reset";
  /** Whom it is for (an invitation: the account it makes; a reset: the account it opens). */
  email: string;
  /** An invitation's role. */
  role: string | null;
  /** An invitation's team member, for a Clinician. */
  team_member: string | null;
  /** The Owner who made it, or null (a "forgot password" request). */
  created_by: string | null;
  created_at: string;
  expires_at: string;
  used_at: string | null;
};

/** A Clinician's change to their own profile, waiting for review (app/staff/profile-review.server.ts). */
export type ProfileSubmissionTable = {
  member_id: string;
  /** The language of the texts it changes ("en", or "es" for the member's Spanish texts). */
  lang: string;
  version: number;
  state: "awaiting" | "sent-back" | "approved";
  fields: string;
  submitted_by: string;
  submitted_at: string;
  reviewed_by: string | null;
  reviewed_at: string | null;
  note: string | null;
};

export type NoticeTable = {
  id: string;
  text_en: string;
  text_es: Generated<string>;
  link: Generated<string>;
  link_text_en: Generated<string>;
  link_text_es: Generated<string>;
  /** ISO instants: it shows from starts_at until ends_at. */
  starts_at: string;
  ends_at: string;
  version: Generated<number>;
  updated_by: string | null;
  updated_at: string;
};

/** A saved draft of a page, in one language, to be published at a time (issue 44). */
export type ScheduledPublicationTable = {
  id: string;
  page_name: string;
  lang: string;
  /** ISO instant: when it goes live. */
  publish_at: string;
  /** "scheduled", then "published", "cancelled" or "skipped". */
  status: Generated<string>;
  version: Generated<number>;
  scheduled_by_id: string | null;
  scheduled_by: string;
  updated_at: string;
  published_version: number | null;
  done_at: string | null;
  note: string | null;
};

export type AuditLogTable = {
  id: string;
  created_at: string;
  admin_id: string | null;
  admin_email: string | null;
  action: string;
  target: string | null;
  /** JSON text. */
  details: string | null;
};

export type SiteSettingTable = {
  key: string;
  value: string;
  created_at: string;
};

/** An uploaded image (spec section 3, Image record); its files are listed in media_files. */
export type MediaTable = {
  /** Random, carrying the image size ("<random>-<width>x<height>", see app/media/media.ts). */
  id: string;
  bucket: string;
  /** Random string plus the original extension (spec call 9). */
  name: string;
  /** "<bucket>/<name>", unique. */
  path: string;
  /** Of the stored original. */
  content_type: string;
  /** Bytes of the stored original (metadata removed). */
  size: number;
  width: number;
  height: number;
  created_at: string;
  updated_at: string;
  /** What the picture shows, for people who cannot see it; "" when not described (yet). */
  alt: string;
  /** The image that replaced this one ("Replace"): its pages show that one; null while it is shown as itself. */
  replaced_by: string | null;
  /** What staff call it: the uploaded file's own name at first, editable; "" for older uploads. */
  title: Generated<string>;
};

/** One stored file of an image: the cleaned original (file = its name) or a variant ("640.avif"). */
export type MediaFileTable = {
  media_id: string;
  file: string;
  content_type: string;
  width: number;
  height: number;
  size: number;
  /** Quoted strong ETag, from a hash of the bytes. */
  etag: string;
  /** The file itself; null when a store keeps it elsewhere (MEDIA_STORE=disk: a file under MEDIA_DIR). */
  bytes: Uint8Array | null;
};

/** A kind of entries (decision 043) whose list is stored: its version moves with every change of the list. */
export type CollectionTable = {
  kind: string;
  version: number;
};

/** One entry of a collection (a service): what menus and lists show; its content is the page_content row named by its id. */
export type CollectionEntryTable = {
  id: string;
  kind: string;
  slug: string;
  /** Its name in menus, lists and the contact form's subjects. */
  title: string;
  /** The text of its card on the home page. */
  summary: string;
  position: number;
  /** "draft" (never published), "live" or "retired". */
  status: string;
  /** 1 when the home page's grid shows it. */
  on_home: number;
  /** Where its addresses send visitors while it is retired (a public path); null: the kind's default. */
  retired_to: string | null;
  /** When it was first published; null while it is a draft. */
  published_at: string | null;
  updated_at: string;
  /** The e-mail of who last changed it; null for the built-in list. */
  updated_by: string | null;
};

/** Every public address an entry has had (its current one among them). */
export type EntryAddressTable = {
  path: string;
  entry_id: string;
};

/** Every name a service has been offered under, for the inbox. */
export type OfferedSubjectTable = {
  name: string;
};

export type Database = {
  page_content: PageContentTable;
  page_revisions: PageRevisionTable;
  site_state: SiteStateTable;
  content_changes: ContentChangeTable;
  inquiries: InquiryTable;
  rate_limit_counters: RateLimitCounterTable;
  mail_outbox: MailOutboxTable;
  admin_users: AdminUserTable;
  admin_sessions: AdminSessionTable;
  account_links: AccountLinkTable;
  admin_recovery_codes: AdminRecoveryCodeTable;
  inquiry_search_tokens: InquirySearchTokenTable;
  audit_log: AuditLogTable;
  site_settings: SiteSettingTable;
  admin_sign_in_addresses: AdminSignInAddressTable;
  media: MediaTable;
  media_files: MediaFileTable;
  collections: CollectionTable;
  collection_entries: CollectionEntryTable;
  entry_addresses: EntryAddressTable;
  offered_subjects: OfferedSubjectTable;
  profile_submissions: ProfileSubmissionTable;
  notices: NoticeTable;
  scheduled_publications: ScheduledPublicationTable;
};

export type PageContentRow = Selectable<PageContentTable>;
export type ProfileSubmissionRow = Selectable<ProfileSubmissionTable>;
export type PageRevisionRow = Selectable<PageRevisionTable>;
export type NewInquiry = Insertable<InquiryTable>;
