import { useEffect, useRef } from "react";

/**
 * A native <dialog> shown modal while its component is mounted (focus kept inside, Escape
 * closes it, the page behind inert), and closed when it unmounts. Returns the ref for the
 * <dialog> and the way to close it (its onClose then tells the owner).
 */
export function useModalDialog() {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    dialog?.showModal();
    return () => dialog?.close();
  }, []);
  return { ref, close: () => ref.current?.close() };
}
