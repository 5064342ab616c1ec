import { expect, test } from "vitest";
import { median, percentile } from "../../bench/statistics.ts";

test("the benches' percentile is the nearest rank, whatever order the values come in", () => {
  const values = Array.from({ length: 20 }, (_, index) => 20 - index);
  expect(percentile(values, 95)).toBe(19);
  expect(percentile(values, 99)).toBe(20);
  expect(percentile(values, 50)).toBe(10);
  expect(percentile(values, 0)).toBe(1);
  expect(percentile([7], 95)).toBe(7);
  expect(percentile([], 95)).toBeNaN();
  expect(median(values)).toBe(10.5);
});
