/**
 * An island's eager part, a few hundred bytes: React and the island's code load when the visitor
 * first reaches for it, so reading the page costs no script work. A submit that comes before
 * that is held until the form is live, then sent as usual; if the script cannot load, the plain
 * form post goes instead.
 *
 * `hydrate` loads the island's code and resolves once React has taken the root over.
 */
export function hydrateOnTouch(root: HTMLElement, hydrate: () => Promise<void>): void {
  let hydration: Promise<void> | undefined;
  let live = false;
  const start = () => {
    hydration ??= hydrate().then(() => {
      live = true;
    });
    return hydration;
  };
  for (const type of ["focusin", "pointerdown", "touchstart", "keydown"]) {
    root.addEventListener(type, start, { once: true, passive: true });
  }
  root.addEventListener(
    "submit",
    (event) => {
      if (live || !(event.target instanceof HTMLFormElement)) return;
      event.preventDefault();
      const form = event.target;
      start().then(
        () => form.requestSubmit(),
        () => form.submit(),
      );
    },
    { capture: true },
  );
}
