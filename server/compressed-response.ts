import type { IncomingMessage, ServerResponse } from "node:http";
import { acceptedCodings } from "./content-coding.ts";

/** A response body kept in memory with its compressed forms, made once and sent many times. */
export type CompressedBody = {
  body: Buffer;
  gzip: Buffer | null;
  br: Buffer | null;
  etag: string;
};

function pickEncoding(request: IncomingMessage, entry: CompressedBody): "br" | "gzip" | null {
  return acceptedCodings(request).find((coding) => entry[coding] !== null) ?? null;
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
  const encoding = pickEncoding(request, entry);
  const body = encoding === "br" ? entry.br! : encoding === "gzip" ? entry.gzip! : entry.body;
  if (encoding) response.setHeader("Content-Encoding", encoding);
  response.setHeader("Content-Length", body.length);
  response.writeHead(status);
  response.end(request.method === "HEAD" ? undefined : body);
}
