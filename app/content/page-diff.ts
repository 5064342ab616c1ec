import { type FieldDescription, staffMemberFields } from "./page-kinds.ts";

/**
 * What differs between a saved version of a page and its current content, field by field, in
 * the order and with the labels of the page kind's fields (app/content/page-kinds.ts). Both
 * sides are whole contents (defaults <- stored), so a field left to its default compares as the
 * text the page shows. Values stay plain strings: the history page renders them as text.
 */
export type FieldDifference = TextDifference | ListDifference | StaffDifference;

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

/** Staff members are matched by id, so a renamed member is one changed member, not two. */
export type StaffDifference = {
  kind: "staff";
  key: string;
  label: string;
  /** Names of members in the version but not in the current list (removed since). */
  onlyInVersion: Array<string>;
  /** Names of members in the current list but not in the version (added since). */
  onlyInCurrent: Array<string>;
  /** Members on both sides whose fields differ: the current name, the version's if it differs, and the labels of the fields. */
  changed: Array<{ name: string; versionName: string | null; fields: Array<string> }>;
  /** The members both sides have are listed in another order. */
  reordered: boolean;
};

type Member = { id: string; name: string } & Record<string, unknown>;

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

/** A value as one line of text (for fields that are not plain text, which no page kind has at the top level today). */
function asText(value: unknown): string {
  if (typeof value === "string") return value;
  if (value === null || value === undefined) return "None";
  return JSON.stringify(value);
}

function asList(value: unknown): Array<string> {
  return Array.isArray(value) ? value.map(asText) : [];
}

function asMembers(value: unknown): Array<Member> {
  if (!Array.isArray(value)) return [];
  return value.filter(
    (member): member is Member =>
      typeof member === "object" && member !== null && typeof member.id === "string" && typeof member.name === "string",
  );
}

function listDifference(field: FieldDescription, current: Array<string>, version: Array<string>): ListDifference {
  const inCurrent = new Set(current);
  const inVersion = new Set(version);
  const mark = (items: Array<string>, other: Set<string>) => items.map((text) => ({ text, onlyHere: !other.has(text) }));
  const sameItems = sameValue([...current].sort(), [...version].sort());
  return {
    kind: "list",
    key: field.key,
    label: field.label,
    current: mark(current, inVersion),
    version: mark(version, inCurrent),
    reordered: sameItems,
  };
}

function staffDifference(field: FieldDescription, current: Array<Member>, version: Array<Member>): StaffDifference {
  const currentById = new Map(current.map((member) => [member.id, member]));
  const versionById = new Map(version.map((member) => [member.id, member]));
  const changed: StaffDifference["changed"] = [];
  for (const member of current) {
    const earlier = versionById.get(member.id);
    if (!earlier) continue;
    const fields = staffMemberFields.filter((memberField) => !sameValue(member[memberField.key], earlier[memberField.key]));
    if (fields.length === 0) continue;
    changed.push({
      name: member.name,
      versionName: earlier.name === member.name ? null : earlier.name,
      fields: fields.map((memberField) => memberField.label),
    });
  }
  const sharedOrder = (members: Array<Member>, other: Map<string, Member>) =>
    members.filter((member) => other.has(member.id)).map((member) => member.id);
  return {
    kind: "staff",
    key: field.key,
    label: field.label,
    onlyInVersion: version.filter((member) => !currentById.has(member.id)).map((member) => member.name),
    onlyInCurrent: current.filter((member) => !versionById.has(member.id)).map((member) => member.name),
    changed,
    reordered: !sameValue(sharedOrder(current, versionById), sharedOrder(version, currentById)),
  };
}

/** The fields of `version` that differ from `current`; empty when the two are the same. */
export function pageDifferences(
  fields: ReadonlyArray<FieldDescription>,
  current: Record<string, unknown>,
  version: Record<string, unknown>,
): Array<FieldDifference> {
  return fields.flatMap((field): Array<FieldDifference> => {
    const now = current[field.key];
    const then = version[field.key];
    if (sameValue(now, then)) return [];
    if (field.kind === "list") return [listDifference(field, asList(now), asList(then))];
    if (field.kind === "staff") return [staffDifference(field, asMembers(now), asMembers(then))];
    return [{ kind: "text", key: field.key, label: field.label, current: asText(now), version: asText(then) }];
  });
}
