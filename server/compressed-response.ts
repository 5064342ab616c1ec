import type { IncomingMessage, ServerResponse } from "node:http";

/** A response body kept in memory with its compressed forms, made once and sent many times. */
export type CompressedBody = {
  body: Buffer;
  gzip: Buffer | null;
  br: Buffer | null;
  etag: string;
};

function pickEncoding(acceptEncoding: string | undefined, entry: CompressedBody): "br" | "gzip" | null {
  if (!acceptEncoding) return null;
  // Browsers send simple lists ("gzip, deflate, br, zstd"); q-values of zero are honoured.
  const accepts = (name: string) => new RegExp(`(^|[\\s,])${name}(?!;q=0(\\.0*)?(\\s*,|$))`).test(acceptEncoding);
  if (entry.br && accepts("br")) return "br";
  if (entry.gzip && accepts("gzip")) return "gzip";
  return null;
}

/** Sends a kept body with content negotiation, ETag revalidation and HEAD support. */
export function sendCompressed(
  request: IncomingMessage,
  response: ServerResponse,
  status: number,
  headers: Record<string, string>,
  entry: CompressedBody,
): void {
  response.setHeader("ETag", entry.etag);
  for (const [name, value] of Object.entries(headers)) response.setHeader(name, value);
  if (status === 200 && request.headers["if-none-match"] === entry.etag) {
    response.writeHead(304);
    response.end();
    return;
  }
  const encoding = pickEncoding(request.headers["accept-encoding"], entry);
  const body = encoding === "br" ? entry.br! : encoding === "gzip" ? entry.gzip! : entry.body;
  if (encoding) response.setHeader("Content-Encoding", encoding);
  response.setHeader("Content-Length", body.length);
  response.writeHead(status);
  response.end(request.method === "HEAD" ? undefined : body);
}
