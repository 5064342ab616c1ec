/** Stored text with blank lines between paragraphs, shown as paragraphs (always as text). */
export function Paragraphs({ text, className }: { text: string; className?: string }) {
  return (
    <div className={className}>
      {text
        .split(/\n\s*\n/)
        .filter((paragraph) => paragraph.trim())
        .map((paragraph, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list of texts, identified by position
          <p key={index}>{paragraph}</p>
        ))}
    </div>
  );
}
