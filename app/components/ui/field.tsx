import type { ClipboardEvent, ComponentProps, KeyboardEvent, ReactNode } from "react";

/**
 * What a Field needs to know of its form field. Conform's field metadata has all of it (`fields.email`,
 * a fieldset's `fields.address.getFieldset().city`, a list's `fields.items.getFieldList()[0]`); a
 * form that keeps its own state (the contact island) hands over the same few values itself.
 */
export type FieldMeta = {
  id: string;
  name: string;
  errorId: string;
  descriptionId: string;
  /** The field's messages; the first is shown, as every form here shows one message a field. */
  errors?: Array<string> | undefined;
  /** Conform's key: a new one remounts the control, so its default value shows again. */
  key?: string | undefined;
  defaultValue?: string | undefined;
};

// The wiring the Field owns; everything else is the control's own props.
type Wired = "id" | "name" | "className" | "aria-invalid" | "aria-describedby";

type FieldBase = {
  field: FieldMeta;
  label: string;
  /** A hint under the label, read with the control. */
  description?: ReactNode;
  /** Shows the asterisk that marks a required field (the control's `required` is separate). */
  markRequired?: boolean;
};

type InputField = FieldBase & { control?: "input" } & Omit<ComponentProps<"input">, Wired>;
type TextareaField = FieldBase & {
  control: "textarea";
  /**
   * A one-line text that wraps as it grows (a list item): as short as an input when empty, and
   * Enter or a pasted line break never puts a line break in it.
   */
  oneLine?: boolean;
} & Omit<ComponentProps<"textarea">, Wired>;
type SelectField = FieldBase & { control: "select" } & Omit<ComponentProps<"select">, Wired>;

export type FieldProps = InputField | TextareaField | SelectField;

const controlClass =
  "mt-1.5 block min-h-11 w-full rounded-lg border border-[#8a8f8c] bg-white px-3.5 py-2.5 text-base text-ink shadow-sm focus:border-brand aria-[invalid=true]:border-clay-dark aria-[invalid=true]:bg-clay-soft/40";

// A text area grows with its text (up to most of the screen), so a long text is read and edited
// without a scroll box inside the page; in height only: a pasted link with no spaces wraps instead
// of widening the page.
const textareaClass = `${controlClass} field-sizing-content min-h-28 max-h-[70vh] [overflow-wrap:anywhere]`;
const oneLineTextareaClass = `${controlClass} field-sizing-content max-h-[70vh] resize-none [overflow-wrap:anywhere]`;

/**
 * A labelled input, textarea or select whose description and error message are read with it
 * (aria-describedby) and which says when it is invalid (aria-invalid).
 */
export function Field(props: FieldProps) {
  const { field, label, description, markRequired } = props;
  const error = field.errors?.[0];
  const describedBy = [error ? field.errorId : null, description ? field.descriptionId : null].filter(Boolean).join(" ");
  const wiring = {
    id: field.id,
    name: field.name,
    className: props.control === "textarea" ? (props.oneLine ? oneLineTextareaClass : textareaClass) : controlClass,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": describedBy || undefined,
  };
  // An uncontrolled control (Conform's) starts from the field's value; a controlled one brings its own.
  const start = "value" in props || "defaultValue" in props ? {} : { defaultValue: field.defaultValue };
  return (
    <div>
      <label htmlFor={field.id} className="block text-sm font-semibold text-ink">
        {label}
        {markRequired ? (
          <span className="text-clay-dark" aria-hidden="true">
            {" "}
            *
          </span>
        ) : null}
      </label>
      {description ? (
        <p id={field.descriptionId} className="mt-1 text-sm text-muted">
          {description}
        </p>
      ) : null}
      {renderControl(props, { ...start, ...wiring }, field.key)}
      {error ? (
        <p id={field.errorId} className="mt-1.5 text-sm font-medium text-clay-dark">
          {error}
        </p>
      ) : null}
    </div>
  );
}

function renderControl(props: FieldProps, wiring: Record<string, unknown>, key: string | undefined) {
  switch (props.control) {
    case "textarea": {
      const { field, label, description, markRequired, control, oneLine, ...textarea } = props;
      return oneLine ? (
        <textarea key={key} rows={1} onKeyDown={keepOneLine} onPaste={pasteOneLine} {...textarea} {...wiring} />
      ) : (
        <textarea key={key} {...textarea} {...wiring} />
      );
    }
    case "select": {
      const { field, label, description, markRequired, control, ...select } = props;
      return <select key={key} {...select} {...wiring} />;
    }
    default: {
      const { field, label, description, markRequired, control, ...input } = props;
      return <input key={key} {...input} {...wiring} />;
    }
  }
}

// Enter adds nothing to a one-line text (nor submits its form, as it would from an input).
function keepOneLine(event: KeyboardEvent<HTMLTextAreaElement>) {
  if (event.key === "Enter") event.preventDefault();
}

// Pasted lines become one line, their breaks spaces, as typed there by hand.
function pasteOneLine(event: ClipboardEvent<HTMLTextAreaElement>) {
  const text = event.clipboardData.getData("text/plain");
  if (!/[\r\n\u2028\u2029]/.test(text)) return;
  event.preventDefault();
  const control = event.currentTarget;
  control.setRangeText(text.replace(/\s*[\r\n\u2028\u2029]+\s*/g, " "), control.selectionStart, control.selectionEnd, "end");
  // A script's change sends no input event of its own; the form reads them.
  control.dispatchEvent(new Event("input", { bubbles: true }));
}
