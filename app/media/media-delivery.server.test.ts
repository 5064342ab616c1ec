import { expect, test } from "vitest";
import { MediaPacer } from "./media-delivery.server.ts";

/** A pacer on a clock of its own that only `advance` moves; each wait is recorded, not waited. */
function pacerOnClock(bytesPerSecond: number, maxWaitMs: number) {
  let now = 1000;
  const slept: Array<number> = [];
  const pacer = new MediaPacer({
    bytesPerSecond,
    maxWaitMs,
    now: () => now,
    sleep: async (ms) => {
      slept.push(ms);
    },
  });
  return { pacer, slept, advance: (ms: number) => (now += ms) };
}

test("a lone large answer never waits; a crowd takes turns at the rate; a turn too far away is refused", async () => {
  // 1 MB a second: a 100 KB answer takes 100 ms of the instance's turns.
  const { pacer, slept, advance } = pacerOnClock(1_000_000, 250);
  expect(await pacer.turn(100_000)).toBe(true);
  expect(slept).toEqual([]);

  // Three more at once: two wait 100 and 200 ms; the third's turn, 300 ms away, is past 250 ms.
  expect(await pacer.turn(100_000)).toBe(true);
  expect(await pacer.turn(100_000)).toBe(true);
  expect(await pacer.turn(100_000)).toBe(false);
  expect(slept).toEqual([100, 200]);

  // Once the turns given have passed, the next answer goes at once again.
  advance(1000);
  expect(await pacer.turn(100_000)).toBe(true);
  expect(slept).toEqual([100, 200]);
});
