import { useEffect, useRef, useState } from "react";
import { otherSubject, paymentMethodOptions } from "#app/inquiries/contact-options.ts";
import type { PhoneLine } from "#app/content/practice.ts";
import { Field, type FieldMeta } from "#app/components/ui/field.tsx";
import { LazyToaster, showIslandToast } from "#app/islands/lazy-toaster.tsx";
import { toastLook } from "#app/components/ui/toaster-look.ts";
import { MessageSentConfirmation } from "./message-sent.tsx";
import { type Language, pathIn } from "#app/i18n/languages.ts";
import { LanguageProvider, usePracticeTextLang } from "#app/i18n/site-words.ts";
import { contactFormWords } from "./contact-form-words.ts";
import {
  contactFieldLimits,
  contactFields,
  emptyContactForm,
  honeypotField,
  languageField,
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
  /** A service's name in the page's language, by its English name (the value sent), where translated. */
  serviceNames?: Readonly<Record<string, string>>;
  /** The therapist the form was opened for (/contact?with=…), by their page's address and name. */
  therapist?: { slug: string; name: string } | null;
  /** The page's language; absent on English pages (their props stay as they were). */
  language?: Language;
};

function firstInvalid(errors: ContactFieldErrors): ContactField | undefined {
  return contactFields.find((field) => errors[field]);
}

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
  serviceNames = {},
  therapist,
  language = "en",
  onLive,
}: ContactFormIslandProps & { onLive?: () => void }) {
  const words = contactFormWords[language];
  const serviceLang = usePracticeTextLang();
  const subjects = [...services, otherSubject];
  const networkErrorMessage = words.tryAgainOrCall(phone.display);
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
      const result = validateContactForm(next, subjects, language);
      setErrors(result.success ? {} : result.errors);
    }
  }

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    setCheckOnChange(true);
    const result = validateContactForm(values, subjects, language);
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
        throw new Error(networkErrorMessage);
      }
      // The form's token rides in its cookie, which the browser sends (an expired form's answer renews it).
      const body = (await response.json().catch(() => null)) as { errors?: ContactFieldErrors; error?: string } | null;
      if (response.ok) {
        showIslandToast("success", words.sent, { description: words.sentDescription });
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
      throw new Error(body?.error || words.failedToSend);
    } catch (error) {
      showIslandToast("error", words.errorTitle, {
        description: error instanceof Error && error.message ? error.message : networkErrorMessage,
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
      {sent ? <MessageSentConfirmation phone={phone} language={language} ref={sentRef} /> : null}
      {/* data-hydrated tells browser tests the form is live. */}
      <form
        ref={formRef}
        method="post"
        // Sent without script and refused, the page shown again still names the therapist.
        action={`${pathIn(language, "/contact")}${therapist ? `?with=${encodeURIComponent(therapist.slug)}` : ""}`}
        noValidate
        onSubmit={submit}
        data-hydrated={hydrated || undefined}
        className="mt-6 space-y-5"
      >
        {language === "en" ? null : <input type="hidden" name={languageField} value={language} />}
        {therapist ? (
          <p className="rounded-lg bg-brand-soft p-4 text-ink">
            <input type="hidden" name={therapistField} value={therapist.slug} />
            {words.forTherapist[0]}
            <strong>{therapist.name}</strong>
            {words.forTherapist[1]}{" "}
            <a className="link" href={`${pathIn(language, "/contact")}#send-message`}>
              {words.askAboutAnyone}
            </a>
          </p>
        ) : null}
        <div className="grid gap-5 sm:grid-cols-2">
          <Field
            {...controlProps("firstName", true)}
            label={words.labels.firstName}
            type="text"
            autoComplete="given-name"
            maxLength={contactFieldLimits.firstName}
          />
          <Field
            {...controlProps("lastName", true)}
            label={words.labels.lastName}
            type="text"
            autoComplete="family-name"
            maxLength={contactFieldLimits.lastName}
          />
        </div>
        <Field
          {...controlProps("email", true)}
          label={words.labels.email}
          type="email"
          autoComplete="email"
          maxLength={contactFieldLimits.email}
        />
        <Field
          {...controlProps("phone", true)}
          label={words.labels.phone}
          type="tel"
          autoComplete="tel"
          maxLength={contactFieldLimits.phone}
        />
        <Field {...controlProps("subject", true)} control="select" label={words.labels.subject}>
          <option value="">{words.chooseService}</option>
          {services.map((option) => (
            // The services' names are the practice's texts.
            <option key={option} value={option} lang={serviceNames[option] ? undefined : serviceLang}>
              {serviceNames[option] ?? option}
            </option>
          ))}
          <option value={otherSubject}>{words.otherSubject}</option>
        </Field>
        <Field {...controlProps("paymentMethod", true)} control="select" label={words.labels.paymentMethod}>
          <option value="">{words.choosePaymentMethod}</option>
          {paymentMethodOptions.map((option) => (
            <option key={option} value={option}>
              {words.paymentMethods[option]}
            </option>
          ))}
        </Field>
        {/* Shown by CSS only while "Insurance" is selected, so it works before any script runs. */}
        <div className="insurance-field">
          <Field
            {...controlProps("insuranceCompany", false)}
            label={words.labels.insuranceCompany}
            type="text"
            maxLength={contactFieldLimits.insuranceCompany}
          />
        </div>
        <Field
          {...controlProps("message", false)}
          control="textarea"
          label={words.labels.message}
          rows={4}
          maxLength={contactFieldLimits.message}
        />

        {/* Bot traps: people never see or fill the first; the second proves the form is ours and dates it. */}
        <div className="absolute -left-[9999px] h-px w-px overflow-hidden" aria-hidden="true">
          <label htmlFor={honeypotField}>{words.labels.honeypot}</label>
          <input id={honeypotField} name={honeypotField} type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
        </div>

        <button type="submit" className="btn-primary w-full disabled:cursor-wait disabled:opacity-80 sm:w-auto" disabled={sending}>
          {sending ? words.sending : words.send}
        </button>
      </form>
    </>
  );
}

/** The form and its toasts: the tree the server renders and the browser hydrates. */
export function ContactFormIsland(props: ContactFormIslandProps & { onLive?: () => void }) {
  // Hydrated on its own, the island says its language to what it draws (the crisis buttons).
  return (
    <LanguageProvider value={props.language ?? "en"}>
      <LazyToaster position="top-center" closeButton toastOptions={toastLook} />
      <ContactForm {...props} />
    </LanguageProvider>
  );
}
