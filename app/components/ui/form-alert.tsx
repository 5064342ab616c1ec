/**
 * A form's own message (not one field's), read out when it appears; nothing when there is none.
 * `className` sizes it (the default suits a card's form; a page's message is wider and larger).
 */
export function FormAlert({ message, className = "px-3 py-2 text-sm" }: { message: string | undefined; className?: string }) {
  if (!message) return null;
  return (
    <p role="alert" className={`rounded-lg border border-clay/40 bg-clay-soft font-medium text-clay-dark ${className}`}>
      {message}
    </p>
  );
}
