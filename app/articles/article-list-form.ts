import { z } from "zod";
import { slugMessage } from "#app/content/collections.ts";
import { lineText } from "#app/content/text-fields.ts";

/**
 * The forms of the articles list (/admin/articles/list), each one intent: add an article (a
 * draft, by its title and, if wished, its address), retire one or bring one back.
 */
export const articleListIntents = ["add", "retire", "restore"] as const;

const titleMessage = "Give the article a title.";

export const articleListSchema = z
  .object({
    intent: z.enum(articleListIntents, { error: "Choose what to do." }),
    id: z
      .string({ error: "Choose an article." })
      .regex(/^article-[a-z0-9]{10}$/, { error: "Choose an article." })
      .optional(),
    title: lineText(120, titleMessage).optional(),
    slug: z
      .string()
      .trim()
      .max(80, { error: "Keep the address under 80 characters." })
      .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, { error: slugMessage })
      .optional(),
  })
  .superRefine((form, context) => {
    if (form.intent === "add" && form.title === undefined) context.addIssue({ code: "custom", path: ["title"], message: titleMessage });
    if (form.intent !== "add" && form.id === undefined) context.addIssue({ code: "custom", path: ["id"], message: "Choose an article." });
  });

export type ArticleListForm = z.output<typeof articleListSchema>;
