/** A person's initials: the first letters of their first and last names ("Dr." and the like left out). */
export function initialsOf(name: string): string {
  const words = name.split(/\s+/).filter((word) => /^\p{L}/u.test(word) && !/^(dr|mr|mrs|ms|mx)\.?$/i.test(word));
  const first = words[0]?.[0] ?? "";
  const last = words.length > 1 ? (words[words.length - 1]?.[0] ?? "") : "";
  return `${first}${last}`.toUpperCase();
}

/**
 * A round badge with a person's initials, where their photo would be: a staff member without a
 * photo, or whose photo was deleted. Hidden from screen readers: the name is written beside it.
 */
export function Initials({ name, className = "" }: { name: string; className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={`flex shrink-0 items-center justify-center rounded-full bg-brand-soft font-serif font-bold text-brand-dark select-none ${className}`}
    >
      {initialsOf(name)}
    </span>
  );
}
