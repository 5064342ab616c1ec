import type { Migration } from "kysely/migration";
import * as init from "./0001-init.ts";
import * as rateLimits from "./0002-rate-limits.ts";
import * as mailOutbox from "./0003-mail-outbox.ts";
import * as admin from "./0004-admin.ts";
import * as siteSettings from "./0005-site-settings.ts";
import * as inquiryIdempotency from "./0006-inquiry-idempotency.ts";
import * as adminSignIn from "./0007-admin-sign-in.ts";
import * as newInquiriesIndex from "./0008-new-inquiries-index.ts";
import * as contentRevisions from "./0009-content-revisions.ts";
import * as media from "./0010-media.ts";
import * as possibleSpam from "./0011-possible-spam.ts";
import * as inquiriesTable from "./0012-inquiries-table.ts";
import * as pageDrafts from "./0013-page-drafts.ts";
import * as inquiryArchive from "./0014-inquiry-archive.ts";
import * as inquirySearchText from "./0015-inquiry-search-text.ts";
import * as mediaTitle from "./0016-media-title.ts";
import * as mediaReplacedBy from "./0017-media-replaced-by.ts";
import * as mediaAlt from "./0018-media-alt.ts";
import * as revisionRestoredFrom from "./0019-revision-restored-from.ts";
import * as mediaFileBytesOptional from "./0020-media-file-bytes-optional.ts";
import * as inquiryCountIndex from "./0021-inquiry-count-index.ts";
import * as contentChanges from "./0022-content-changes.ts";
import * as archivedListIndex from "./0023-archived-list-index.ts";
import * as staffRoles from "./0024-staff-roles.ts";
import * as auditLogByPerson from "./0025-audit-log-by-person.ts";
import * as newSignInMail from "./0026-new-sign-in-mail.ts";
import * as sessionDevices from "./0027-session-devices.ts";
import * as accountLinks from "./0028-account-links.ts";
import * as twoFactor from "./0029-two-factor.ts";
import * as inquirySearchTokens from "./0030-inquiry-search-tokens.ts";
import * as sealedInquiryFields from "./0031-sealed-inquiry-fields.ts";
import * as collections from "./0032-collections.ts";
import * as inquiryTherapist from "./0033-inquiry-therapist.ts";
import * as clinicians from "./0034-clinicians.ts";
import * as inquiryLanguage from "./0035-inquiry-language.ts";
import * as pageLanguages from "./0036-page-languages.ts";
import * as profileLanguages from "./0037-profile-languages.ts";
import * as notices from "./0038-notices.ts";
import * as scheduledPublications from "./0039-scheduled-publications.ts";

// A static list (not a folder scan) so the migrations bundle with the server build and run
// the same from server start, scripts and tests. Append new ones; never rename.
export const migrations: Record<string, Migration> = {
  "0001-init": init,
  "0002-rate-limits": rateLimits,
  "0003-mail-outbox": mailOutbox,
  "0004-admin": admin,
  "0005-site-settings": siteSettings,
  "0006-inquiry-idempotency": inquiryIdempotency,
  "0007-admin-sign-in": adminSignIn,
  "0008-new-inquiries-index": newInquiriesIndex,
  "0009-content-revisions": contentRevisions,
  "0010-media": media,
  "0011-possible-spam": possibleSpam,
  "0012-inquiries-table": inquiriesTable,
  "0013-page-drafts": pageDrafts,
  "0014-inquiry-archive": inquiryArchive,
  "0015-inquiry-search-text": inquirySearchText,
  "0016-media-title": mediaTitle,
  "0017-media-replaced-by": mediaReplacedBy,
  "0018-media-alt": mediaAlt,
  "0019-revision-restored-from": revisionRestoredFrom,
  "0020-media-file-bytes-optional": mediaFileBytesOptional,
  "0021-inquiry-count-index": inquiryCountIndex,
  "0022-content-changes": contentChanges,
  "0023-archived-list-index": archivedListIndex,
  "0024-staff-roles": staffRoles,
  "0025-audit-log-by-person": auditLogByPerson,
  "0026-new-sign-in-mail": newSignInMail,
  "0027-session-devices": sessionDevices,
  "0028-account-links": accountLinks,
  "0029-two-factor": twoFactor,
  "0030-inquiry-search-tokens": inquirySearchTokens,
  "0031-sealed-inquiry-fields": sealedInquiryFields,
  "0032-collections": collections,
  "0033-inquiry-therapist": inquiryTherapist,
  "0034-clinicians": clinicians,
  "0035-inquiry-language": inquiryLanguage,
  "0036-page-languages": pageLanguages,
  "0037-profile-languages": profileLanguages,
  "0038-notices": notices,
  "0039-scheduled-publications": scheduledPublications,
};
