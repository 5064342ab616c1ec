import { ArrowDown, ArrowUp, Trash2 } from "lucide-react";
import type { EditorFormMetadata } from "./editor-values.ts";

const moves = [
  { step: -1, words: "Move up", Icon: ArrowUp },
  { step: 1, words: "Move down", Icon: ArrowDown },
] as const;

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
  form: EditorFormMetadata;
  listName: string;
  index: number;
  count: number;
  itemLabel: string;
  /** Called after the item is removed (the team's toast). */
  onRemove?: () => void;
}) {
  return (
    <div className="flex flex-wrap gap-1.5">
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
