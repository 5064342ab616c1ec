// First, so it runs before the form's module makes its zod schema.
import "#app/lib/zod-without-eval.ts";
import { hydrateRoot } from "react-dom/client";
import { ContactFormIsland, type ContactFormIslandProps } from "#app/inquiries/contact-form-view.tsx";
import { contactFields } from "#app/inquiries/contact-form.ts";
import { contactIslandIds } from "#app/inquiries/contact-form-ids.ts";
import { islandPropsIn } from "./island-mount.tsx";

/**
 * Hydrates the server-rendered form, keeping anything typed before the script arrived.
 * Resolves once React has taken over the form (its handlers are attached).
 */
export function hydrateContactForm(root: HTMLElement): Promise<void> {
  const props = islandPropsIn<ContactFormIslandProps>(document, contactIslandIds);
  if (!props) return Promise.reject(new Error("The contact form's props are missing"));
  const form = root.querySelector("form");
  const initialValues = { ...props.initialValues };
  for (const field of contactFields) {
    const control = form?.elements.namedItem(field);
    if (control instanceof HTMLInputElement || control instanceof HTMLSelectElement || control instanceof HTMLTextAreaElement) {
      initialValues[field] = control.value;
    }
  }
  return new Promise((resolve) => {
    hydrateRoot(root, <ContactFormIsland {...props} initialValues={initialValues} onLive={resolve} />);
  });
}
