import { type FieldDescription, fieldList, type ObjectListFieldDescription } from "./define-page.ts";
import { imageRefText, isImageRef } from "../media/image-ref.ts";
import { blockLinesOf } from "#app/articles/article-body.ts";

/**
 * What differs between a saved version of a page and its current content, field by field, in
 * the order and with the labels of the page kind's fields (app/content/pages.ts). Both
 * sides are whole contents (defaults <- stored), so a field left to its default compares as the
 * text the page shows. Values stay plain strings: the history page renders them as text.
 */
export type FieldDifference = TextDifference | ListDifference | ItemsDifference;

export type TextDifference = { kind: "text"; key: string; label: string; current: string; version: string };

/** One item of a list; `onlyHere` when the other side does not have it. */
export type ListItem = { text: string; onlyHere: boolean };

export type ListDifference = {
  kind: "list";
  key: string;
  label: string;
  current: Array<ListItem>;
  version: Array<ListItem>;
  /** The same items on both sides, in another order. */
  reordered: boolean;
};

/** Items of an object list (staff members) are matched by id, so a renamed member is one changed member, not two. */
export type ItemsDifference = {
  kind: "objectList";
  key: string;
  label: string;
  /** Names of items in the version but not in the current list (removed since). */
  onlyInVersion: Array<string>;
  /** Names of items in the current list but not in the version (added since). */
  onlyInCurrent: Array<string>;
  /** Items on both sides whose fields differ: the current name, the version's if it differs, and the labels of the fields. */
  changed: Array<{ name: string; versionName: string | null; fields: Array<string> }>;
  /** The items both sides have are listed in another order. */
  reordered: boolean;
};

type Item = { id: string; name: string; fields: Record<string, unknown> };

/** JSON with object keys sorted: a member parsed by the schema and the same member as written in the defaults list their keys in different orders. */
function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) =>
    typeof inner === "object" && inner !== null && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : inner,
  );
}

function sameValue(a: unknown, b: unknown): boolean {
  return canonicalJson(a) === canonicalJson(b);
}

/** A value as one line of text; a picture as its reference ("bundled:general/home-hero", "media:…"). */
function asText(value: unknown): string {
  if (typeof value === "string") return value;
  if (value === null || value === undefined) return "None";
  if (isImageRef(value)) return imageRefText(value);
  return JSON.stringify(value);
}

function asList(value: unknown): Array<string> {
  return Array.isArray(value) ? value.map(asText) : [];
}

/** The items of an object list that have an id, named by their title field. */
function asItems(value: unknown, titleKey: string): Array<Item> {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item: unknown) => {
    if (typeof item !== "object" || item === null) return [];
    const fields = Object.fromEntries(Object.entries(item));
    const { id } = fields;
    const name = fields[titleKey];
    return typeof id === "string" ? [{ id, name: typeof name === "string" ? name : id, fields }] : [];
  });
}

function listDifference(key: string, field: { label: string }, current: Array<string>, version: Array<string>): ListDifference {
  const inCurrent = new Set(current);
  const inVersion = new Set(version);
  const mark = (items: Array<string>, other: Set<string>) => items.map((text) => ({ text, onlyHere: !other.has(text) }));
  const sameItems = sameValue([...current].sort(), [...version].sort());
  return {
    kind: "list",
    key,
    label: field.label,
    current: mark(current, inVersion),
    version: mark(version, inCurrent),
    reordered: sameItems,
  };
}

function itemsDifference(key: string, field: ObjectListFieldDescription, current: Array<Item>, version: Array<Item>): ItemsDifference {
  const currentById = new Map(current.map((member) => [member.id, member]));
  const versionById = new Map(version.map((member) => [member.id, member]));
  const itemFields = fieldList(field.item).flatMap(([itemKey, itemField]) =>
    "label" in itemField ? [{ key: itemKey, label: itemField.label }] : [],
  );
  const changed: ItemsDifference["changed"] = [];
  for (const member of current) {
    const earlier = versionById.get(member.id);
    if (!earlier) continue;
    const fields = itemFields.filter((itemField) => !sameValue(member.fields[itemField.key], earlier.fields[itemField.key]));
    if (fields.length === 0) continue;
    changed.push({
      name: member.name,
      versionName: earlier.name === member.name ? null : earlier.name,
      fields: fields.map((itemField) => itemField.label),
    });
  }
  const sharedOrder = (members: Array<Item>, other: Map<string, Item>) =>
    members.filter((member) => other.has(member.id)).map((member) => member.id);
  return {
    kind: "objectList",
    key,
    label: field.label,
    onlyInVersion: version.filter((member) => !currentById.has(member.id)).map((member) => member.name),
    onlyInCurrent: current.filter((member) => !versionById.has(member.id)).map((member) => member.name),
    changed,
    reordered: !sameValue(sharedOrder(current, versionById), sharedOrder(version, currentById)),
  };
}

/** The fields of `version` that differ from `current`; empty when the two are the same. */
export function pageDifferences(
  fields: Readonly<Record<string, FieldDescription>>,
  current: Readonly<Record<string, unknown>>,
  version: Readonly<Record<string, unknown>>,
): Array<FieldDifference> {
  return fieldList(fields).flatMap(([key, field]): Array<FieldDifference> => {
    const now = current[key];
    const then = version[key];
    if (sameValue(now, then) || field.kind === "id") return [];
    if (field.kind === "list") return [listDifference(key, field, asList(now), asList(then))];
    // A rich text compared as its blocks' words, one line a block: what changed is the paragraph it is in.
    if (field.kind === "richText") return [listDifference(key, field, blockLinesOf(now), blockLinesOf(then))];
    if (field.kind === "objectList") return [itemsDifference(key, field, asItems(now, field.titleKey), asItems(then, field.titleKey))];
    return [{ kind: "text", key, label: field.label, current: asText(now), version: asText(then) }];
  });
}
