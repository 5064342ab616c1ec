import type { IncomingMessage } from "node:http";
import Negotiator from "negotiator";

/** The compressed forms the server keeps of a body, in the order it prefers them. */
export type ContentCoding = "br" | "gzip";
const codings: ReadonlyArray<ContentCoding> = ["br", "gzip"];

// Browsers send a handful of different headers, and parsing one costs more than serving a cached
// page from memory; the answers are kept for the ones seen (a bounded number of them).
const answers = new Map<string, ReadonlyArray<ContentCoding>>();
const maxAnswers = 100;

/**
 * The compressed forms a request's Accept-Encoding allows, best first: by the client's q-values,
 * then brotli before gzip. A coding with q=0 is refused; none at all means the plain body.
 */
export function acceptedCodings(request: Pick<IncomingMessage, "headers">): ReadonlyArray<ContentCoding> {
  const header = request.headers["accept-encoding"] ?? "";
  let accepted = answers.get(header);
  if (!accepted) {
    accepted = new Negotiator(request).encodings(codings, { preferred: codings }) as ReadonlyArray<ContentCoding>;
    if (answers.size >= maxAnswers) answers.clear();
    answers.set(header, accepted);
  }
  return accepted;
}
