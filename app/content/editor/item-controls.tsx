import { ArrowDown, ArrowUp, Trash2 } from "lucide-react";
import { showUndoToast } from "#app/components/ui/toaster.tsx";
import { DragHandle } from "./drag-handle.tsx";
import type { DefaultValue, FieldName } from "@conform-to/react";
import type { EditorFormMetadata, EditorValues } from "./editor-values.ts";

const moves = [
  { step: -1, words: "Move up", Icon: ArrowUp },
  { step: 1, words: "Move down", Icon: ArrowDown },
] as const;

/**
 * Drag (or arrow keys), move up, move down and remove for one item of a list field (a list of
 * texts, the team). The visible words are short; each button's name also says which item it acts
 * on. A removal says so in a toast with "Undo", which puts the item back where it was, as it was
 * (typed text too).
 */
export function ItemControls<Item>({
  form,
  listName,
  value,
  index,
  count,
  itemLabel,
  removedToast,
  dragHandleOnPhone = true,
}: {
  form: EditorFormMetadata;
  listName: FieldName<Array<Item>, EditorValues>;
  /** The item as it is now (typed text included), for "Undo". */
  value: DefaultValue<Item>;
  index: number;
  count: number;
  itemLabel: string;
  /** The removal's toast (the team's is the spec's); "{itemLabel} removed" when not given. */
  removedToast?: string | undefined;
  /** False where a phone shows the handle elsewhere (on a closed card). */
  dragHandleOnPhone?: boolean;
}) {
  function remove(event: React.MouseEvent<HTMLButtonElement>) {
    // Focus goes on to the next item (or the one before), not back to the top of the page.
    const item = event.currentTarget.closest("li");
    const neighbour = item?.nextElementSibling ?? item?.previousElementSibling;
    form.remove({ name: listName, index });
    requestAnimationFrame(() => neighbour?.querySelector<HTMLElement>("input:not([type=hidden]), textarea, button")?.focus());
    showUndoToast(removedToast ?? `${itemLabel} removed`, () => form.insert({ name: listName, index, defaultValue: value }));
  }

  return (
    <div className="flex flex-wrap gap-1.5">
      <span className={dragHandleOnPhone ? "contents" : "contents max-sm:hidden"}>
        <DragHandle index={index} count={count} itemLabel={itemLabel} onMove={(from, to) => form.reorder({ name: listName, from, to })} />
      </span>
      {moves.map(({ step, words, Icon }) => (
        <button
          key={words}
          type="button"
          className="btn-quiet"
          disabled={index + step < 0 || index + step >= count}
          onClick={() => form.reorder({ name: listName, from: index, to: index + step })}
        >
          <Icon aria-hidden="true" className="size-4" />
          <span className="max-sm:sr-only">{words}</span>
          <span className="sr-only"> {itemLabel}</span>
        </button>
      ))}
      <button type="button" className="btn-quiet text-clay-dark" onClick={remove}>
        <Trash2 aria-hidden="true" className="size-4" />
        Remove<span className="sr-only"> {itemLabel}</span>
      </button>
    </div>
  );
}
