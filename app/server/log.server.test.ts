import { describe, expect, test } from "vitest";
import { describeError, formatLine, withRequestId } from "./log.server.ts";

describe("the server log", () => {
  const at = new Date("2026-11-25T12:00:00.000Z");

  test("a line is one JSON object with time, level, message, the request's id and its fields", () => {
    const line = withRequestId("req-1", () => formatLine("warn", "404 Not found", { path: "/x", skipped: undefined }, false, at));
    expect(line.endsWith("\n")).toBe(true);
    expect(JSON.parse(line)).toEqual({ time: at.toISOString(), level: "warn", msg: "404 Not found", requestId: "req-1", path: "/x" });
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
});
