import { expect, test } from "vitest";
import { fieldChanges, withFields } from "./three-way.ts";

const base = { title: "A", subtitle: "B", benefits: ["x", "y"] };
const keys = ["title", "subtitle", "benefits"];

test("changes to different fields merge: mine over theirs, theirs kept", () => {
  const mine = { ...base, title: "Mine" };
  const theirs = { ...base, subtitle: "Theirs" };
  const changes = fieldChanges(keys, base, mine, theirs);
  expect(changes).toEqual({ mine: ["title"], theirs: ["subtitle"], clashes: [] });
  expect(withFields(theirs, mine, changes.mine)).toEqual({ title: "Mine", subtitle: "Theirs", benefits: ["x", "y"] });
});

test("the same field changed to different values clashes; to the same value it does not", () => {
  const mine = { ...base, title: "Mine", benefits: ["x"] };
  expect(fieldChanges(keys, base, mine, { ...base, title: "Theirs", benefits: ["x"] }).clashes).toEqual(["title"]);
  expect(fieldChanges(keys, base, mine, { ...base, title: "Mine", benefits: ["x", "z"] }).clashes).toEqual(["benefits"]);
});

test("mine over theirs writes only the fields I changed: theirs elsewhere stay", () => {
  const mine = { ...base, title: "Mine" };
  const theirs = { ...base, title: "Theirs", subtitle: "Theirs too" };
  const changes = fieldChanges(keys, base, mine, theirs);
  expect(changes.clashes).toEqual(["title"]);
  expect(withFields(theirs, mine, changes.mine)).toEqual({ title: "Mine", subtitle: "Theirs too", benefits: ["x", "y"] });
});

test("only the editor's fields are compared (the about variant edits three)", () => {
  const changes = fieldChanges(["title"], base, { title: "A", subtitle: "Z" }, { ...base, subtitle: "Y" });
  expect(changes).toEqual({ mine: [], theirs: [], clashes: [] });
});
