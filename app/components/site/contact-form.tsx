import { paymentMethodOptions, subjectOptions } from "#app/content/services.ts";
import { contactFieldLimits, type ContactField, type ContactFieldErrors } from "#app/lib/contact-form.ts";

type ContactFormProps = {
  values: Record<ContactField, string>;
  errors: ContactFieldErrors;
};

const inputClass =
  "mt-1.5 block w-full rounded-lg border border-[#8a8f8c] bg-white px-3.5 py-2.5 text-base text-ink shadow-sm focus:border-brand aria-[invalid=true]:border-clay";

function Field({
  name,
  label,
  required,
  error,
  children,
}: {
  name: ContactField;
  label: string;
  required: boolean;
  error: string | undefined;
  children: React.ReactNode;
}) {
  return (
    <div>
      <label htmlFor={name} className="block text-sm font-semibold text-ink">
        {label}
        {required ? (
          <span className="text-clay-dark" aria-hidden="true">
            {" "}
            *
          </span>
        ) : null}
      </label>
      {children}
      {error ? (
        <p id={`${name}-error`} className="mt-1.5 text-sm font-medium text-clay-dark">
          {error}
        </p>
      ) : null}
    </div>
  );
}

function fieldProps(name: ContactField, errors: ContactFieldErrors, required: boolean) {
  return {
    id: name,
    name,
    required,
    "aria-invalid": errors[name] ? true : undefined,
    "aria-describedby": errors[name] ? `${name}-error` : undefined,
  };
}

/** The 'Send Us a Message' form; it works as a plain HTML form post. */
export function ContactForm({ values, errors }: ContactFormProps) {
  return (
    <form method="post" noValidate className="space-y-5">
      <div className="grid gap-5 sm:grid-cols-2">
        <Field name="firstName" label="First Name" required error={errors.firstName}>
          <input {...fieldProps("firstName", errors, true)} type="text" autoComplete="given-name" maxLength={contactFieldLimits.firstName} defaultValue={values.firstName} className={inputClass} />
        </Field>
        <Field name="lastName" label="Last Name" required error={errors.lastName}>
          <input {...fieldProps("lastName", errors, true)} type="text" autoComplete="family-name" maxLength={contactFieldLimits.lastName} defaultValue={values.lastName} className={inputClass} />
        </Field>
      </div>
      <Field name="email" label="Email" required error={errors.email}>
        <input {...fieldProps("email", errors, true)} type="email" autoComplete="email" maxLength={contactFieldLimits.email} defaultValue={values.email} className={inputClass} />
      </Field>
      <Field name="phone" label="Phone" required error={errors.phone}>
        <input {...fieldProps("phone", errors, true)} type="tel" autoComplete="tel" maxLength={contactFieldLimits.phone} defaultValue={values.phone} className={inputClass} />
      </Field>
      <Field name="subject" label="Service Interested In" required error={errors.subject}>
        <select {...fieldProps("subject", errors, true)} defaultValue={values.subject} className={inputClass}>
          <option value="">Select a service</option>
          {subjectOptions.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </select>
      </Field>
      <Field name="paymentMethod" label="Payment Method" required error={errors.paymentMethod}>
        <select {...fieldProps("paymentMethod", errors, true)} defaultValue={values.paymentMethod} className={inputClass}>
          <option value="">Select a payment method</option>
          {paymentMethodOptions.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </select>
      </Field>
      {/* Shown by CSS only while "Insurance" is selected, so it works before any script runs. */}
      <div className="insurance-field">
        <Field name="insuranceCompany" label="Insurance Company" required={false} error={errors.insuranceCompany}>
          <input {...fieldProps("insuranceCompany", errors, false)} type="text" maxLength={contactFieldLimits.insuranceCompany} defaultValue={values.insuranceCompany} className={inputClass} />
        </Field>
      </div>
      <Field name="message" label="Message" required={false} error={errors.message}>
        <textarea {...fieldProps("message", errors, false)} rows={4} maxLength={contactFieldLimits.message} defaultValue={values.message} className={inputClass} />
      </Field>
      <button type="submit" className="btn-primary w-full sm:w-auto">
        Send Message
      </button>
    </form>
  );
}
