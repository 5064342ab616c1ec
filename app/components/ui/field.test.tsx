import { type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { renderToStaticMarkup } from "react-dom/server";
import { expect, test } from "vitest";
import { z } from "zod";
import { Field } from "./field.tsx";

// A page kind in miniature: a plain field, a list of items (as the content editors will have), a
// nested object's field and a choice.
const schema = z.object({
  title: z.string({ error: "Title is required." }),
  items: z.array(z.string({ error: "An item cannot be empty." })),
  kind: z.enum(["a", "b"]),
  office: z.object({ city: z.string({ error: "City is required." }) }),
});

/** A page kind's editor, shown with the server's answer to a post (as a page without script shows it). */
function Editor({ lastResult, defaultValue }: { lastResult: SubmissionResult; defaultValue: { items: Array<string> } }) {
  const [, fields] = useForm<z.input<typeof schema>>({ id: "editor", lastResult, defaultValue });
  return (
    <>
      <Field field={fields.title} label="Title" description="Shown at the top of the page." />
      {fields.items.getFieldList().map((item, index) => (
        <Field key={item.key} field={item} label={`Item ${index + 1}`} control="textarea" rows={2} />
      ))}
      <Field field={fields.office.getFieldset().city} label="City" />
      <Field field={fields.kind} label="Kind" control="select">
        <option value="a">A</option>
        <option value="b">B</option>
      </Field>
    </>
  );
}

function render(form: Record<string, string>, defaultValue: { items: Array<string> }) {
  const formData = new FormData();
  for (const [name, value] of Object.entries(form)) formData.append(name, value);
  const lastResult = parseWithZod(formData, { schema }).reply();
  return read(renderToStaticMarkup(<Editor lastResult={lastResult} defaultValue={defaultValue} />));
}

// The tests run without a DOM: reading the markup with patterns is enough for these few elements.
function read(html: string) {
  return {
    html,
    control: (id: string) => new RegExp(`<(input|textarea|select)[^>]*id="${id}"[^>]*>`).exec(html)?.[0] ?? "",
    text: (id: string) => new RegExp(`<p id="${id}"[^>]*>([^<]*)</p>`).exec(html)?.[1],
  };
}

test("a field is labelled, and its description and error are read with it", () => {
  const page = render({ "items[0]": "first", kind: "a" }, { items: ["first"] });
  expect(page.html).toContain('<label for="editor-title"');
  const title = page.control("editor-title");
  expect(title).toContain('name="title"');
  expect(title).toContain('aria-invalid="true"');
  expect(title).toContain('aria-describedby="editor-title-error editor-title-description"');
  expect(page.text("editor-title-error")).toBe("Title is required.");
  expect(page.text("editor-title-description")).toBe("Shown at the top of the page.");
});

test("a valid field is not marked invalid and keeps the value sent", () => {
  const page = render({ title: "Welcome", "items[0]": "first", kind: "b" }, { items: ["first"] });
  const title = page.control("editor-title");
  expect(title).not.toContain("aria-invalid");
  expect(title).toContain('aria-describedby="editor-title-description"');
  expect(title).toContain('value="Welcome"');
  expect(page.control("editor-kind")).toContain("<select");
  expect(page.html).toMatch(/<option value="b" selected="">/);
});

test("list items get their own names, ids and errors from Conform's field list", () => {
  const page = render({ title: "T", "items[0]": "first", "items[1]": "", kind: "a" }, { items: ["first", "second"] });
  const first = page.control("editor-items\\[0\\]");
  expect(first).toContain("<textarea");
  expect(first).toContain('name="items[0]"');
  expect(first).not.toContain("aria-invalid");
  expect(page.html).toContain(">first</textarea>");
  const second = page.control("editor-items\\[1\\]");
  expect(second).toContain('name="items[1]"');
  expect(second).toContain('aria-invalid="true"');
  expect(second).toContain('aria-describedby="editor-items[1]-error"');
  expect(page.text("editor-items\\[1\\]-error")).toBe("An item cannot be empty.");
});

test("a controlled control keeps its own value and shows the first message only", () => {
  const html = renderToStaticMarkup(
    <Field
      field={{ id: "email", name: "email", errorId: "email-error", descriptionId: "email-description", errors: ["First.", "Second."] }}
      label="Email"
      markRequired
      required
      value="typed"
      onChange={() => {}}
    />,
  );
  expect(html).toContain(
    '<label for="email" class="block text-sm font-semibold text-ink">Email<span class="text-clay-dark" aria-hidden="true"> *</span></label>',
  );
  const input = read(html).control("email");
  for (const attribute of ['required=""', 'value="typed"', 'name="email"', 'aria-invalid="true"', 'aria-describedby="email-error"']) {
    expect(input).toContain(attribute);
  }
  expect(input).not.toContain("defaultValue");
  expect(html).toContain('<p id="email-error" class="mt-1.5 text-sm font-medium text-clay-dark">First.</p>');
  expect(html).not.toContain("Second.");
});

test("a nested object's field is named and wired by its path", () => {
  const page = render({ title: "T", kind: "a", "office.city": "" }, { items: [] });
  const city = page.control("editor-office.city");
  expect(city).toContain('name="office.city"');
  expect(city).toContain('aria-describedby="editor-office.city-error"');
  expect(page.text("editor-office.city-error")).toBe("City is required.");
  expect(page.html).toContain('<label for="editor-office.city"');
});
