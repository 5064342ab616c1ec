import { expect, test } from "vitest";
import { englishPathOf, englishPatternOf, languageOf, languageOfPath, pathIn } from "./languages.ts";
import { siteWords } from "./site-words.ts";

test("an address says its language; an English address has its Spanish one and back", () => {
  expect(languageOfPath("/")).toBe("en");
  expect(languageOfPath("/about")).toBe("en");
  // A page whose address only starts with the letters is English.
  expect(languageOfPath("/espresso")).toBe("en");
  expect(languageOfPath("/es")).toBe("es");
  expect(languageOfPath("/es/services/couples-counseling")).toBe("es");
  expect(pathIn("es", "/")).toBe("/es");
  expect(pathIn("es", "/about")).toBe("/es/about");
  expect(pathIn("en", "/about")).toBe("/about");
  expect(englishPathOf("/es")).toBe("/");
  expect(englishPathOf("/es/team/daniel-reyes")).toBe("/team/daniel-reyes");
  expect(englishPathOf("/espresso")).toBe("/espresso");
  expect(englishPatternOf("es/services/:slug")).toBe("/services/:slug");
  expect(englishPatternOf("/es")).toBe("/");
  expect(englishPatternOf("services/:slug")).toBe("services/:slug");
});

test("every word of the site is said in Spanish, none left empty but where nothing is meant", () => {
  const leaves = (words: unknown, prefix = ""): Array<[string, unknown]> =>
    typeof words === "object" && words !== null
      ? Object.entries(words).flatMap(([key, value]) => leaves(value, `${prefix}${key}.`))
      : [[prefix.slice(0, -1), words]];
  const english = new Map(leaves(siteWords.en));
  const spanish = new Map(leaves(siteWords.es));
  expect([...spanish.keys()].sort()).toEqual([...english.keys()].sort());
  for (const [key, value] of spanish) {
    if (key === "callInStrip") continue; // "911" alone in the strip, where Spanish needs the room
    if (key.startsWith("callLifeline"))
      expect([(value as (number: string) => string | Array<string>)("988")].flat().join(" "), key).toMatch(/988.*oprim/);
    else if (typeof value === "function") expect(value("911", "988"), key).toMatch(/911.*988/);
    else expect(String(value).trim(), key).not.toBe("");
  }
  expect(siteWords.es.notFound.needHelp("911", "988")).toContain("oprima 2");
});

test("a posted or stored language is one of the site's, or English", () => {
  expect(languageOf("es")).toBe("es");
  expect(languageOf("en")).toBe("en");
  for (const other of ["ES", "fr", "", null, undefined, 2, "es\n"]) expect(languageOf(other), String(other)).toBe("en");
});
