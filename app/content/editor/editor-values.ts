import type { FormMetadata } from "@conform-to/react";
import { createContext } from "react";

/** An editor form's values as the field editors see them: each editor reads its own field by name (field-editors.tsx). */
export type EditorValues = Record<string, unknown>;

export type EditorFormMetadata = FormMetadata<EditorValues>;

/** The constraint keys ("staff[].name") of the fields the page's schema requires, for the asterisk and the add panel. */
export const RequiredFieldsContext = createContext<ReadonlySet<string>>(new Set());
