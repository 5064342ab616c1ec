import { useEffect, useRef, useState } from "react";
import { otherSubject, paymentMethodOptions } from "#app/inquiries/contact-options.ts";
import type { PhoneLine } from "#app/content/practice.ts";
import { Field, type FieldMeta } from "#app/components/ui/field.tsx";
import { LazyToaster, showIslandToast } from "#app/islands/lazy-toaster.tsx";
import { toastLook } from "#app/components/ui/toaster-look.ts";
import { MessageSentConfirmation } from "./message-sent.tsx";
import {
  contactFieldLimits,
  contactFields,
  emptyContactForm,
  honeypotField,
  therapistField,
  validateContactForm,
  type ContactField,
  type ContactFieldErrors,
} from "#app/inquiries/contact-form.ts";

export type ContactFormIslandProps = {
  initialValues: Record<ContactField, string>;
  initialErrors: ContactFieldErrors;
  /** The practice's phone, for the visitor to call instead when sending fails or after it went. */
  phone: PhoneLine;
  /** The live services' names, in the order staff set: the subjects before "Other". */
  services: ReadonlyArray<string>;
  /** The therapist the form was opened for (/contact?with=…), by their page's address and name. */
  therapist?: { slug: string; name: string } | null;
};

function firstInvalid(errors: ContactFieldErrors): ContactField | undefined {
  return contactFields.find((field) => errors[field]);
}

const networkErrorMessage = (phone: PhoneLine) => `Please try again or call us directly at ${phone.display}`;

/**
 * The 'Send Us a Message' form. Without JavaScript it is a plain form post that the server
 * validates; once hydrated it validates on submit and then on every change, sends without a
 * reload and answers with the specified toasts.
 */
