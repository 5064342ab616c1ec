import type { MouseEvent } from "react";

/**
 * "Cancel" inside a disclosure that asks to confirm or fill something in (Delete, Rename, Remove):
 * closes it, nothing sent, and puts the focus back on what opened it.
 */
export function CancelDisclosure() {
  const close = (event: MouseEvent<HTMLButtonElement>) => {
    const details = event.currentTarget.closest("details");
    if (!details) return;
    details.open = false;
    details.querySelector("summary")?.focus();
  };
  return (
    <button type="button" className="btn-quiet" onClick={close}>
      Cancel
    </button>
  );
}
