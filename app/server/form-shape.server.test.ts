import { expect, test } from "vitest";
import { z } from "zod";
import { maxStaff } from "#app/pages/about.ts";
import { pageDefinitions } from "#app/content/pages.ts";
import { editorSchemaOf } from "#app/content/page-save.ts";
import { aboutContentSchema } from "#app/pages/about.ts";
import { serviceContentSchema } from "#app/pages/services.ts";
import { filterFormFields, formShapeOf, maxFormFields, maxPathDepth } from "./form-shape.server.ts";

const aboutForm = formShapeOf(editorSchemaOf(aboutContentSchema, null));
const serviceForm = formShapeOf(editorSchemaOf(serviceContentSchema, null));

function filter(shape: ReturnType<typeof formShapeOf>, fields: Array<[string, string]>) {
  const result = filterFormFields(fields, shape);
  return result.ok ? { ok: true, fields: [...result.formData] } : result;
}

test("a form keeps its schema's own fields, in order, and drops every other name", () => {
  const posted: Array<[string, string]> = [
    ["title", "About us"],
    ["isAdmin", "1"],
    ["staff[0].name", "Ava"],
    ["staff[0].imageUrl", "https://tracker.example/p.gif"],
    ["staff[0].image", "bundled:staff/staff-01"],
    ["staff[1].image.source", "media"],
    ["extra.nested", "x"],
    ["__intent__", JSON.stringify({ type: "update", payload: { name: "x[4294967294]", value: "1" } })],
    ["__state__", "{not json"],
    ["__proto__", "polluted"],
    ["constructor.prototype", "polluted"],
    ["x[4294967294]", "1"],
    ["title.length", "1"],
    ["staff.0", "x"],
    ["baseVersion", "3"],
  ];
  expect(filter(aboutForm, posted)).toEqual({
    ok: true,
    fields: [
      ["title", "About us"],
      ["staff[0].name", "Ava"],
      ["staff[0].image", "bundled:staff/staff-01"],
      ["staff[1].image.source", "media"],
      ["baseVersion", "3"],
    ],
  });
});

test("a list index past the list's maximum refuses the form; the index just past it is left for the schema's own message", () => {
  expect(filter(aboutForm, [[`staff[${maxStaff}].name`, "one too many"]])).toMatchObject({ ok: true });
  expect(filter(aboutForm, [[`staff[${maxStaff + 1}].name`, "x"]])).toEqual({
    ok: false,
    name: `staff[${maxStaff + 1}].name`,
    reason: "index-too-high",
  });
  expect(filter(serviceForm, [["benefits[4294967294]", "x"]])).toMatchObject({ ok: false, reason: "index-too-high" });
  expect(filter(serviceForm, [[`benefits[${"9".repeat(5000)}]`, "x"]])).toMatchObject({ ok: false, reason: "index-too-high" });
});

test("names nested deeper than any form's are refused without reading them whole", () => {
  const deep = `x${"[0]".repeat(20_000)}`;
  expect(filter(aboutForm, [[deep, "1"]])).toMatchObject({ ok: false, reason: "too-deep" });
  expect(filter(aboutForm, [[`x${".a".repeat(maxPathDepth)}`, "1"]])).toMatchObject({ ok: false, reason: "too-deep" });
  expect(filter(aboutForm, [[`x${".a".repeat(maxPathDepth - 2)}`, "1"]])).toMatchObject({ ok: true, fields: [] });
});

test("a name that is not a path, a name posted twice, or too many fields refuse the form", () => {
  for (const name of ["staff[", "staff[]", "staff[a]", "title..x", ".title", "staff[0]name", ""]) {
    expect(filter(aboutForm, [[name, "1"]]), name).toMatchObject({ ok: false, reason: "not-a-path" });
  }
  expect(
    filter(aboutForm, [
      ["title", "a"],
      ["title", "b"],
    ]),
  ).toMatchObject({ ok: false, name: "title", reason: "repeated" });
  const many = Array.from({ length: maxFormFields + 1 }, (_, index): [string, string] => [`unknown${index}`, ""]);
  expect(filter(aboutForm, many)).toMatchObject({ ok: false, reason: "too-many-fields" });
});

test("a therapist's chosen boxes post numbered and are kept; a number past the options' count is refused", () => {
  const ticked: Array<[string, string]> = [
    ["staff[0].ages[0]", "Older adults (65 and over)"],
    ["staff[0].services[1]", "couples-counseling"],
  ];
  expect(filter(aboutForm, ticked)).toMatchObject({ ok: true, fields: ticked });
  // The shape allows one place more than the schema (which refuses that list as too long).
  expect(filter(aboutForm, [["staff[0].ages[5]", "Adults"]])).toMatchObject({ ok: false, reason: "index-too-high" });
});

test("the refusal stops reading: fields after it are never asked for", () => {
  let read = 0;
  function* fields(): Generator<[string, string]> {
    for (;;) {
      read += 1;
      yield ["title", "again"];
    }
  }
  expect(filterFormFields(fields(), aboutForm)).toMatchObject({ ok: false, reason: "repeated" });
  expect(read).toBe(2);
});

test("every editor's form has a shape, and a list without a maximum is a mistake caught at once", () => {
  for (const definition of pageDefinitions) expect(() => formShapeOf(definition.schema), definition.name).not.toThrow();
  expect(() => formShapeOf(z.object({ tags: z.array(z.string()) }))).toThrow(/maximum length/);
  expect(() => formShapeOf(z.object({ anything: z.record(z.string(), z.string()) }))).toThrow(/record/);
});
