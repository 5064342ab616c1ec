import { describe, expect, test } from "vitest";
import { aboutDefaults } from "#app/pages/about.ts";
import { pageDefinition } from "#app/content/pages.ts";
import { getService } from "#app/pages/services.ts";
import { pageDifferences } from "./page-diff.ts";

const about = pageDefinition("about");
const service = pageDefinition("couples-counseling");
const serviceDefaults = getService("couples-counseling")!.defaults;

describe("pageDifferences", () => {
  test("the same content has no differences, whatever order its keys were written in", () => {
    const reordered = aboutDefaults.staff.map((member) => Object.fromEntries(Object.entries(member).reverse()));
    expect(pageDifferences(about.fields, aboutDefaults, { ...aboutDefaults, staff: reordered })).toEqual([]);
  });

  test("texts that differ are given side by side under the field's label, in the fields' order", () => {
    const version = { ...aboutDefaults, mission: "An older mission.", title: "Older title" };
    expect(pageDifferences(about.fields, aboutDefaults, version)).toEqual([
      { kind: "text", key: "title", label: "Title", current: aboutDefaults.title, version: "Older title" },
      { kind: "text", key: "mission", label: "Mission", current: aboutDefaults.mission, version: "An older mission." },
    ]);
  });

  test("lists mark the items only one side has, and say when only the order differs", () => {
    const current = { ...serviceDefaults, benefits: ["Calm", "Focus", "Sleep"] };
    const version = { ...serviceDefaults, benefits: ["Calm", "Rest"] };
    expect(pageDifferences(service.fields, current, version)).toEqual([
      {
        kind: "list",
        key: "benefits",
        label: "Benefits",
        current: [
          { text: "Calm", onlyHere: false },
          { text: "Focus", onlyHere: true },
          { text: "Sleep", onlyHere: true },
        ],
        version: [
          { text: "Calm", onlyHere: false },
          { text: "Rest", onlyHere: true },
        ],
        reordered: false,
      },
    ]);
    const swapped = pageDifferences(service.fields, current, { ...serviceDefaults, benefits: ["Sleep", "Calm", "Focus"] });
    expect(swapped).toMatchObject([{ key: "benefits", reordered: true }]);
  });

  test("the staff list says who was removed, added and changed (matched by id), and which fields changed", () => {
    const [first, second, third, ...rest] = aboutDefaults.staff;
    const newcomer = { ...first!, id: "staff-new-person", name: "New Person" };
    const current = [{ ...first!, name: "Ava Morgan-Lee", bio: "A new bio." }, third!, ...rest, newcomer];
    const version = [first!, second!, third!, ...rest];
    const [difference] = pageDifferences(about.fields, { ...aboutDefaults, staff: current }, { ...aboutDefaults, staff: version });
    expect(difference).toEqual({
      kind: "objectList",
      key: "staff",
      label: "Staff",
      onlyInVersion: [second!.name],
      onlyInCurrent: ["New Person"],
      changed: [{ name: "Ava Morgan-Lee", versionName: first!.name, fields: ["Name", "Bio"] }],
      reordered: false,
    });
    const moved = pageDifferences(
      about.fields,
      { ...aboutDefaults, staff: [second!, first!] },
      { ...aboutDefaults, staff: [first!, second!] },
    );
    expect(moved).toMatchObject([{ onlyInVersion: [], onlyInCurrent: [], changed: [], reordered: true }]);
  });
});
