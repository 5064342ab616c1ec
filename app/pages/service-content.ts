import { z } from "zod";
import { lineList, lineText, paragraphsText } from "#app/content/text-fields.ts";

// The editable content of a service page (spec section 3), stored as JSON in page_content.
export const serviceContentSchema = z.object({
  title: lineText(),
  description: paragraphsText(),
  benefits: lineList(),
  whoItHelps: lineList(),
  process: lineList(),
  additionalInfo: paragraphsText(),
});

export type ServiceContent = z.infer<typeof serviceContentSchema>;
