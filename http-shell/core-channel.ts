import { type MessagePort, receiveMessageOnPort, type Transferable } from "node:worker_threads";
import type { RequestClient } from "#app/server/client-address.server.ts";
import { currentRequestId, log, withRequestId } from "#app/server/log.server.ts";
import type { MediaAnswer } from "#app/media/media-delivery.server.ts";
import type { StaleContent } from "#app/content/page-store.server.ts";
import type { PageEntry, PageSource } from "./page-cache.ts";

// The HTTP loops (threads that answer visitors, server.ts) reach the core (the thread that holds
// the database) over one MessagePort each. Request bodies travel as transferred streams, answers
// whole in one buffer up to 1 MB (gathered). One port carries both the answers and the news of
// content changes, in the order they were posted: an answer sent after a save comes after the
// save's news. A loop that did not make the save hears of it before it serves its next cached
// page, through a counter they share (see `syncChanges`).

/**
 * What only the thread that holds the database does: React Router's answers, renders for the
 * page cache, stored images, readiness, and the news of content changes. An HTTP loop reaches it
 * directly in the same thread, or over a channel from its own (below).
 */
export type AppCore = {
  /** Answers a request the HTTP shell hands on (React Router), knowing who sent it. */
  handleRequest(request: Request, client: RequestClient): Promise<Response>;
  /**
   * A public page for the page cache, with the content keys it read: rendered and compressed in
   * the core's thread, or over the channel the copy in that thread's own cache, so every loop
   * sends the same bytes (and ETag) and each page is made once per change.
   */
  page: PageSource;
  /** The answer for an uploaded image's address (/media/<id>/<file>). */
  mediaAnswer(path: string, method: string, ifNoneMatch: string | null): Promise<MediaAnswer>;
  /** Whether this instance can serve (/readyz): the database answers, the outbox is not stuck, no shutdown began. */
  ready(): Promise<boolean>;
  /** The secret the contact form's tokens are signed with. */
  formTokenSecret(): Promise<string>;
  /** Calls `listener` with what each content change made stale, here or in another instance; returns the function that stops. */
  watch(listener: (stale: StaleContent) => void): () => void;
  /** Reports to `watch`'s listeners, before it returns, every change made before it was called. */
  syncChanges(): void;
};

type Call =
  | {
      op: "handle";
      id: number;
      method: string;
      url: string;
      headers: Array<[string, string]>;
      body: ReadableStream<Uint8Array> | null;
      client: RequestClient;
      requestId: string | undefined;
    }
  | { op: "abort"; id: number }
  | { op: "page"; id: number; path: string; status: number }
  | { op: "media"; id: number; path: string; method: string; ifNoneMatch: string | null }
  | { op: "ready"; id: number }
  | { op: "secret"; id: number };

type Unsent<T = Call> = T extends Call ? Omit<T, "id"> : never;
type SentResponse = {
  status: number;
  statusText: string;
  headers: Array<[string, string]>;
  body: ArrayBuffer | ReadableStream<Uint8Array> | null;
};
type Failure = { name: string; message: string; stack?: string };
type Reply =
  | { op: "reply"; id: number; value: unknown }
  | { op: "fail"; id: number; error: Failure }
  | { op: "stale"; stale: StaleContent };

/**
 * Answers the calls of the HTTP loops at the other end of `ports` with `core`, and their pages
 * with `pages` (the page cache of this thread's loop). Each content change is posted to every
 * loop, then `changes[0]` moves, so a loop that looks at it before serving a cached page knows to
 * read its port first.
 */
export function exposeCore(core: AppCore, pages: PageSource, ports: ReadonlyArray<MessagePort>, changes: Int32Array): void {
  core.watch((stale) => {
    // A Set crosses as a Set (structured clone).
    for (const port of ports) port.postMessage({ op: "stale", stale } satisfies Reply);
    Atomics.add(changes, 0, 1);
  });
  for (const port of ports) {
    const aborts = new Map<number, AbortController>();
    const reply = (id: number, work: Promise<[unknown, Array<Transferable>?]>) =>
      work.then(
        ([value, transfer]) => port.postMessage({ op: "reply", id, value } satisfies Reply, transfer ?? []),
        (error: unknown) => port.postMessage({ op: "fail", id, error: failureOf(error) } satisfies Reply),
      );
    port.on("message", (call: Call) => {
      switch (call.op) {
        case "handle": {
          const aborted = new AbortController();
          aborts.set(call.id, aborted);
          const { method, url, headers, body, client, requestId } = call;
          // Whatever fails, even before the first await, is the loop's failed call, never this thread's.
          const work = (async (): Promise<[SentResponse, Array<Transferable>]> => {
            // Node needs `duplex` for a streamed body; the DOM types do not know it yet.
            const request = new Request(url, { method, headers, body, signal: aborted.signal, duplex: "half" } as RequestInit);
            const answer = () => core.handleRequest(request, client);
            const response = await (requestId ? withRequestId(requestId, answer) : answer());
            const answerBody = await gathered(response.body);
            const sent = { status: response.status, statusText: response.statusText, headers: [...response.headers], body: answerBody };
            return [sent, answerBody ? [answerBody as unknown as Transferable] : []];
          })();
          void reply(call.id, work).finally(() => aborts.delete(call.id));
          return;
        }
        case "abort":
          aborts.get(call.id)?.abort();
          return;
        // Copied, not moved: this thread's cache keeps serving its own page.
        case "page":
          return void reply(call.id, pages(call.path, call.status).then(alone));
        case "media":
          return void reply(call.id, core.mediaAnswer(call.path, call.method, call.ifNoneMatch).then(alone));
        case "ready":
          return void reply(call.id, core.ready().then(alone));
        case "secret":
          return void reply(call.id, core.formTokenSecret().then(alone));
      }
    });
  }
}

