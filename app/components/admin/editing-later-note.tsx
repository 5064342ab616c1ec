/** Says why a tab is read-only for now, so nobody looks for a control that is not there. */
export function EditingLaterNote() {
  return (
    <p className="rounded-lg border border-line bg-white px-4 py-3 text-sm text-muted">
      Read-only for now: editing comes in a later release.
    </p>
  );
}
