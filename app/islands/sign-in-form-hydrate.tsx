// First, so it runs before the form's module makes its zod schema.
import "#app/lib/zod-without-eval.ts";
import { hydrateRoot } from "react-dom/client";
import { SignInForm, type SignInFormProps } from "#app/staff/sign-in-form-view.tsx";
import { islandPropsIn } from "./island-mount.tsx";
import { signInIslandIds } from "#app/staff/sign-in-form-ids.ts";

/**
 * Hydrates the server-rendered sign-in form, keeping anything typed (or filled in by a password
 * manager) before the script arrived. Resolves once React has taken over the form.
 */
export function hydrateSignInForm(root: HTMLElement): Promise<void> {
  const props = islandPropsIn<SignInFormProps>(document, signInIslandIds);
  if (!props) return Promise.reject(new Error("The sign-in form's props are missing"));
  const form = root.querySelector("form");
  const typed = (name: string) => {
    const control = form?.elements.namedItem(name);
    return control instanceof HTMLInputElement ? control.value : "";
  };
  return new Promise((resolve) => {
    hydrateRoot(root, <SignInForm {...props} email={typed("email")} password={typed("password")} onLive={resolve} />);
  });
}
