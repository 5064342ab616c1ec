import { expect, test } from "vitest";
import { wordDifferences } from "./word-diff.ts";

test("the words each text has that the other does not are marked; the pieces join back into the texts", () => {
  const current = "We see adults and teens in Cedar City.";
  const version = "We see adults in Cedar City and by video.";
  const { a, b } = wordDifferences(current, version);
  expect(a.map((piece) => piece.text).join("")).toBe(current);
  expect(b.map((piece) => piece.text).join("")).toBe(version);
  expect(a.filter((piece) => piece.changed).map((piece) => piece.text.trim())).toEqual(["and teens", "City."]);
  expect(b.filter((piece) => piece.changed).map((piece) => piece.text.trim())).toEqual(["City and by video."]);
});

test("equal texts have nothing marked, and texts too long to compare quickly come back whole", () => {
  expect(wordDifferences("Same words.", "Same words.")).toEqual({
    a: [{ text: "Same words.", changed: false }],
    b: [{ text: "Same words.", changed: false }],
  });
  const long = "word ".repeat(2500);
  const longer = `${long}more`;
  expect(wordDifferences(long, longer)).toEqual({ a: [{ text: long, changed: false }], b: [{ text: longer, changed: false }] });
});

test("a phrase changed word by word is one highlight, spaces included", () => {
  expect(wordDifferences("Call us today", "Write to us tomorrow").a).toEqual([
    { text: "Call", changed: true },
    { text: " us ", changed: false },
    { text: "today", changed: true },
  ]);
  expect(wordDifferences("one two three", "uno dos tres").a).toEqual([{ text: "one two three", changed: true }]);
});
