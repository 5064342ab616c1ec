import { editorBodyLimitBytes } from "#app/content/page-save.ts";
import { maxUploadRequestBytes } from "#app/server/media/media-requests.server.ts";
import { editorTabs } from "../app/content/pages.ts";

const KiB = 1024;
const MiB = 1024 * KiB;

export type BodyLimit = {
  /** A larger body is refused with 413. */
  maxBytes: number;
  /**
   * false (the default): the server reads the whole body before the route sees it, so a body
   * over the limit never reaches the route. true: the route reads the body as it arrives (an
   * upload) and answers for its size itself, even when the declared length is too large; the
   * body still fails once over this limit, and then the answer is 413 whatever the route said.
   */
  streamed?: boolean;
};

export type BodyLimits = { default: BodyLimit; paths: Record<string, BodyLimit> };

// The public forms, at their longest (5,000 characters of message, every field full of 3-byte
// characters, percent-encoded), post under 60 KB.
const publicForm: BodyLimit = { maxBytes: 128 * KiB };

// The content editors post a whole page, and the largest valid one is about 3.3 MB (page-save.ts).
const editor: BodyLimit = { maxBytes: editorBodyLimitBytes };

// A little above the route's own limit, so that the route's answer, with its reason ("The file
// is larger than 15 MB"), is the one staff see; this count is only the backstop.
const imageUpload: BodyLimit = { maxBytes: maxUploadRequestBytes + 64 * KiB, streamed: true };

/** How large a request body may be, by path. Every write goes through this one table. */
export const bodyLimits: BodyLimits = {
  // Admin forms post a few kilobytes of text.
  default: { maxBytes: 1 * MiB },
  paths: {
    "/contact": publicForm,
    "/api/inquiries": publicForm,
    "/admin/login": publicForm,
    // Every content tab (app/content/pages.ts).
    ...Object.fromEntries(editorTabs.map((tab) => [tab.path, editor])),
    // Image uploads (the Images tab's plain form, and its scripted upload with progress): the
    // route reads the body itself, stopping at the same limit.
    "/admin/images": imageUpload,
    "/admin/images/upload": imageUpload,
  },
};

/**
 * The limit for a request path. React Router matches paths without regard to case or a
 * trailing slash, and a route's `.data` requests (scripted form posts) share its limit.
 */
export function bodyLimitFor(path: string, limits: BodyLimits = bodyLimits): BodyLimit {
  const routePath = decodeURI(path)
    .toLowerCase()
    .replace(/\.data$/, "")
    .replace(/(.)\/+$/, "$1");
  return limits.paths[routePath] ?? limits.default;
}
