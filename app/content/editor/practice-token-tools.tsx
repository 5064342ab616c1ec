import { useContext } from "react";
import { practiceTokens, typedPhoneWarnings } from "#app/content/practice-tokens.ts";
import { PracticePhoneContext } from "./editor-values.ts";

/**
 * Beside a page text: buttons that insert a token for the practice's phone, e-mail or address
 * (shown from Practice Details), and a warning for each phone number typed into the text, which a
 * change in Practice Details would leave behind.
 */
export function PracticeTokenTools({
  fieldId,
  fieldLabel,
  value,
  insert,
  cursorPlaced,
}: {
  fieldId: string;
  fieldLabel: string;
  value: unknown;
  insert: boolean;
  /** Whether staff put the cursor in the text: if not, a token goes at its end. */
  cursorPlaced: () => boolean;
}) {
  const practicePhone = useContext(PracticePhoneContext);
  if (practicePhone === null) return null;
  const warnings = typeof value === "string" ? typedPhoneWarnings(value, practicePhone) : [];
  return (
    <>
      {warnings.map((warning) => (
        <p key={warning} className="mt-1.5 rounded-lg bg-clay-soft px-3 py-2 text-sm text-ink">
          {warning}
        </p>
      ))}
      {insert ? (
        // Not a group of its own: each button names its field, and the staff cards stay the form's groups.
        <div className="mt-1.5 flex flex-wrap items-center gap-2 text-sm">
          <span aria-hidden="true" className="text-muted">
            Insert from Practice Details:
          </span>
          {practiceTokens.map(({ token, label }) => (
            <button key={token} type="button" className="btn-quiet" onClick={() => insertToken(fieldId, token, cursorPlaced())}>
              <span className="sr-only">Insert the practice's </span>
              {label}
              <span className="sr-only"> into {fieldLabel}</span>
            </button>
          ))}
        </div>
      ) : null}
    </>
  );
}

/** Puts `token` where the text's cursor is (at its end if it was never focused) and tells the form. */
function insertToken(fieldId: string, token: string, atCursor: boolean) {
  const control = document.getElementById(fieldId);
  if (!(control instanceof HTMLTextAreaElement || control instanceof HTMLInputElement)) return;
  const end = control.value.length;
  const [from, to] = atCursor ? [control.selectionStart ?? end, control.selectionEnd ?? end] : [end, end];
  control.focus();
  control.setRangeText(token, from, to, "end");
  // The form reads its fields' input events; a script's change sends none of its own.
  control.dispatchEvent(new Event("input", { bubbles: true }));
}
