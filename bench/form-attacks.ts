// Form bodies crafted against the form parser (attack review 2026-11-24, F1 and F11), for every
// form of the site: field names that would make Conform build a sparse array of billions of
// slots, nest thousands of levels deep, or join one name repeated tens of thousands of times,
// plus Conform's own control fields. `npm run check:security` and the browser tests send them.
import { type FieldDescription, fieldList } from "../app/content/define-page.ts";
import { editorAddresses, type PageName, pageDefinition } from "../app/content/pages.ts";

export type FormAttack = { name: string; body: string };

export type FormAttackTarget = {
  /** Where the form posts. */
  path: string;
  /** An ordinary post of the form (answered without checking a password or storing anything). */
  base: string;
  /** The answers other than 400 that the form gives an ordinary post (a refused sign-in, a missing inquiry...). */
  normalStatuses: ReadonlyArray<number>;
  attacks: ReadonlyArray<FormAttack>;
};

const hugeIndex = 4_294_967_294;

const encode = (fields: Record<string, string>) => new URLSearchParams(fields).toString();

/** The form name of the first one-line text among some fields, looking into their lists' first items. */
function firstTextIn(fields: Readonly<Record<string, FieldDescription>>): string | null {
  for (const [key, field] of fieldList(fields)) {
    if (field.kind === "text") return key;
    if (field.kind === "objectList") {
      const inner = firstTextIn(field.item);
      if (inner) return `${key}[0].${inner}`;
    }
  }
  return null;
}

/** The form name of a page's first one-line text (its title, or the first item's name in a page of lists). */
export function firstTextFieldOf(page: PageName): string {
  const text = firstTextIn(pageDefinition(page).fields);
  if (!text) throw new Error(`${page} has no one-line text`);
  return text;
}

/** The key of the first list a tab edits of a page (a list of texts or of items), if any. */
function firstListFieldOf(page: PageName, only: ReadonlyArray<string> | null): string | null {
  const list = fieldList(pageDefinition(page).fields).find(
    ([key, field]) => (field.kind === "list" || field.kind === "objectList") && (only === null || only.includes(key)),
  );
  return list ? list[0] : null;
}

/** The attacks on one form: `field` is one of its own fields, `list` one of its lists (when it has one). */
function attacksOn(base: string, field: string, list: string | null, repeatBytes: number): Array<FormAttack> {
  const withBase = (extra: string) => `${base}&${extra}`;
  const repeated = `${encodeURIComponent(field)}=a&`;
  return [
    { name: "unknown name, index 2^32-2", body: withBase(`x%5B${hugeIndex}%5D=1`) },
    { name: "unknown name, index 10^7", body: withBase("x%5B10000000%5D=1") },
    { name: "own field, index 2^32-2", body: withBase(`${encodeURIComponent(`${field}[${hugeIndex}]`)}=1`) },
    ...(list ? [{ name: "own list, index 2^32-2", body: withBase(`${encodeURIComponent(`${list}[${hugeIndex}]`)}=1`) }] : []),
    { name: "8,000 levels of [0]", body: withBase(`x${"%5B0%5D".repeat(8_000)}=1`) },
    { name: "20,000 levels of .a", body: withBase(`x${".a".repeat(20_000)}=1`) },
    {
      name: "Conform update intent at index 2^32-2",
      body: withBase(
        `__intent__=${encodeURIComponent(JSON.stringify({ type: "update", payload: { name: `x[${hugeIndex}]`, value: "1" } }))}`,
      ),
    },
    ...(list
      ? [
          {
            name: "Conform insert intent at index 2^32-2",
            body: withBase(
              `__intent__=${encodeURIComponent(JSON.stringify({ type: "insert", payload: { name: list, index: hugeIndex } }))}`,
            ),
          },
        ]
      : []),
    { name: "unreadable Conform intent and state", body: withBase("__intent__=%7Bnot-json&__state__=%7Bnot-json") },
    {
      name: `one field repeated ${Math.floor(repeatBytes / repeated.length)} times`,
      body: repeated.repeat(Math.floor(repeatBytes / repeated.length)),
    },
  ];
}

// The public forms take 128 KiB, the admin's forms more: each attack fits its form's limit.
const publicFormBytes = 100_000;
const adminFormBytes = 900_000;

const contactBase = encode({ firstName: "Attack", lastName: "Test", email: "not-an-address" });

/** Every form of the site. Admin forms need a signed-in session (without one they answer 302 or 401, also fine). */
export const formAttacks: ReadonlyArray<FormAttackTarget> = [
  {
    path: "/admin/login",
    // No password: the form is refused before any (slow, by design) password check.
    base: encode({ email: "attacker@example.com" }),
    normalStatuses: [302],
    attacks: attacksOn(encode({ email: "attacker@example.com" }), "email", null, publicFormBytes),
  },
  { path: "/contact", base: contactBase, normalStatuses: [], attacks: attacksOn(contactBase, "firstName", null, publicFormBytes) },
  { path: "/api/inquiries", base: contactBase, normalStatuses: [], attacks: attacksOn(contactBase, "firstName", null, publicFormBytes) },
  // Each content tab's first page, and each page edited from another tab (app/content/pages.ts).
  ...editorAddresses
    .filter(({ tab, view }) => view === tab.views[0] || view.fields !== null)
    .map(({ href, view }) => ({ path: href, field: firstTextFieldOf(view.page), list: firstListFieldOf(view.page, view.fields) }))
    .map(({ path, field, list }) => {
      const base = encode({ baseVersion: "0", [field]: "Attack" });
      return { path, base, normalStatuses: [302, 401], attacks: attacksOn(base, field, list, adminFormBytes) };
    }),
  {
    path: "/admin/history/about",
    base: encode({ version: "1", baseVersion: "0" }),
    normalStatuses: [302, 401, 404, 409],
    attacks: attacksOn(encode({ version: "1", baseVersion: "0" }), "version", null, adminFormBytes),
  },
  {
    path: "/admin/images?category=general-images",
    base: encode({ id: "no-such-image" }),
    normalStatuses: [302, 401, 404],
    attacks: attacksOn(encode({ id: "no-such-image" }), "id", null, adminFormBytes),
  },
  {
    path: "/admin/inquiries",
    base: encode({ id: "00000000-0000-4000-8000-000000000000" }),
    normalStatuses: [302, 401, 404],
    attacks: attacksOn(encode({ id: "00000000-0000-4000-8000-000000000000" }), "id", null, adminFormBytes),
  },
];
