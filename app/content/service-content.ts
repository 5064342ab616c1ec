import { z } from "zod";

// The editable content of a service page (spec section 3), stored as JSON in page_content.
export const serviceContentSchema = z.object({
  title: z.string(),
  description: z.string(),
  benefits: z.array(z.string()),
  whoItHelps: z.array(z.string()),
  process: z.array(z.string()),
  additionalInfo: z.string(),
});

export type ServiceContent = z.infer<typeof serviceContentSchema>;
