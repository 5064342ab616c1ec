/**
 * Passes a request body through, counting its bytes as they arrive (whether the client sent a
 * Content-Length or chunks); once more than `maxBytes` have come, the body fails and reading
 * stops, so nothing over the limit is held in memory. The server shell limits every body this
 * way (http-shell/body-limits.ts); a route that reads its own large body (an upload) does too, to
 * answer with its own message.
 */
export function limitBody(
  body: ReadableStream<Uint8Array>,
  maxBytes: number,
  onTooLarge: () => void,
  /** Aborting it stops reading `body` (and releases it), whoever holds the limited stream. */
  signal?: AbortSignal,
): ReadableStream<Uint8Array> {
  let received = 0;
  return body.pipeThrough(
    new TransformStream({
      transform(chunk, controller) {
        received += chunk.byteLength;
        if (received <= maxBytes) return controller.enqueue(chunk);
        onTooLarge();
        controller.error(new Error(`The request body is larger than ${maxBytes} bytes.`));
      },
    }),
    signal ? { signal } : undefined,
  );
}
