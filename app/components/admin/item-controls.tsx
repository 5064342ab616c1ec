import { ArrowDown, ArrowUp, Trash2 } from "lucide-react";
import type { AnyForm } from "./page-editor.tsx";

/**
 * Move up, move down and remove for one item of a list field (a list of texts, the team). The
 * visible words are short; each button's name also says which item it acts on.
 */
export function ItemControls({
  form,
  listName,
  index,
  count,
  itemLabel,
  onRemove,
}: {
  form: AnyForm;
  listName: string;
  index: number;
  count: number;
  itemLabel: string;
  /** Called after the item is removed (the team's toast). */
  onRemove?: () => void;
}) {
  return (
    <div className="flex flex-wrap gap-1.5">
      <button
        type="button"
        className="btn-quiet"
        disabled={index === 0}
        onClick={() => form.reorder({ name: listName, from: index, to: index - 1 })}
      >
        <ArrowUp aria-hidden="true" className="size-4" />
        <span className="max-sm:sr-only">Move up</span>
        <span className="sr-only"> {itemLabel}</span>
      </button>
      <button
        type="button"
        className="btn-quiet"
        disabled={index === count - 1}
        onClick={() => form.reorder({ name: listName, from: index, to: index + 1 })}
      >
        <ArrowDown aria-hidden="true" className="size-4" />
        <span className="max-sm:sr-only">Move down</span>
        <span className="sr-only"> {itemLabel}</span>
      </button>
      <button
        type="button"
        className="btn-quiet text-clay-dark"
        onClick={() => {
          form.remove({ name: listName, index });
          onRemove?.();
        }}
      >
        <Trash2 aria-hidden="true" className="size-4" />
        Remove<span className="sr-only"> {itemLabel}</span>
      </button>
    </div>
  );
}
