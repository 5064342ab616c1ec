// The parts of two CommonJS libraries the server uses, typed for node:http (their DefinitelyTyped
// packages leave out negotiator's `preferred` option and type `compression` against Express).

declare module "negotiator" {
  import type { IncomingHttpHeaders } from "node:http";

  export default class Negotiator {
    constructor(request: { headers: IncomingHttpHeaders });
    /** Acceptable encodings from `available`, best first; ties go to the order of `preferred`. */
    encodings(available: ReadonlyArray<string>, options?: { preferred?: ReadonlyArray<string> }): Array<string>;
  }
}

declare module "compression" {
  import type { IncomingMessage, ServerResponse } from "node:http";

  export type CompressionOptions = {
    /** Bodies smaller than this many bytes are sent as they are (default 1024). */
    threshold?: number;
    /** zlib's gzip level. */
    level?: number;
  };

  export default function compression(
    options?: CompressionOptions,
  ): (request: IncomingMessage, response: ServerResponse, next: (error?: unknown) => void) => void;
}
