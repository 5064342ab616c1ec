import { useField } from "@conform-to/react";
import { Plus } from "lucide-react";
import { type ChangeEvent, createContext, lazy, Suspense, useContext, useEffect, useId, useRef, useState } from "react";
import { Field, type FieldMeta } from "#app/components/ui/field.tsx";
import { Initials } from "#app/components/ui/initials.tsx";
import { notPublishedYet, showToast } from "#app/components/ui/toaster.tsx";
import {
  type ChoiceFieldDescription,
  type FieldDescription,
  fieldList,
  type ObjectListFieldDescription,
  type RichTextFieldDescription,
  type ServicesFieldDescription,
  type TeamMemberFieldDescription,
} from "#app/content/define-page.ts";
import { ArticleBodyView } from "#app/articles/article-body-view.tsx";
import { articleBodySchema } from "#app/articles/article-body.ts";
import { useServices } from "#app/components/site/services-context.tsx";
import { searchFieldKeys } from "#app/content/search-fields.ts";
import { ImagePicker } from "../../media/image-picker.tsx";
import { DragHandle } from "./drag-handle.tsx";
import { ItemControls } from "./item-controls.tsx";
import { PracticeTokenTools } from "./practice-token-tools.tsx";
import { propertyOf } from "#app/lib/property-of.ts";
import { type EditorValues, RequiredFieldsContext } from "./editor-values.ts";
import { isPerLanguage } from "#app/content/translation.ts";

/**
 * One editor per kind of field (define-page.ts): a page's fields, and an object list's item
 * fields, are all drawn from their descriptions here, so a new field needs no editor code.
 */

/** "staff[2].name" → "staff[].name", the form the schema's constraint names a field by. */
function constraintKey(name: string): string {
  return name.replace(/\[\d+\]/g, "[]");
}

function useRequired(name: string): boolean {
  return useContext(RequiredFieldsContext).has(constraintKey(name));
}

/** A change made in the editor only: the spec's toast, and that it is not on the website yet. */
function toast(title: string) {
  showToast({ id: `${title}-${Date.now()}`, type: "success", title, description: notPublishedYet });
}

/** A new item's id: random, and usable in a file name (crypto.randomUUID needs https). */
function newItemId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(12));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** What an item of an object list is called: its title field's text, or its place in the list. */
function itemTitle(list: ObjectListFieldDescription, value: unknown, index: number): string {
  const title = propertyOf(value, list.titleKey);
  return typeof title === "string" && title.trim() ? title.trim() : `${list.itemLabel} ${index + 1}`;
}

/** How much of a search text search results show, counted as it is typed. */
function shownLengthNote(value: unknown, shown: number): string {
  const count = typeof value === "string" ? [...value.trim()].length : 0;
  const said = `${count} ${count === 1 ? "character" : "characters"}`;
  return count > shown
    ? `${said}: search results show about the first ${shown}, so the end may be cut off.`
    : `${said} of about ${shown} that search results show.`;
}

function TextEditor({
  name,
  description,
  multiline,
}: {
  name: string;
  description: { label: string; help?: string; helpInTranslation?: string; shownLength?: number };
  multiline: boolean;
}) {
  const [field] = useField<string, EditorValues>(name);
  const translating = useContext(EnglishReference) !== null;
  const said = translating && description.helpInTranslation ? description.helpInTranslation : description.help;
  // Every text of a page is required (the editor says so once); an item's asterisks tell its required fields from the rest.
  const markRequired = useRequired(name) && name.includes("[");
  const help =
    description.shownLength === undefined ? (
      said
    ) : (
      <>
        {said} <span className="font-semibold">{shownLengthNote(field.value, description.shownLength)}</span>
      </>
    );
  return (
    <div className="group/text">
      {multiline ? (
        <Field field={field} label={description.label} description={help} markRequired={markRequired} control="textarea" rows={4} />
      ) : (
        <Field field={field} label={description.label} description={help} markRequired={markRequired} />
      )}
      {/* Paragraphs are where a text gives the phone or address; any text can have one typed in. */}
      <PracticeTokenTools fieldId={field.id} fieldLabel={description.label} value={field.value} insert={multiline} />
      <EnglishText name={name} />
    </div>
  );
}

