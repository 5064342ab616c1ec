// The contact page's only eager script, a few hundred bytes (see hydrate-on-touch.ts). React
// and the form's code load when the visitor first reaches for the form.
import { contactIslandIds } from "#app/inquiries/contact-form-ids.ts";
import { hydrateOnTouch } from "./hydrate-on-touch.ts";

const root = document.getElementById(contactIslandIds.root);
if (root) hydrateOnTouch(root, () => import("./contact-form-hydrate.tsx").then(({ hydrateContactForm }) => hydrateContactForm(root)));
