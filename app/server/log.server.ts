// The server's log: one JSON object per line (time, level, msg, the request's id, and named
// fields), so a log collector can filter by level or follow one request. In a terminal (`npm
// start` run by hand) the same lines are plain text. Lines never carry what a visitor or staff
// member typed: messages are written by the code, and an error is logged by its name, code and
// message with e-mail addresses blanked (a mail server's refusal names the recipient).
import { AsyncLocalStorage } from "node:async_hooks";

export type LogLevel = "info" | "warn" | "error";
export type LogFields = Record<string, string | number | boolean | null | undefined>;

const requestScope = new AsyncLocalStorage<{ requestId: string }>();

/** Runs `work` with `requestId` on every line it logs, through every await. */
export function withRequestId<T>(requestId: string, work: () => T): T {
  return requestScope.run({ requestId }, work);
}

/** The id of the request being answered, if any (withRequestId). */
export function currentRequestId(): string | undefined {
  return requestScope.getStore()?.requestId;
}

const emailPattern = /[^\s<>"'(),;:@]+@[^\s<>"'(),;:@]+\.[^\s<>"'(),;:@]+/g;

/** What an error says, without its data: name, code and message (e-mail addresses blanked), and where it was thrown. */
export function describeError(error: unknown): LogFields {
  if (!(error instanceof Error)) return { error: typeof error };
  const code = "code" in error && (typeof error.code === "string" || typeof error.code === "number") ? error.code : undefined;
  const blank = (text: string) => text.replace(emailPattern, "[e-mail]");
  return {
    error: error.name,
    code,
    errorMessage: blank(error.message).slice(0, 500),
    // The stack's first frames: file and line, no values.
    stack: error.stack
      ?.split("\n")
      .slice(1, 6)
      .map((line) => line.trim())
      .join(" | "),
  };
}

/** Whether the process's stdout and stderr are terminals. */
export type Terminals = { stdout: boolean; stderr: boolean };

export function processTerminals(): Terminals {
  return { stdout: process.stdout.isTTY === true, stderr: process.stderr.isTTY === true };
}

/**
 * In a worker thread, whose own stdout and stderr are pipes to the main thread: lines are written
 * as the main thread writes them, text in a terminal and JSON elsewhere (`terminals` from processTerminals there).
 */
export function logAsInTerminals(terminals: Terminals): void {
  Object.defineProperty(process.stdout, "isTTY", { value: terminals.stdout });
  Object.defineProperty(process.stderr, "isTTY", { value: terminals.stderr });
}

// The time of the last line written without a time of its own, as text: the lines of one
// millisecond (a dozen under load) share it.
let lastTime = { ms: Number.NaN, text: "" };

function timeNow(): string {
  const ms = Date.now();
  if (ms !== lastTime.ms) lastTime = { ms, text: new Date(ms).toISOString() };
  return lastTime.text;
}

/** One line: JSON, or in a terminal, text. */
export function formatLine(level: LogLevel, msg: string, fields: LogFields, asText: boolean, now?: Date): string {
  const requestId = currentRequestId();
  const time = now === undefined ? timeNow() : now.toISOString();
  if (asText) {
    const named = requestId === undefined ? fields : { requestId, ...fields };
    const extra = Object.entries(named)
      .filter(([, value]) => value !== undefined)
      .map(([name, value]) => `${name}=${typeof value === "string" && /\s/.test(value) ? JSON.stringify(value) : value}`);
    return `${time} ${level.toUpperCase()} ${msg}${extra.length ? ` ${extra.join(" ")}` : ""}\n`;
  }
  // Written field by field, as JSON.stringify({ time, level, msg, requestId, ...fields }) would
  // write it (a field that is undefined left out; a requestId among the fields in the scope's
  // place), without building that object: a line is written for every request, and this takes
  // half the time.
  let line = `{"time":"${time}","level":"${level}","msg":${JSON.stringify(msg)}`;
  if (requestId !== undefined) {
    const id = "requestId" in fields ? fields.requestId : requestId;
    if (id !== undefined) line += `,"requestId":${JSON.stringify(id)}`;
  }
  for (const name in fields) {
    const value = fields[name];
    if (value === undefined || (requestId !== undefined && name === "requestId")) continue;
    line += `,${JSON.stringify(name)}:${JSON.stringify(value)}`;
  }
  return `${line}}\n`;
}

// Info lines, one per request among them, are gathered and written once per turn of the event
// loop: a write of its own for each doubled what a cached page's answer cost (measured: 32 µs of
// CPU per answer without the request log, 60 with it). What a turn gathered is written before the
// process exits; only a kill (SIGKILL) can lose it. Warnings and errors are written at once.
let pendingInfo = "";
/** Past this many characters gathered, they are written without waiting for the turn's end. */
const maxPendingInfo = 64 * 1024;

/**
 * What may wait in memory for the log's reader (journald, a terminal, a pipe): stdout to a pipe
 * or a socket is written asynchronously, and a reader that stops would otherwise let the lines
 * grow without bound (a server whose reader paused under load reached 1.1 GB). Past this, info
 * lines are dropped and counted, and a warning says how many once the reader has caught up.
 */
const maxQueuedInfo = 4 * 1024 * 1024;
let droppedInfoLines = 0;

function writePendingInfo(): void {
  if (pendingInfo === "") return;
  const text = pendingInfo;
  pendingInfo = "";
  if (process.stdout.writableLength > maxQueuedInfo) {
    for (let at = text.indexOf("\n"); at !== -1; at = text.indexOf("\n", at + 1)) droppedInfoLines += 1;
    return;
  }
  if (droppedInfoLines > 0) {
    write("warn", "Log lines dropped: the log's reader was slower than the server", { lines: droppedInfoLines });
    droppedInfoLines = 0;
  }
  process.stdout.write(text);
}

process.on("exit", writePendingInfo);

function write(level: LogLevel, msg: string, fields: LogFields = {}): void {
  // Warnings and errors go to stderr, as a service manager and `2>` expect.
  if (level !== "info") {
    process.stderr.write(formatLine(level, msg, fields, process.stderr.isTTY === true));
    return;
  }
  if (pendingInfo === "") setImmediate(writePendingInfo);
  pendingInfo += formatLine(level, msg, fields, process.stdout.isTTY === true);
  if (pendingInfo.length >= maxPendingInfo) writePendingInfo();
}

export const log = {
  info: (msg: string, fields?: LogFields) => write("info", msg, fields),
  warn: (msg: string, fields?: LogFields) => write("warn", msg, fields),
  /** An error: `error` is described by describeError (no data from it). */
  error: (msg: string, error?: unknown, fields?: LogFields) =>
    write("error", msg, { ...(error === undefined ? {} : describeError(error)), ...fields }),
};
