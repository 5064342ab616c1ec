/** A form's own message (not one field's), read out when it appears; nothing when there is none. */
export function FormAlert({ message }: { message: string | undefined }) {
  if (!message) return null;
  return (
    <p role="alert" className="rounded-lg border border-clay/40 bg-clay-soft px-3 py-2 text-sm font-medium text-clay-dark">
      {message}
    </p>
  );
}
