import { useEffect, useState } from "react";

/**
 * A button (`label` its words) that copies `text` with the Clipboard API and then says "Copied".
 * It appears only once the page's script runs in a browser that offers the API (a secure
 * context): without them, the box that shows the text (selected when focused) is the way to copy
 * it. Give it the text as its `key` too, so a new text starts as not copied.
 */
export function CopyButton({ text, label }: { text: string; label: string }) {
  const [available, setAvailable] = useState(false);
  const [copied, setCopied] = useState<boolean | null>(null);
  useEffect(() => setAvailable(navigator.clipboard !== undefined), []);
  if (!available) return null;
  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  }
  return (
    <div className="mt-2 flex flex-wrap items-center gap-3">
      <button type="button" className="btn-outline-brand px-3 py-1.5 text-sm" onClick={() => void copy()}>
        {copied ? "Copied" : label}
      </button>
      <span role="status" className={copied === false ? "text-sm font-medium text-clay-dark" : "sr-only"}>
        {copied === true ? "Copied" : copied === false ? "It could not be copied: select the text and copy it." : ""}
      </span>
    </div>
  );
}
