// The contact page's only eager script, a few hundred bytes. React and the form's code load
// when the visitor first reaches for the form, so reading the page costs no script work.
// A submit that comes before that is held until the form is live, then sent as usual.
import { contactIslandIds } from "#app/inquiries/contact-form-ids.ts";

const root = document.getElementById(contactIslandIds.root);
if (root) {
  let hydration: Promise<void> | undefined;
  let live = false;
  const hydrate = () => {
    hydration ??= import("./contact-form-hydrate.tsx")
      .then(({ hydrateContactForm }) => hydrateContactForm(root))
      .then(() => {
        live = true;
      });
    return hydration;
  };
  for (const type of ["focusin", "pointerdown", "touchstart", "keydown"]) {
    root.addEventListener(type, hydrate, { once: true, passive: true });
  }
  root.addEventListener(
    "submit",
    (event) => {
      if (live || !(event.target instanceof HTMLFormElement)) return;
      event.preventDefault();
      const form = event.target;
      // If the script cannot load, the plain form post still works.
      hydrate().then(
        () => form.requestSubmit(),
        () => form.submit(),
      );
    },
    { capture: true },
  );
}
