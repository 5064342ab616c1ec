// The sign-in page's only script, a few hundred bytes (see hydrate-on-touch.ts). The form works
// without it (a plain post); React, the form's checks and its toasts load when staff first reach
// for the form, so the page itself loads no more than a public page.
import { hydrateOnTouch } from "./hydrate-on-touch.ts";
import { signInIslandIds } from "#app/staff/sign-in-form-ids.ts";

const root = document.getElementById(signInIslandIds.root);
if (root) hydrateOnTouch(root, () => import("./sign-in-form-hydrate.tsx").then(({ hydrateSignInForm }) => hydrateSignInForm(root)));
