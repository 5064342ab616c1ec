import { useContext } from "react";
import { practiceTokens, typedPhoneWarnings } from "#app/content/practice-tokens.ts";
import { PracticePhoneContext } from "./editor-values.ts";

/**
 * Beside a page text: buttons that insert a token for the practice's phone, e-mail or address
 * (shown from Practice Details), and a warning for each phone number typed into the text, which a
 * change in Practice Details would leave behind. The buttons show while the text is being edited
 * (the editor's `group/text` has the focus), so they add no length to a long form on a phone.
 */
export function PracticeTokenTools({
  fieldId,
  fieldLabel,
  value,
  insert,
}: {
  fieldId: string;
  fieldLabel: string;
  value: unknown;
  insert: boolean;
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
        // Folded away a moment after the text loses the focus, not at once: a press on a control
        // below (Add item) takes the focus, and the form must not move up under it before the
        // press ends, or the click is lost. Invisible while folded, so out of the tab order.
        <div className="invisible max-h-0 overflow-hidden transition-[max-height,visibility] delay-300 duration-0 group-focus-within/text:visible group-focus-within/text:max-h-40 group-focus-within/text:delay-0">
          <div className="mt-1.5 flex flex-wrap items-center gap-2 text-sm">
            <span aria-hidden="true" className="text-muted">
              Insert from Practice Details:
            </span>
            {practiceTokens.map(({ token, label }) => (
              <button
                key={token}
                type="button"
                className="btn-quiet"
                // Pressed, it leaves the focus (and the cursor) in the text.
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => insertToken(fieldId, token)}
              >
                <span className="sr-only">Insert the practice's </span>
                {label}
                <span className="sr-only"> into {fieldLabel}</span>
              </button>
            ))}
          </div>
        </div>
      ) : null}
    </>
  );
}

/** Puts `token` where the text's cursor is and tells the form. */
function insertToken(fieldId: string, token: string) {
  const control = document.getElementById(fieldId);
  if (!(control instanceof HTMLTextAreaElement || control instanceof HTMLInputElement)) return;
  control.focus();
  control.setRangeText(token, control.selectionStart ?? control.value.length, control.selectionEnd ?? control.value.length, "end");
  // The form reads its fields' input events; a script's change sends none of its own.
  control.dispatchEvent(new Event("input", { bubbles: true }));
}