function ChoiceEditor({ name, description }: { name: string; description: ChoiceFieldDescription }) {
  const [field] = useField<string, EditorValues>(name);
  return (
    <Field field={field} label={description.label} description={description.help} control="select">
      {description.options.map((option) => (
        <option key={option}>{option}</option>
      ))}
    </Field>
  );
}

/** The team members a field can name (an article's author), from the About page's team: id and name. */
export const TeamMembersContext = createContext<ReadonlyArray<{ id: string; name: string }>>([]);

/** One team member, or none (the practice itself); a member no longer on the team stays chosen, said so. */
function TeamMemberEditor({ name, description }: { name: string; description: TeamMemberFieldDescription }) {
  const [field] = useField<string, EditorValues>(name);
  const team = useContext(TeamMembersContext);
  const chosen = typeof field.initialValue === "string" ? field.initialValue : "";
  const gone = chosen !== "" && !team.some((member) => member.id === chosen);
  return (
    <Field field={field} label={description.label} description={description.help} control="select">
      <option value="">The practice (no author named)</option>
      {team.map((member) => (
        <option key={member.id} value={member.id}>
          {member.name}
        </option>
      ))}
      {gone ? <option value={chosen}>No longer on the team</option> : null}
    </Field>
  );
}

// The rich-text editor comes with the first page that has such a field (an article), not before.
const RichTextEditor = lazy(() => import("#app/articles/rich-text-editor.tsx"));

/**
 * A text written in the rich-text editor (an article's body): the form posts the editor's JSON
 * in one hidden field, kept current as the person types so a save never misses the last word.
 */
function RichTextField({ name, description }: { name: string; description: RichTextFieldDescription }) {
  const [field] = useField<string, EditorValues>(name);
  const initial = typeof field.initialValue === "string" ? field.initialValue : "";
  // Held here: a hidden input's value is its default, which React would set back on each render.
  const [json, setJson] = useState(initial);
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    // A script's change sends no input event of its own; the form reads them (its preview, its unsaved-changes note).
    if (json !== initial) input.current?.dispatchEvent(new Event("input", { bubbles: true }));
  }, [json, initial]);
  const labelId = `${field.id}-label`;
  const error = field.errors?.[0];
  const describedBy = [error ? field.errorId : null, description.help ? field.descriptionId : null].filter(Boolean).join(" ");
  return (
    <div>
      <p id={labelId} className="block text-sm font-semibold text-ink">
        {description.label}
      </p>
      {description.help ? (
        <p id={field.descriptionId} className="mt-1 text-sm text-muted">
          {description.help}
        </p>
      ) : null}
      <input ref={input} type="hidden" id={field.id} name={field.name} value={json} />
      <Suspense
        fallback={
          <p role="status" className="mt-1.5 text-sm text-muted">
            Loading the editor...
          </p>
        }
      >
        <RichTextEditor
          initial={initial}
          onChange={setJson}
          labelId={labelId}
          describedBy={describedBy || undefined}
          invalid={error !== undefined}
        />
      </Suspense>
      {error ? (
        <p id={field.errorId} className="mt-1.5 text-sm font-medium text-clay-dark">
          {error}
        </p>
      ) : null}
      <EnglishBody name={name} />
    </div>
  );
}

/** On a translation's side, the English body as visitors read it, folded away. */
function EnglishBody({ name }: { name: string }) {
  const reference = useContext(EnglishReference);
  const parsed = reference && name in reference ? articleBodySchema.safeParse(reference[name]) : null;
  if (!parsed?.success) return null;
  return (
    <details className="mt-2 rounded-lg bg-sand px-3 py-2 text-sm text-ink">
      <summary className="min-h-11 cursor-pointer content-center font-semibold">English</summary>
      <div lang="en">
        <ArticleBodyView body={parsed.data} />
      </div>
    </details>
  );
}

/** The options a check-box field offers, as values and what each reads. */
type CheckOption = { value: string; label: string };

/**
 * Some of a set of options, as check boxes (a therapist's ages, or the services they offer). The
 * boxes themselves post nothing: what is chosen posts as hidden fields numbered from 0 in the
 * order it was chosen (the saved order first), so an unchanged list reads as unchanged and a
 * form never repeats a name (app/server/form-shape.server.ts). A value already chosen that is no
 * longer offered (a service retired since) is kept, unseen, so saving does not drop it.
 */
