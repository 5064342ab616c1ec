import { hydrateRoot } from "react-dom/client";
import { ContactFormIsland, type ContactFormIslandProps } from "#app/components/site/contact-form.tsx";
import { contactFields } from "#app/lib/contact-form.ts";
import { contactIslandIds } from "#app/components/site/contact-form-ids.ts";

/** Hydrates the server-rendered form, keeping anything typed before the script arrived. */
export function hydrateContactForm(root: HTMLElement): void {
  const text = document.getElementById(contactIslandIds.props)?.textContent;
  if (!text) return;
  const props = JSON.parse(text) as ContactFormIslandProps;
  const form = root.querySelector("form");
  const initialValues = { ...props.initialValues };
  for (const field of contactFields) {
    const control = form?.elements.namedItem(field);
    if (control instanceof HTMLInputElement || control instanceof HTMLSelectElement || control instanceof HTMLTextAreaElement) {
      initialValues[field] = control.value;
    }
  }
  hydrateRoot(root, <ContactFormIsland {...props} initialValues={initialValues} />);
}
