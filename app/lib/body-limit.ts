/**
 * How large a request body a route takes. A route says so in its `handle` (`bodyLimit`); the
 * HTTP shell finds the route a request goes to and refuses a larger body with 413 before React
 * Router reads it (http-shell/body-limits.ts). A route that says nothing takes the default.
 * These are plain numbers: a UI route's handle reaches the browser too.
 */
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

/** What a route's `handle` may say about its body. */
export type BodyLimitHandle = { bodyLimit?: BodyLimit };

const KiB = 1024;
const MiB = 1024 * KiB;

/** Admin forms post a few kilobytes of text. */
export const defaultBodyLimit: BodyLimit = { maxBytes: 1 * MiB };

/**
 * The public forms and sign-in: at their longest (5,000 characters of message, every field full
 * of 3-byte characters, percent-encoded) they post under 60 KB.
 */
export const publicFormBodyLimit: BodyLimit = { maxBytes: 128 * KiB };
