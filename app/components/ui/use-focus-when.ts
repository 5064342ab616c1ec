import { useEffect, useRef } from "react";

/**
 * A ref for an element that takes the keyboard when it is drawn with `when` true: for a control
 * drawn anew after what it did (a list redrawn after a move), so the keyboard stays where it was.
 */
export function useFocusWhen<T extends HTMLElement>(when: boolean) {
  const ref = useRef<T>(null);
  useEffect(() => {
    if (when) ref.current?.focus();
  }, [when]);
  return ref;
}
