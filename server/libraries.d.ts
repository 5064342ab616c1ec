// The parts of CommonJS libraries the server uses, typed for node:http (negotiator's
// DefinitelyTyped package leaves out the `preferred` option).

declare module "negotiator" {
  import type { IncomingHttpHeaders } from "node:http";

  export default class Negotiator {
    constructor(request: { headers: IncomingHttpHeaders });
    /** Acceptable encodings from `available`, best first; ties go to the order of `preferred`. */
    encodings(available: ReadonlyArray<string>, options?: { preferred?: ReadonlyArray<string> }): Array<string>;
  }
}
