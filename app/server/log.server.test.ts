import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, test, vi } from "vitest";
import { describeError, formatLine, log, withRequestId } from "./log.server.ts";

/** What the log writes to stdout and stderr, in order, kept here instead of written. */
function captureWrites() {
  const written: Array<{ stream: "stdout" | "stderr"; text: string }> = [];
  const spy = (stream: "stdout" | "stderr") =>
    vi.spyOn(process[stream], "write").mockImplementation((chunk) => {
      written.push({ stream, text: String(chunk) });
      return true;
    });
  const spies = [spy("stdout"), spy("stderr")];
  const restore = () => {
    for (const each of spies) each.mockRestore();
  };
  return { written, restore };
}

describe("the server log", () => {
  const at = new Date("2026-11-25T12:00:00.000Z");

  test("a line is one JSON object with time, level, message, the request's id and its fields", () => {
    const line = withRequestId("req-1", () => formatLine("warn", "404 Not found", { path: "/x", skipped: undefined }, false, at));
    expect(line.endsWith("\n")).toBe(true);
    expect(JSON.parse(line)).toEqual({ time: at.toISOString(), level: "warn", msg: "404 Not found", requestId: "req-1", path: "/x" });
  });

  test("a JSON line is what JSON.stringify makes of time, level, message, the request's id and the fields", () => {
    const fieldSets: Array<Record<string, string | number | boolean | null | undefined>> = [
      {},
      { path: '/a "quoted"\\path\n\u2028é', status: 404, ms: 0.1, ok: false, none: null, skipped: undefined },
      { requestId: "from-the-fields", method: "GET" },
      { requestId: undefined, count: Number.NaN },
    ];
    for (const fields of fieldSets) {
      for (const scope of [undefined, "req-1"]) {
        const line = scope
          ? withRequestId(scope, () => formatLine("info", 'a "message"', fields, false, at))
          : formatLine("info", 'a "message"', fields, false, at);
        const named = scope === undefined ? fields : { requestId: scope, ...fields };
        expect(line).toBe(`${JSON.stringify({ time: at.toISOString(), level: "info", msg: 'a "message"', ...named })}\n`);
      }
    }
  });

  test("a line without a time of its own has the current one", () => {
    const before = Date.now();
    const time = Date.parse(JSON.parse(formatLine("info", "now", {}, false)).time);
    expect(time).toBeGreaterThanOrEqual(before);
    expect(time).toBeLessThanOrEqual(Date.now());
  });

  test("in a terminal the same line is text", () => {
    expect(formatLine("info", "request", { path: "/", ms: 1.5, note: "two words" }, true, at)).toBe(
      '2026-11-25T12:00:00.000Z INFO request path=/ ms=1.5 note="two words"\n',
    );
  });

  test("an error is described by name, code and message, e-mail addresses blanked", () => {
    const error = Object.assign(new Error("550 5.1.1 <jane.doe@example.com>: Recipient address rejected"), {
      code: "EENVELOPE",
      detail: "Key (email)=(jane.doe@example.com)",
    });
    const described = describeError(error);
    expect(described).toMatchObject({
      error: "Error",
      code: "EENVELOPE",
      errorMessage: "550 5.1.1 <[e-mail]>: Recipient address rejected",
    });
    expect(JSON.stringify(described)).not.toContain("jane.doe");
    expect(describeError("a thrown string with jane@example.com")).toEqual({ error: "string" });
  });

  test("info lines of one turn of the event loop go out in one write; warnings and errors at once", async () => {
    const { written, restore } = captureWrites();
    try {
      log.info("first", { path: "/a" });
      log.info("second", { path: "/b" });
      log.warn("a warning");
      expect(written.map(({ stream }) => stream)).toEqual(["stderr"]);
      await new Promise((resolve) => setImmediate(resolve));
      expect(written.map(({ stream }) => stream)).toEqual(["stderr", "stdout"]);
      expect(written[1]!.text.split("\n").map((line) => line && JSON.parse(line).msg)).toEqual(["first", "second", ""]);
    } finally {
      restore();
    }
  });

  test("info lines are dropped and counted, not kept in memory, while the log's reader is far behind", async () => {
    const { written, restore } = captureWrites();
    let queued = 5 * 1024 * 1024;
    const waiting = vi.spyOn(process.stdout, "writableLength", "get").mockImplementation(() => queued);
    const nextTurn = () => new Promise((resolve) => setImmediate(resolve));
    try {
      for (const path of ["/a", "/b", "/c"]) log.info("request", { path });
      await nextTurn();
      expect(written).toEqual([]);
      // The reader caught up: a warning says how many went, then the lines go out again.
      queued = 0;
      log.info("request", { path: "/d" });
      await nextTurn();
      expect(written.map(({ stream }) => stream)).toEqual(["stderr", "stdout"]);
      expect(JSON.parse(written[0]!.text)).toMatchObject({ level: "warn", lines: 3 });
      expect(JSON.parse(written[1]!.text)).toMatchObject({ msg: "request", path: "/d" });
    } finally {
      waiting.mockRestore();
      restore();
    }
  });

  test("info lines not yet written are written when the process exits", () => {
    const module = fileURLToPath(new URL("./log.server.ts", import.meta.url));
    const script = `const { log } = await import(${JSON.stringify(module)}); log.info("just before exit"); process.exit(0);`;
    const stdout = execFileSync(process.execPath, ["--input-type=module", "-e", script], {
      encoding: "utf8",
      stdio: ["ignore", "pipe", "ignore"],
    });
    expect(JSON.parse(stdout).msg).toBe("just before exit");
  });
});
