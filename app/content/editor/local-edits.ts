import { useCallback, useEffect, useState } from "react";
import { z } from "zod";
import type { EditorFormMetadata } from "./editor-values.ts";

/**
 * Unsaved edits kept in this browser, per page and account, while an editor has changes: a
 * reload, a crashed tab or a sign-in after the session ended offers them back. Cleared once a
 * save of them succeeded, or when staff discard them. Page texts only: nothing a visitor sent.
 */

const keptEditsSchema = z.object({
  /** The stored version the edits were made from: a save of them merges with anything newer. */
  version: z.number().int().min(0),
  values: z.record(z.string(), z.unknown()),
  at: z.string(),
});

export type KeptEdits = z.infer<typeof keptEditsSchema>;

const storageKey = (key: string) => `unsaved-edits:${key}`;

/** localStorage, or nothing where it is switched off or full: then edits are simply not kept. */
function withStorage<T>(use: (storage: Storage) => T): T | null {
  try {
    return use(window.localStorage);
  } catch {
    return null;
  }
}

function readKept(key: string): KeptEdits | null {
  const text = withStorage((storage) => storage.getItem(storageKey(key)));
  if (!text) return null;
  try {
    const parsed = keptEditsSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

function clearKept(key: string) {
  withStorage((storage) => storage.removeItem(storageKey(key)));
}

/** The form's values without the version it posts. */
function editedValues(value: unknown): Record<string, unknown> {
  const { baseVersion: _version, ...values } = (typeof value === "object" && value !== null ? value : {}) as Record<string, unknown>;
  return values;
}

const sameValues = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Keeps an editor's unsaved edits under `key` and finds ones kept before. Until staff answer
 * that offer, nothing is written over it. `savedNow`: this editor opened from a save that just
 * succeeded, so what was kept is saved and goes.
 */
export function useKeptEdits({
  key,
  form,
  version,
  savedNow,
}: {
  key: string;
  form: EditorFormMetadata;
  version: number;
  savedNow: boolean;
}) {
  const [offer, setOffer] = useState<KeptEdits | null>(null);
  const [answered, setAnswered] = useState(false);
  // The version a save names: the one the restored edits were made from, else the one opened.
  const [baseVersion, setBaseVersion] = useState(version);

  // Once, in the browser: what was kept before this editor opened.
  // biome-ignore lint/correctness/useExhaustiveDependencies: read once per opened version; the form's later values are not the question
  useEffect(() => {
    const kept = readKept(key);
    if (kept && !savedNow && !sameValues(kept.values, editedValues(form.initialValue))) {
      setOffer(kept);
      return;
    }
    if (kept) clearKept(key);
    setAnswered(true);
  }, [key, version]);

  // While there are changes, they are kept (a moment after the last one); without any, nothing is.
  useEffect(() => {
    if (!answered) return;
    const timer = window.setTimeout(() => {
      if (!form.dirty) clearKept(key);
      else {
        const kept: KeptEdits = { version: baseVersion, values: editedValues(form.value), at: new Date().toISOString() };
        withStorage((storage) => storage.setItem(storageKey(key), JSON.stringify(kept)));
      }
    }, 300);
    return () => window.clearTimeout(timer);
  }, [answered, form.dirty, form.value, key, baseVersion]);

  const restore = useCallback(() => {
    if (!offer) return;
    form.update({ value: { ...offer.values, baseVersion: String(offer.version) } });
    setBaseVersion(offer.version);
    setOffer(null);
    setAnswered(true);
  }, [form, offer]);

  const discard = useCallback(() => {
    clearKept(key);
    setOffer(null);
    setAnswered(true);
  }, [key]);

  return { offer, restore, discard, baseVersion };
}
