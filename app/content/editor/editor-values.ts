import type { FormMetadata } from "@conform-to/react";
import { createContext } from "react";

/** An editor form's values as the field editors see them: each editor reads its own field by name (field-editors.tsx). */
export type EditorValues = Record<string, unknown>;

export type EditorFormMetadata = FormMetadata<EditorValues>;

/** The constraint keys ("staff[].name") of the fields the page's schema requires, for the asterisk and the add panel. */
export const RequiredFieldsContext = createContext<ReadonlySet<string>>(new Set());

/**
 * The practice's phone as Practice Details hold it, for the page texts that can show it by a
 * token (practice-tokens.ts); null in Practice Details itself, whose fields are the details.
 */
export const PracticePhoneContext = createContext<string | null>(null);
