import { randomBytes } from "node:crypto";
import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { renderToPipeableStream } from "react-dom/server";
import { type EntryContext, type HandleErrorFunction, isRouteErrorResponse, ServerRouter } from "react-router";
import { log } from "./server/log.server.ts";
import { contentSecurityPolicy } from "./server/security-headers.server.ts";

export const streamTimeout = 5_000;

export default function handleRequest(request: Request, responseStatusCode: number, responseHeaders: Headers, routerContext: EntryContext) {
  // A fresh nonce per document: React Router's inline hydration scripts carry it, so the
  // policy can forbid every other inline script.
  const nonce = randomBytes(16).toString("base64");
  responseHeaders.set("Content-Security-Policy", contentSecurityPolicy(nonce, { viteDevServer: import.meta.env.DEV }));
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");

  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    // Every page is small: wait for all of it, so crawlers and the page cache get the whole
    // document in one piece and the status code is final.

    const { pipe, abort } = renderToPipeableStream(<ServerRouter context={routerContext} url={request.url} nonce={nonce} />, {
      nonce,
      onAllReady() {
        shellRendered = true;
        const body = new PassThrough();
        resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status: responseStatusCode }));
        pipe(body);
      },
      onShellError(error: unknown) {
        reject(error);
      },
      onError(error: unknown) {
        responseStatusCode = 500;
        if (shellRendered) log.error("Error rendering a page", error);
      },
    });
    setTimeout(abort, streamTimeout + 1000).unref();
  });
}

export const handleError: HandleErrorFunction = (error, { request }) => {
  // Aborted requests (the visitor went away) and a client's own mistakes (405 for a POST to
  // a page without a form, a malformed URL) are not errors worth a stack trace.
  if (request.signal.aborted) return;
  if (isRouteErrorResponse(error) && error.status < 500) {
    log.warn(`${error.status} ${error.statusText}`, { method: request.method, path: new URL(request.url).pathname });
    return;
  }
  log.error("Error handling a request", error, { method: request.method, path: new URL(request.url).pathname });
};