function ContactForm({
  initialValues,
  initialErrors,
  phone,
  services,
  therapist,
  onLive,
}: ContactFormIslandProps & { onLive?: () => void }) {
  const subjects = [...services, otherSubject];
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState(initialValues);
  const [errors, setErrors] = useState(initialErrors);
  const [checkOnChange, setCheckOnChange] = useState(Object.keys(initialErrors).length > 0);
  const [sending, setSending] = useState(false);
  const [hydrated, setHydrated] = useState(false);
  // Once a message went, its confirmation stays (the toast fades; the page must not forget).
  const [sent, setSent] = useState(false);
  const sentRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (sent) sentRef.current?.scrollIntoView({ block: "nearest" });
  }, [sent]);
  useEffect(() => {
    setHydrated(true);
    onLive?.();
  }, [onLive]);

  function focusField(field: ContactField | undefined) {
    if (field) formRef.current?.querySelector<HTMLElement>(`[name="${field}"]`)?.focus();
  }

  function update(field: ContactField, value: string) {
    const next = { ...values, [field]: value };
    setValues(next);
    if (checkOnChange) {
      const result = validateContactForm(next, subjects);
      setErrors(result.success ? {} : result.errors);
    }
  }

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    setCheckOnChange(true);
    const result = validateContactForm(values, subjects);
    if (!result.success) {
      setErrors(result.errors);
      focusField(firstInvalid(result.errors));
      return;
    }
    setErrors({});
    setSending(true);
    try {
      let response: Response;
      try {
        response = await fetch("/api/inquiries", {
          method: "POST",
          body: new FormData(event.currentTarget),
          headers: { Accept: "application/json" },
        });
      } catch {
        throw new Error(networkErrorMessage(phone));
      }
      // The form's token rides in its cookie, which the browser sends (an expired form's answer renews it).
      const body = (await response.json().catch(() => null)) as { errors?: ContactFieldErrors; error?: string } | null;
      if (response.ok) {
        showIslandToast("success", "Message sent successfully!", { description: "We'll get back to you within 24 hours." });
        setValues(emptyContactForm);
        setCheckOnChange(false);
        setSent(true);
        return;
      }
      if (response.status === 400 && body?.errors) {
        setErrors(body.errors);
        focusField(firstInvalid(body.errors));
        return;
      }
      throw new Error(body?.error || "Failed to send message");
    } catch (error) {
      showIslandToast("error", "Error sending message", {
        description: error instanceof Error && error.message ? error.message : networkErrorMessage(phone),
      });
    } finally {
      setSending(false);
    }
  }

  // This form keeps its own state, so it tells the Field what Conform's metadata would; the ids
  // are the plain field names (#email, #email-error), as they have always been.
  function controlProps(name: ContactField, required: boolean) {
    const field: FieldMeta = {
      id: name,
      name,
      errorId: `${name}-error`,
      descriptionId: `${name}-description`,
      errors: errors[name] ? [errors[name]] : undefined,
    };
    return {
      field,
      required,
      markRequired: required,
      value: values[name],
      onChange: (event: React.ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) => update(name, event.target.value),
      // After a plain (script-less) post, the page opens on the first field to fix.
      autoFocus: !hydrated && name === firstInvalid(initialErrors) ? true : undefined,
    };
  }

  return (
    <>
      {sent ? <MessageSentConfirmation phone={phone} ref={sentRef} /> : null}
      {/* data-hydrated tells browser tests the form is live. */}
      <form
        ref={formRef}
        method="post"
        // Sent without script and refused, the page shown again still names the therapist.
        action={therapist ? `/contact?with=${encodeURIComponent(therapist.slug)}` : "/contact"}
        noValidate
        onSubmit={submit}
        data-hydrated={hydrated || undefined}
        className="mt-6 space-y-5"
      >
        {therapist ? (
          <p className="rounded-lg bg-brand-soft p-4 text-ink">
            <input type="hidden" name={therapistField} value={therapist.slug} />
            Your message will say you would like to see <strong>{therapist.name}</strong>.{" "}
            <a className="link" href="/contact#send-message">
              Ask about any of our therapists instead
            </a>
          </p>
        ) : null}
        <div className="grid gap-5 sm:grid-cols-2">
          <Field
            {...controlProps("firstName", true)}
            label="First Name"
            type="text"
            autoComplete="given-name"
            maxLength={contactFieldLimits.firstName}
          />
          <Field
            {...controlProps("lastName", true)}
            label="Last Name"
            type="text"
            autoComplete="family-name"
            maxLength={contactFieldLimits.lastName}
          />
        </div>
        <Field {...controlProps("email", true)} label="Email" type="email" autoComplete="email" maxLength={contactFieldLimits.email} />
        <Field {...controlProps("phone", true)} label="Phone" type="tel" autoComplete="tel" maxLength={contactFieldLimits.phone} />
        <Field {...controlProps("subject", true)} control="select" label="Service Interested In">
          <option value="">Select a service</option>
          {subjects.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </Field>
        <Field {...controlProps("paymentMethod", true)} control="select" label="Payment Method">
          <option value="">Select a payment method</option>
          {paymentMethodOptions.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </Field>
        {/* Shown by CSS only while "Insurance" is selected, so it works before any script runs. */}
        <div className="insurance-field">
          <Field
            {...controlProps("insuranceCompany", false)}
            label="Insurance Company"
            type="text"
            maxLength={contactFieldLimits.insuranceCompany}
          />
        </div>
        <Field {...controlProps("message", false)} control="textarea" label="Message" rows={4} maxLength={contactFieldLimits.message} />

        {/* Bot traps: people never see or fill the first; the second proves the form is ours and dates it. */}
        <div className="absolute -left-[9999px] h-px w-px overflow-hidden" aria-hidden="true">
          <label htmlFor={honeypotField}>Leave this field empty</label>
          <input id={honeypotField} name={honeypotField} type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
        </div>

        <button type="submit" className="btn-primary w-full disabled:cursor-wait disabled:opacity-80 sm:w-auto" disabled={sending}>
          {sending ? "Sending..." : "Send Message"}
        </button>
      </form>
    </>
  );
}

/** The form and its toasts: the tree the server renders and the browser hydrates. */
export function ContactFormIsland(props: ContactFormIslandProps & { onLive?: () => void }) {
  return (
    <>
      <LazyToaster position="top-center" closeButton toastOptions={toastLook} />
      <ContactForm {...props} />
    </>
  );
}
