import { GripVertical } from "lucide-react";
import { type KeyboardEvent, type PointerEvent, useRef } from "react";
import { useFocusWhen } from "#app/components/ui/use-focus-when.ts";

/**
 * The handle that reorders a list's items by dragging (mouse, pen or finger: pointer events, the
 * page does not scroll under a finger on it) and by the up and down arrow keys. The item it sits
 * in follows the pointer; on release it goes where it was dropped. Its list is the nearest <ol>,
 * whose <li> children are the items in order.
 */
export function DragHandle({
  index,
  count,
  itemLabel,
  onMove,
  takeFocus = false,
}: {
  index: number;
  count: number;
  itemLabel: string;
  onMove: (from: number, to: number) => void;
  /** Takes the keyboard when drawn: the list was drawn anew after this item moved. */
  takeFocus?: boolean;
}) {
  const focusRef = useFocusWhen<HTMLButtonElement>(takeFocus);
  const drag = useRef<{ startY: number; item: HTMLElement; others: Array<HTMLElement>; to: number } | null>(null);

  function onPointerDown(event: PointerEvent<HTMLButtonElement>) {
    const item = event.currentTarget.closest("li");
    const list = item?.parentElement;
    if (!item || !list || event.button !== 0) return;
    event.currentTarget.setPointerCapture(event.pointerId);
    const others = [...list.children].filter((each): each is HTMLElement => each instanceof HTMLElement && each !== item);
    drag.current = { startY: event.clientY, item, others, to: index };
    item.style.position = "relative";
    item.style.zIndex = "10";
  }

  function onPointerMove(event: PointerEvent<HTMLButtonElement>) {
    const state = drag.current;
    if (!state) return;
    // Near the top or bottom of the screen the page scrolls along, so a long list can be crossed.
    if (event.clientY < 64) window.scrollBy(0, -12);
    else if (event.clientY > window.innerHeight - 96) window.scrollBy(0, 12);
    state.item.style.transform = `translateY(${event.clientY - state.startY}px)`;
    // Its new place: after every other item whose middle is above the pointer.
    state.to = state.others.filter((other) => {
      const box = other.getBoundingClientRect();
      return box.top + box.height / 2 < event.clientY;
    }).length;
  }

  function onPointerEnd() {
    const state = drag.current;
    if (!state) return;
    drag.current = null;
    state.item.style.transform = "";
    state.item.style.position = "";
    state.item.style.zIndex = "";
    if (state.to !== index) onMove(index, state.to);
  }

  function onKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    const step = event.key === "ArrowUp" ? -1 : event.key === "ArrowDown" ? 1 : 0;
    if (step === 0) return;
    event.preventDefault();
    const to = index + step;
    if (to >= 0 && to < count) onMove(index, to);
  }

  return (
    <button
      type="button"
      className="btn-quiet cursor-grab touch-none active:cursor-grabbing"
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerEnd}
      onPointerCancel={onPointerEnd}
      onKeyDown={onKeyDown}
      ref={focusRef}
      aria-roledescription="drag handle"
    >
      <GripVertical aria-hidden="true" className="size-4" />
      <span className="sr-only">
        Reorder {itemLabel} ({index + 1} of {count}): drag, or press the up and down arrow keys
      </span>
    </button>
  );
}