/** Answers up to this size cross in one message; larger ones as a stream. */
const gatheredUpTo = 1024 * 1024;

/**
 * A response body as it crosses to the loop: whole, in one transferred buffer, when it ends
 * within gatheredUpTo; otherwise a stream of what was read and the rest. A transferred stream
 * costs a message and its acknowledgement per chunk, and React writes a document in many small
 * ones: an inbox document through a loop thread took 16 ms against 12 in one thread.
 */
async function gathered(body: ReadableStream<Uint8Array> | null): Promise<ArrayBuffer | ReadableStream<Uint8Array> | null> {
  if (!body) return null;
  const reader = body.getReader();
  const chunks: Array<Uint8Array> = [];
  let size = 0;
  while (size <= gatheredUpTo) {
    const { done, value } = await reader.read();
    if (done) {
      // Its own buffer, to transfer (a Buffer may be a slice of Node's shared pool).
      const whole = new Uint8Array(size);
      let at = 0;
      for (const chunk of chunks) {
        whole.set(chunk, at);
        at += chunk.byteLength;
      }
      return whole.buffer;
    }
    chunks.push(value);
    size += value.byteLength;
  }
  return streamOf(reader, chunks);
}

/** A stream of `read` (what was read of it already first), a cancel of it cancelling `reader`. */
function streamOf(reader: ReadableStreamDefaultReader<Uint8Array>, read: Array<Uint8Array> = []): ReadableStream<Uint8Array> {
  return new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of read) controller.enqueue(chunk);
    },
    async pull(controller) {
      const { done, value } = await reader.read();
      if (done) controller.close();
      else controller.enqueue(value);
    },
    cancel: (reason) => reader.cancel(reason),
  });
}

/** An answer with nothing to transfer. */
const alone = (value: unknown): [unknown] => [value];

/**
 * The core as an HTTP loop sees it from its own thread: each call a message on `port`.
 * `syncChanges` reads every message already posted when `changes` moved since it last looked,
 * so content changes made before a request arrived are known before it is answered.
 */
export function coreOverPort(port: MessagePort, changes: Int32Array): AppCore {
  let nextId = 0;
  let seenChanges = Atomics.load(changes, 0);
  const pending = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();
  const listeners = new Set<(stale: StaleContent) => void>();
  const receive = (reply: Reply) => {
    if (reply.op === "stale") {
      for (const listener of listeners) listener(reply.stale);
      return;
    }
    const waiting = pending.get(reply.id);
    pending.delete(reply.id);
    if (reply.op === "reply") waiting?.resolve(reply.value);
    else waiting?.reject(Object.assign(new Error(reply.error.message), reply.error));
  };
  port.on("message", receive);

  function call<T>(message: Unsent, transfer: Array<Transferable> = []): { id: number; answer: Promise<T> } {
    const id = nextId++;
    const answer = new Promise<T>((resolve, reject) => {
      pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
    });
    port.postMessage({ ...message, id }, transfer);
    return { id, answer };
  }

  return {
    syncChanges() {
      const now = Atomics.load(changes, 0);
      if (now === seenChanges) return;
      seenChanges = now;
      for (let message = receiveMessageOnPort(port); message; message = receiveMessageOnPort(port)) receive(message.message as Reply);
    },
    async handleRequest(request, client) {
      // The body goes over through a relay this thread reads for it, so what the core leaves
      // unread can be given up here once it has answered (below).
      const reader = request.body?.getReader();
      const body = reader ? streamOf(reader) : null;
      const { id, answer } = call<SentResponse>(
        {
          op: "handle",
          method: request.method,
          url: request.url,
          headers: [...request.headers],
          body,
          client,
          requestId: currentRequestId(),
        },
        body ? [body as unknown as Transferable] : [],
      );
      const onAbort = () => port.postMessage({ op: "abort", id } satisfies Call);
      request.signal.addEventListener("abort", onAbort, { once: true });
      try {
        const sent = await answer;
        // As the shell does in one thread with a body the route did not read: cancelled, so the
        // shell can read the rest off the connection and throw it away (request-listener.ts).
        await reader?.cancel().catch(() => {});
        return new Response(sent.body, { status: sent.status, statusText: sent.statusText, headers: sent.headers });
      } finally {
        request.signal.removeEventListener("abort", onAbort);
      }
    },
    async page(path, status) {
      const { page, reads } = await call<PageEntry>({ op: "page", path, status }).answer;
      // A Buffer arrives as a plain Uint8Array: the same bytes, seen as a Buffer again.
      const buffer = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
      return { page: page && { ...page, body: buffer(page.body), gzip: buffer(page.gzip), br: buffer(page.br) }, reads };
    },
    mediaAnswer: (path, method, ifNoneMatch) => call<MediaAnswer>({ op: "media", path, method, ifNoneMatch }).answer,
    ready: () => call<boolean>({ op: "ready" }).answer,
    formTokenSecret: () => call<string>({ op: "secret" }).answer,
    watch(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

function failureOf(error: unknown): Failure {
  if (error instanceof Error) return { name: error.name, message: error.message, stack: error.stack };
  log.error("A call of an HTTP loop failed with something not an Error", { thrown: String(error) });
  return { name: "Error", message: String(error) };
}