function ChoicesEditor({
  name,
  label,
  help,
  options,
}: {
  name: string;
  label: string;
  help?: string | undefined;
  options: ReadonlyArray<CheckOption>;
}) {
  const [field] = useField<Array<string>, EditorValues>(name);
  const [chosen, setChosen] = useState<ReadonlyArray<string>>(() => {
    const initial: unknown = field.initialValue;
    const values = Array.isArray(initial) ? initial : typeof initial === "string" ? [initial] : [];
    return values.filter((value): value is string => typeof value === "string" && value !== "");
  });
  const fieldset = useRef<HTMLFieldSetElement>(null);
  const changed = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs after each change of the choice, once its hidden fields are drawn
  useEffect(() => {
    if (!changed.current) return;
    changed.current = false;
    // Conform reads the form again on an input event from a named field; the boxes have no name.
    const named =
      fieldset.current?.querySelector<HTMLInputElement>("input[name]") ??
      fieldset.current?.form?.querySelector<HTMLInputElement>("input[name]");
    named?.dispatchEvent(new Event("input", { bubbles: true }));
  }, [chosen]);
  const toggle = (value: string, on: boolean) => {
    changed.current = true;
    setChosen((now) => (on ? [...now.filter((each) => each !== value), value] : now.filter((each) => each !== value)));
  };
  const helpId = `${field.id}-help`;
  const error = field.errors?.[0];
  return (
    <fieldset ref={fieldset} aria-describedby={help ? helpId : undefined} className="rounded-xl border border-line p-4">
      <legend className="px-1 text-sm font-semibold text-ink">{label}</legend>
      {help ? (
        <p id={helpId} className="mb-2 text-sm text-muted">
          {help}
        </p>
      ) : null}
      {options.length === 0 ? <p className="text-sm text-muted">There is nothing to choose yet.</p> : null}
      <div className="flex flex-wrap gap-x-5 gap-y-2">
        {options.map((option) => (
          <label key={option.value} className="inline-flex min-h-11 items-center gap-2 text-ink">
            <input
              type="checkbox"
              checked={chosen.includes(option.value)}
              onChange={(event) => toggle(option.value, event.currentTarget.checked)}
              className="size-5 accent-brand"
            />
            {option.label}
          </label>
        ))}
      </div>
      {chosen.map((value, index) => (
        <input key={value} type="hidden" name={`${field.name}[${index}]`} value={value} />
      ))}
      {error ? (
        <p id={field.errorId} className="mt-2 text-sm font-semibold text-clay-dark">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

function ServicesChoiceEditor({ name, description }: { name: string; description: ServicesFieldDescription }) {
  const options = useServices().map((service) => ({ value: service.id, label: service.title }));
  return <ChoicesEditor name={name} label={description.label} help={description.help} options={options} />;
}

function IdEditor({ name }: { name: string }) {
  const [field] = useField<string, EditorValues>(name);
  return <input type="hidden" name={field.name} value={typeof field.value === "string" ? field.value : ""} />;
}

/**
 * A list of one-line texts (benefits, steps: lineList in text-fields.ts): each item edited in
 * place, in a text area that grows as it wraps so a long item is read whole, moved, or removed by
 * position; 'Add item' appends an empty one (spec section 4).
 */
/**
 * Whether a list left empty shows the page's built-in list: false for a service staff added,
 * which has none (its view then leaves the part out).
 */
export const EmptyListShowsBuiltIn = createContext(true);

/**
 * What a list's item cards say of an item beside its fields, by item id: when a team member was
 * last changed, and whether their own change waits for review (a link to the review).
 */
export type ItemNote = { text: string; href?: string | undefined };
export const ItemNotes = createContext<ReadonlyMap<string, ReadonlyArray<ItemNote>>>(new Map());

function ItemNoteLine({ id }: { id: string }) {
  const notes = useContext(ItemNotes).get(id);
  if (!notes || notes.length === 0) return null;
  return (
    <div className="mt-3 flex flex-wrap items-center gap-x-4 gap-y-2 sm:mt-0 sm:mb-3">
      {notes.map((note) =>
        note.href ? (
          <a
            key={note.text}
            href={note.href}
            className="inline-flex min-h-11 items-center rounded-full bg-clay-soft px-3 text-sm font-semibold text-clay-dark"
          >
            {note.text}
          </a>
        ) : (
          <p key={note.text} className="text-sm text-muted">
            {note.text}
          </p>
        ),
      )}
    </div>
  );
}

/**
 * In a translation's editor: the English page's texts, by field name, each shown under its
 * field for reference (translation.ts). None in the English editor.
 */
export const EnglishReference = createContext<Readonly<Record<string, unknown>> | null>(null);

function EnglishText({ name }: { name: string }) {
  const reference = useContext(EnglishReference);
  if (!reference || !(name in reference)) return null;
  const value = reference[name];
  const items = Array.isArray(value) ? value.filter((item): item is string => typeof item === "string" && item.trim() !== "") : null;
  const text = typeof value === "string" ? value.trim() : "";
  return (
    <div className="mt-2 rounded-lg bg-sand px-3 py-2 text-sm text-ink">
      <p className="font-semibold">English</p>
      {items ? (
        items.length > 0 ? (
          <ul lang="en" className="mt-1 list-disc space-y-1 pl-5">
            {items.map((item, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list of texts, identified by position
              <li key={index}>{item}</li>
            ))}
          </ul>
        ) : (
          <p className="mt-1 text-muted">The English page has no items here.</p>
        )
      ) : text ? (
        <p lang="en" className="mt-1 whitespace-pre-line">
          {text}
        </p>
      ) : (
        <p className="mt-1 text-muted">The English page has no text here.</p>
      )}
    </div>
  );
}

function ListEditor({ name, label }: { name: string; label: string }) {
  const [field, form] = useField<Array<string>, EditorValues>(name);
  const items = field.getFieldList();
  const showsBuiltIn = useContext(EmptyListShowsBuiltIn);
  const translating = useContext(EnglishReference) !== null;
  const error = field.errors?.[0];
  const emptyNote = translating
    ? "No items yet: add each item of the English list below in this language."
    : showsBuiltIn
      ? "No items: the page shows its built-in list."
      : "No items: the page leaves this part out.";
  return (
    <fieldset aria-describedby={error ? field.errorId : undefined} className="rounded-xl border border-line p-4">
      <legend className="px-1 text-sm font-semibold text-ink">{label}</legend>
      {items.length === 0 ? <p className="text-sm text-muted">{emptyNote}</p> : null}
      <ol className="space-y-3">
        {items.map((item, index) => {
          const itemLabel = `${label} ${index + 1}`;
          return (
            <li key={item.key} className="flex flex-wrap items-end gap-2">
              <div className="min-w-0 flex-1 basis-64">
                <Field field={item} label={itemLabel} control="textarea" oneLine />
                <PracticeTokenTools fieldId={item.id} fieldLabel={itemLabel} value={item.value} insert={false} />
              </div>
              <div className="pb-1">
                <ItemControls
                  form={form}
                  listName={field.name}
                  value={item.value}
                  index={index}
                  count={items.length}
                  itemLabel={itemLabel}
                />
              </div>
            </li>
          );
        })}
      </ol>
      <button type="button" className="btn-quiet mt-4" onClick={() => form.insert({ name: field.name, defaultValue: "" })}>
        <Plus aria-hidden="true" className="size-4" />
        Add item<span className="sr-only"> to {label}</span>
      </button>
      {error ? (
        <p id={field.errorId} className="mt-2 text-sm font-medium text-clay-dark">
          {error}
        </p>
      ) : null}
      <EnglishText name={name} />
    </fieldset>
  );
}

/** A control that is not part of the saved form (no name): the add panel's fields. */
function panelField(id: string): FieldMeta {
  return { id, name: "", errorId: `${id}-error`, descriptionId: `${id}-description` };
}

/**
 * The add panel of an object list: the item's fields as its descriptions say (not its id, nor a
 * picture, which can be added once the item is in the list), added only when every required one
 * is filled in (spec: a name and a title).
 */
function AddItemPanel({
  name,
  list,
  onAdd,
  onClose,
}: {
  name: string;
  list: ObjectListFieldDescription;
  onAdd: (item: Record<string, string>) => void;
  onClose: () => void;
}) {
  const id = useId();
  const required = useContext(RequiredFieldsContext);
  const fields = fieldList(list.item).filter(
    (entry): entry is [string, Exclude<FieldDescription, { kind: "id" | "image" | "list" | "objectList" }>] =>
      !("addedLater" in entry[1] && entry[1].addedLater) &&
      (((entry[1].kind === "text" || entry[1].kind === "longText") && !entry[1].describes) || entry[1].kind === "choice"),
  );
  const [values, setValues] = useState<Record<string, string>>(() =>
    Object.fromEntries(fields.map(([key]) => [key, String(propertyOf(list.newItem, key) ?? "")])),
  );
  const isRequired = (key: string) => required.has(`${name}[].${key}`);
  const ready = fields.every(([key, field]) => field.kind === "choice" || !isRequired(key) || values[key]?.trim());
  const set = (key: string) => (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) =>
    setValues({ ...values, [key]: event.target.value });
  const add = () => {
    if (ready) onAdd(Object.fromEntries(Object.entries(values).map(([key, value]) => [key, value.trim()])));
  };
  // Enter adds the item (when it can) instead of saving the page.
  const onKeyDown = (event: React.KeyboardEvent) => {
    if (event.key === "Enter" && event.target instanceof HTMLInputElement) {
      event.preventDefault();
      add();
    }
  };
  const short = fields.filter(([, field]) => field.kind !== "longText");
  const long = fields.filter(([, field]) => field.kind === "longText");
  const control = ([key, field]: (typeof fields)[number]) => {
    const common = { field: panelField(`${id}-${key}`), label: field.label, value: values[key] ?? "", onChange: set(key) };
    if (field.kind === "choice") {
      return (
        <Field key={key} {...common} control="select">
          {field.options.map((option) => (
            <option key={option}>{option}</option>
          ))}
        </Field>
      );
    }
    if (field.kind === "longText") return <Field key={key} {...common} control="textarea" rows={3} />;
    return <Field key={key} {...common} markRequired={isRequired(key)} />;
  };
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: the key handler only redirects Enter from the inputs inside
    <div onKeyDown={onKeyDown} className="mt-4 space-y-4 rounded-2xl border border-brand/40 bg-brand-soft/40 p-5">
      <h4 className="font-sans text-lg font-semibold text-ink">{list.texts.panelTitle}</h4>
      <div className="grid gap-4 sm:grid-cols-2">{short.map(control)}</div>
      {long.map(control)}
      {list.texts.panelNote ? <p className="text-sm text-muted">{list.texts.panelNote}</p> : null}
      <div className="flex flex-wrap gap-3">
        <button type="button" className="btn-brand" disabled={!ready} onClick={add}>
          {list.texts.confirmAdd}
        </button>
        <button type="button" className="btn-quiet" onClick={onClose}>
          Cancel
        </button>
      </div>
    </div>
  );
}

/** Which cards are open, per list, across the editor's remount after a save (by item id). */
const openCards = new Map<string, ReadonlySet<string>>();

/** An item's card by its id (stable across saves and moves), else Conform's key for it. */
function cardIdOf(value: unknown, fallback: string): string {
  const id = propertyOf(value, "id");
  return typeof id === "string" && id ? id : fallback;
}

/** A collapsed item's picture: its own address (ours only), else the initials of its title. */
function CardPicture({ address, name }: { address: unknown; name: string }) {
  if (typeof address === "string" && address.startsWith("/")) {
    return <img src={address} alt="" className="size-12 shrink-0 rounded-full object-cover" />;
  }
  return <Initials name={name} className="size-12 text-lg" />;
}

/**
 * A list of items with fields of their own (the About tab's team, spec section 4): items edited
 * inline, added from a panel, moved and removed; all of it kept only when 'Save Changes' is pressed.
 * On a phone each item is a card (picture, name, title) that opens to edit, and a new item comes
 * first, opened: the team is a short list to scroll, not a long form. The fields of a closed card
 * stay in the form (hidden), so a save sends every item; a card with a refused field opens.
 */
function ObjectListEditor({ name, list }: { name: string; list: ObjectListFieldDescription }) {
  // In the form an item's fields are strings: texts, a choice, a picture's address, an id.
  const [field, form] = useField<Array<Record<string, string>>, EditorValues>(name);
  const items = field.getFieldList();
  // A translation's items are the English page's: not added, removed or moved here.
  const translating = useContext(EnglishReference) !== null;
  const [adding, setAdding] = useState(false);
  // The open cards, by item id: kept when the editor opens the version it just saved.
  const [opened, setOpened] = useState<ReadonlySet<string>>(() => openCards.get(name) ?? new Set());
  useEffect(() => void openCards.set(name, opened), [name, opened]);
  const [added, setAdded] = useState<string | null>(null);
  const addButton = useRef<HTMLButtonElement>(null);
  const panelId = `add-${name}-panel`;
  const headingId = `${name}-title`;

  const { toasts } = list;

  function add(values: Record<string, string>) {
    const id = newItemId();
    form.insert({ name: field.name, index: 0, defaultValue: { ...list.newItem, ...values, id } });
    if (toasts) toast(toasts.added);
    setAdding(false);
    setOpened((ids) => new Set(ids).add(id));
    setAdded(id);
  }

  // The item just added is first: opened, scrolled to, and its card's button focused.
  const firstId = items[0] ? cardIdOf(items[0].value, items[0].key ?? "0") : undefined;
  useEffect(() => {
    if (added === null || firstId !== added) return;
    setAdded(null);
    const card = document.getElementById(`card-${added}`);
    card?.scrollIntoView({ block: "start" });
    card?.querySelector<HTMLElement>("[data-card-toggle]")?.focus({ preventScroll: true });
  }, [added, firstId]);

  const toggle = (key: string) =>
    setOpened((keys) => {
      const next = new Set(keys);
      if (!next.delete(key)) next.add(key);
      return next;
    });

  return (
    <section aria-labelledby={headingId} className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h3 id={headingId} className="text-xl font-bold text-brand-dark">
          {list.label} ({items.length})
        </h3>
        {translating ? null : (
          <button
            ref={addButton}
            type="button"
            className="btn-outline-brand inline-flex items-center gap-1.5"
            aria-expanded={adding}
            aria-controls={panelId}
            onClick={() => setAdding(!adding)}
          >
            <Plus aria-hidden="true" className="size-4" />
            {list.texts.add}
          </button>
        )}
      </div>
      {translating ? (
        <p className="text-sm text-muted">
          The English page's list, in its order: a {list.itemLabel.toLowerCase()} left with no text here is shown in English.
        </p>
      ) : null}
      {list.help ? <p className="text-sm text-muted">{list.help}</p> : null}
      {field.errors?.[0] ? (
        <p role="alert" className="text-sm font-medium text-clay-dark">
          {field.errors[0]}
        </p>
      ) : null}
      {adding ? (
        <div id={panelId}>
          <AddItemPanel
            name={name}
            list={list}
            onAdd={add}
            onClose={() => {
              setAdding(false);
              addButton.current?.focus();
            }}
          />
        </div>
      ) : null}
      {items.length === 0 ? (
        <p className="rounded-2xl border border-line bg-white p-6 text-center text-muted">{list.texts.empty}</p>
      ) : (
        <ol className="space-y-5">
          {items.map((item, index) => {
            const title = itemTitle(list, item.value, index);
            const key = cardIdOf(item.value, item.key ?? String(index));
            const open = opened.has(key) || Object.keys(item.allErrors).length > 0;
            const fieldsId = `card-${key}-fields`;
            const subtitle = list.card ? propertyOf(item.value, list.card.subtitleKey) : undefined;
            return (
              <li key={key} id={`card-${key}`} className="scroll-mt-4">
                <fieldset className="rounded-2xl border border-line bg-white p-5">
                  <legend className="px-1 font-sans text-lg font-semibold text-ink max-sm:sr-only">{title}</legend>
                  {list.card ? (
                    <div className="flex items-center gap-3 sm:hidden">
                      {translating ? null : (
                        <DragHandle
                          index={index}
                          count={items.length}
                          itemLabel={title}
                          onMove={(from, to) => form.reorder({ name: field.name, from, to })}
                        />
                      )}
                      {list.card.imageKey ? <CardPicture address={propertyOf(item.value, list.card.imageKey)} name={title} /> : null}
                      <p className="min-w-0 flex-1">
                        <span className="block font-semibold break-words text-ink">{title}</span>
                        {typeof subtitle === "string" && subtitle ? (
                          <span className="block text-sm break-words text-muted">{subtitle}</span>
                        ) : null}
                      </p>
                      <button
                        type="button"
                        data-card-toggle
                        className="btn-quiet"
                        aria-expanded={open}
                        aria-controls={fieldsId}
                        onClick={() => toggle(key)}
                      >
                        {open ? "Close" : "Edit"}
                        <span className="sr-only"> {title}</span>
                      </button>
                    </div>
                  ) : null}
                  <ItemNoteLine id={key} />
                  <div id={fieldsId} className={list.card && !open ? "max-sm:hidden" : "max-sm:mt-4"}>
                    <ItemFields name={item.name} list={list} title={title} />
                    {translating ? null : (
                      <div className="mt-5 border-t border-line pt-4">
                        <ItemControls
                          form={form}
                          listName={field.name}
                          value={item.value}
                          index={index}
                          count={items.length}
                          itemLabel={title}
                          removedToast={toasts?.removed}
                          dragHandleOnPhone={!list.card}
                        />
                      </div>
                    )}
                  </div>
                </fieldset>
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}

/** One item's fields: the short ones side by side, texts and pictures across. */
function ItemFields({ name, list, title }: { name: string; list: ObjectListFieldDescription; title: string }) {
  const [item] = useField<Record<string, string>, EditorValues>(name);
  const id = propertyOf(item.value, "id");
  const translating = useContext(EnglishReference) !== null;
  const everyField = fieldList(list.item);
  // A translation edits an item's texts; the rest is the English page's, carried unseen.
  const allFields = translating ? everyField.filter(([, field]) => isPerLanguage(field)) : everyField;
  const carried = translating ? everyField.filter(([, field]) => !isPerLanguage(field)) : [];
  const isLater = (field: FieldDescription) => "addedLater" in field && field.addedLater === true;
  const fields = allFields.filter(([, field]) => !isLater(field));
  const later = allFields.filter(([, field]) => isLater(field));
  // A picture's description comes with the picture, after the short fields.
  const isShort = (field: FieldDescription) => (field.kind === "text" && !field.describes) || field.kind === "choice";
  const short = fields.filter(([, field]) => isShort(field));
  const rest = fields.filter(([, field]) => !isShort(field));
  // The profile folds away (a phone's card stays short), open while one of its fields is refused.
  const laterRefused = Object.keys(item.allErrors).some((key) => later.some(([laterKey]) => key.startsWith(`${name}.${laterKey}`)));
  const editor = ([key, field]: [string, FieldDescription]) => (
    <FieldEditor
      key={key}
      name={`${name}.${key}`}
      description={field}
      image={{ ownerId: typeof id === "string" ? id : undefined, ownerName: title, uploadedToast: list.toasts?.imageUploaded }}
    />
  );
  return (
    <>
      {carried.map(([key, field]) => (
        <CarriedValue key={key} name={`${name}.${key}`} description={field} />
      ))}
      <div className="grid gap-4 sm:grid-cols-2">{short.map(editor)}</div>
      {rest.map((entry) => (
        <div key={entry[0]} className={entry[1].kind === "id" ? undefined : "mt-4"}>
          {editor(entry)}
        </div>
      ))}
      {later.length > 0 ? (
        <details className="mt-4 rounded-xl border border-line p-4" open={laterRefused || undefined}>
          <summary className="cursor-pointer font-semibold text-ink">{list.laterTitle ?? "More"}</summary>
          {/* A list of theirs left empty is left out of their page; there is no built-in one. */}
          <EmptyListShowsBuiltIn.Provider value={false}>
            <div className="mt-4 grid gap-4 sm:grid-cols-2">{later.filter(([, field]) => isShort(field)).map(editor)}</div>
            {later
              .filter(([, field]) => !isShort(field))
              .map((entry) => (
                <div key={entry[0]} className="mt-4">
                  {editor(entry)}
                </div>
              ))}
          </EmptyListShowsBuiltIn.Provider>
        </details>
      ) : null}
    </>
  );
}

/**
 * A field a translation does not hold (a name, a picture, a choice), carried in the form as the
 * English page has it, so the form is a whole item of its kind; the server keeps only the texts.
 */
function CarriedValue({ name, description }: { name: string; description: FieldDescription }) {
  const [field] = useField<unknown, EditorValues>(name);
  const { value } = field;
  if (description.kind === "objectList") return null;
  if (Array.isArray(value)) {
    return value.map((each, index) => (
      // biome-ignore lint/suspicious/noArrayIndexKey: values carried unchanged, by position
      <input key={index} type="hidden" name={`${field.name}[${index}]`} value={typeof each === "string" ? each : ""} />
    ));
  }
  return <input type="hidden" name={field.name} value={typeof value === "string" ? value : ""} />;
}

/** What an image field inside a list item knows of its item (a staff member's photo is named after them). */
type ImageContext = { ownerId?: string | undefined; ownerName?: string; uploadedToast?: string | undefined };

/** The editor of one field, by its kind. */
export function FieldEditor({ name, description, image }: { name: string; description: FieldDescription; image?: ImageContext }) {
  switch (description.kind) {
    case "text":
      return <TextEditor name={name} description={description} multiline={false} />;
    case "longText":
      return <TextEditor name={name} description={description} multiline />;
    case "choice":
      return <ChoiceEditor name={name} description={description} />;
    case "choices":
      return (
        <ChoicesEditor
          name={name}
          label={description.label}
          help={description.help}
          options={description.options.map((option) => ({ value: option, label: option }))}
        />
      );
    case "services":
      return <ServicesChoiceEditor name={name} description={description} />;
    case "list":
      return <ListEditor name={name} label={description.label} />;
    case "id":
      return <IdEditor name={name} />;
    case "image":
      return <ImagePicker name={name} description={description} {...image} />;
    case "teamMember":
      return <TeamMemberEditor name={name} description={description} />;
    case "richText":
      return <RichTextField name={name} description={description} />;
    case "objectList":
      return <ObjectListEditor name={name} list={description} />;
  }
}

/** A page's fields (or the ones a tab edits), each under its label. */
export function FieldEditors({ fields }: { fields: ReadonlyArray<[string, FieldDescription]> }) {
  const isSearch = ([key]: [string, FieldDescription]) => (searchFieldKeys as ReadonlyArray<string>).includes(key);
  const search = fields.filter(isSearch);
  const simple = fields.filter((entry) => entry[1].kind !== "objectList" && !isSearch(entry));
  const lists = fields.filter(([, field]) => field.kind === "objectList");
  return (
    <>
      {simple.length > 0 ? (
        <div className="space-y-5 rounded-2xl border border-line bg-white p-5 sm:p-6">
          <p className="text-sm text-muted">Every text needs some words; an item left empty in a list is dropped.</p>
          {simple.map(([key, field]) => (
            <FieldEditor key={key} name={key} description={field} />
          ))}
        </div>
      ) : null}
      {lists.map(([key, field]) => (
        <FieldEditor key={key} name={key} description={field} />
      ))}
      {search.length > 0 ? <SearchFieldEditors fields={search} /> : null}
    </>
  );
}

/** A page's search and sharing fields, folded away below its texts (open while one is refused). */
function SearchFieldEditors({ fields }: { fields: ReadonlyArray<[string, FieldDescription]> }) {
  const [, form] = useField<string, EditorValues>(fields[0]?.[0] ?? "");
  const refused = fields.some(([key]) => (form.allErrors[key]?.length ?? 0) > 0);
  return (
    <details className="rounded-2xl border border-line bg-white p-5 sm:p-6" open={refused || undefined}>
      <summary className="flex min-h-11 cursor-pointer items-center text-lg font-bold text-brand-dark">Search and sharing</summary>
      <p className="mt-2 text-sm text-muted">How this page appears in search results and when a link to it is shared.</p>
      <div className="mt-4 space-y-5">
        {fields.map(([key, field]) => (
          <FieldEditor key={key} name={key} description={field} />
        ))}
      </div>
    </details>
  );
}
