import { z } from "zod";
import { spanishResourcesTexts } from "./resources-spanish.ts";
import { searchDefaults, searchFields, searchShape } from "#app/content/search-fields.ts";
import { definePage } from "#app/content/define-page.ts";
import { itemIdText, lineText, paragraphsText } from "#app/content/text-fields.ts";

// Book recommendations for the resources page, edited by staff as the "Recommended Books" page
// kind. The outbound links are searches rather than product pages, so they keep working when
// editions change, and staff never type an address.

export type BookLink = {
  label: string;
  href: string;
};

export function amazonSearchUrl(title: string, author: string): string {
  const url = new URL("https://www.amazon.com/s");
  url.searchParams.set("k", `${title} ${author}`);
  return url.href;
}

export function bookshopSearchUrl(title: string, author: string): string {
  const url = new URL("https://bookshop.org/search");
  url.searchParams.set("keywords", `${title} ${author}`);
  return url.href;
}

export const bookRetailers = [
  { id: "amazon", label: "Amazon", searchUrl: amazonSearchUrl },
  { id: "bookshop", label: "Bookshop.org", searchUrl: bookshopSearchUrl },
] as const;

/** The two retailers' searches for a book. */
export function bookLinks(book: Pick<Book, "title" | "author">): Array<BookLink> {
  return bookRetailers.map((retailer) => ({ label: retailer.label, href: retailer.searchUrl(book.title, book.author) }));
}

const itemId = itemIdText("An item has lost its id: reload the page.");

export const bookSchema = z.object({
  id: itemId,
  title: lineText(200, "Title is required."),
  author: lineText(200, "Author is required."),
  description: paragraphsText(1500),
});

export type Book = z.infer<typeof bookSchema>;

export const bookCategorySchema = z.object({
  // Also the category's anchor on the page (/resources#anxiety).
  id: itemId,
  name: lineText(80, "Name is required."),
  intro: lineText(300),
  // A category emptied in the editor arrives as nothing: it then lists no books.
  books: z
    .array(bookSchema)
    .max(40, { error: "A category holds at most 40 books." })
    .optional()
    .transform((books) => books ?? []),
});

export type BookCategory = z.infer<typeof bookCategorySchema>;

export const resourcesContentSchema = z.object({
  categories: z
    .array(bookCategorySchema)
    .min(1, { error: "Keep at least one category." })
    .max(20, { error: "Keep the list to 20 categories or fewer." })
    .refine((categories) => new Set(categories.map((category) => category.id)).size === categories.length, {
      error: "Two categories have the same id: reload the page.",
    }),
  ...searchShape,
});

export type ResourcesContent = z.infer<typeof resourcesContentSchema>;

/** A built-in book: its id is made from its title, so it stays the same from one release to the next. */
function book(title: string, author: string, description: string): Book {
  const id = title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "")
    .slice(0, 64);
  return { id, title, author, description };
}

const builtInCategories: Array<BookCategory> = [
  {
    id: "anxiety",
    name: "Anxiety",
    intro: "Practical guides for understanding worry and panic, and for loosening their grip.",
    books: [
      book(
        "The Anxiety and Phobia Workbook",
        "Edmund J. Bourne",
        "A widely used workbook with step-by-step exercises for panic, phobias, worry and general anxiety, including relaxation, thought-challenging and exposure skills.",
      ),
      book(
        "The Worry Trick",
        "David A. Carbonell",
        "Explains how anxiety tricks us into fighting it in ways that make it stronger, and offers counterintuitive, practical ways to respond differently to chronic worry.",
      ),
      book(
        "Unwinding Anxiety",
        "Judson Brewer",
        "A psychiatrist and neuroscientist shows how worry can become a habit loop and how curiosity and mindfulness can help break it.",
      ),
      book(
        "Hope and Help for Your Nerves",
        "Claire Weekes",
        "A gentle, reassuring classic on nervous tension and panic, built around facing, accepting and floating through anxious feelings rather than fighting them.",
      ),
    ],
  },
  {
    id: "trauma-ptsd",
    name: "Trauma & PTSD",
    intro: "Books that explain how trauma affects the mind and body, and how people recover.",
    books: [
      book(
        "The Body Keeps the Score",
        "Bessel van der Kolk",
        "A psychiatrist's account of how trauma reshapes the brain and body, and of approaches that help people heal, including EMDR, yoga and body-based therapies.",
      ),
      book(
        "Trauma and Recovery",
        "Judith Herman",
        "A landmark book that connects the experiences of survivors of abuse, domestic violence and war, and describes the stages of recovery: safety, remembrance and mourning, and reconnection.",
      ),
      book(
        "What Happened to You?",
        "Bruce D. Perry and Oprah Winfrey",
        'A conversation about how early experiences shape us, shifting the question from "What\'s wrong with you?" to "What happened to you?"',
      ),
      book(
        "Complex PTSD: From Surviving to Thriving",
        "Pete Walker",
        "A compassionate guide for adults who grew up with childhood trauma or neglect, with practical tools for managing emotional flashbacks and the inner critic.",
      ),
    ],
  },
  {
    id: "depression",
    name: "Depression",
    intro: "Hopeful, practical reading for lifting a low mood one step at a time.",
    books: [
      book(
        "Feeling Good: The New Mood Therapy",
        "David D. Burns",
        "A classic introduction to cognitive behavioral therapy that shows how to recognize and change the distorted thoughts that feed depression and low self-esteem.",
      ),
      book(
        "Mind Over Mood",
        "Dennis Greenberger and Christine A. Padesky",
        "A hands-on CBT workbook with worksheets for depression, anxiety, anger, guilt and shame, often used alongside therapy.",
      ),
      book(
        "The Mindful Way Through Depression",
        "Mark Williams, John Teasdale, Zindel Segal and Jon Kabat-Zinn",
        "Introduces mindfulness-based cognitive therapy, which teaches ways to step out of the cycles of rumination that can lead back into depression.",
      ),
      book(
        "The Upward Spiral",
        "Alex Korb",
        "A neuroscientist explains what happens in the brain during depression and how small, everyday changes in activity, sleep and connection can help reverse its course.",
      ),
    ],
  },
  {
    id: "mindfulness-meditation",
    name: "Mindfulness & Meditation",
    intro: "Accessible introductions to being present, for beginners and longtime practitioners alike.",
    books: [
      book(
        "Wherever You Go, There You Are",
        "Jon Kabat-Zinn",
        "Short, approachable reflections on bringing mindfulness into everyday life, from the creator of Mindfulness-Based Stress Reduction.",
      ),
      book(
        "Full Catastrophe Living",
        "Jon Kabat-Zinn",
        "The complete guide to the eight-week Mindfulness-Based Stress Reduction program, with practices for stress, pain and illness.",
      ),
      book(
        "The Miracle of Mindfulness",
        "Thich Nhat Hanh",
        "A gentle classic by a Zen teacher on breathing, walking and paying attention to ordinary moments, such as washing the dishes, as a path to peace.",
      ),
      book(
        "Radical Acceptance",
        "Tara Brach",
        "A psychologist and meditation teacher shows how mindfulness and compassion can free us from the feeling that we are never good enough.",
      ),
    ],
  },
  {
    id: "self-compassion-identity",
    name: "Self-Compassion & Identity",
    intro: "Reading for quieting the inner critic and growing into who you are.",
    books: [
      book(
        "Self-Compassion: The Proven Power of Being Kind to Yourself",
        "Kristin Neff",
        "The researcher who pioneered the study of self-compassion explains how treating yourself with kindness supports resilience and well-being, with exercises throughout.",
      ),
      book(
        "The Mindful Self-Compassion Workbook",
        "Kristin Neff and Christopher Germer",
        "A step-by-step workbook based on the Mindful Self-Compassion program, with practices for meeting difficult emotions with warmth.",
      ),
      book(
        "The Gifts of Imperfection",
        "Brené Brown",
        "Drawing on her research on shame and vulnerability, Brown offers guideposts for letting go of who you think you should be and embracing who you are.",
      ),
      book(
        "Quiet: The Power of Introverts in a World That Can't Stop Talking",
        "Susan Cain",
        "An affirming look at introversion that helps quieter people understand their strengths and stop trying to be someone they are not.",
      ),
    ],
  },
  {
    id: "dbt-ifs",
    name: "DBT / IFS",
    intro: "Skills and ideas from two of the approaches our clinicians use most.",
    books: [
      book(
        "The Dialectical Behavior Therapy Skills Workbook",
        "Matthew McKay, Jeffrey C. Wood and Jeffrey Brantley",
        "Clear, practical exercises for learning the four core DBT skill sets: mindfulness, distress tolerance, emotion regulation and interpersonal effectiveness.",
      ),
      book(
        "DBT Skills Training Handouts and Worksheets",
        "Marsha M. Linehan",
        "The official handouts and worksheets from the developer of DBT, used in skills groups around the world.",
      ),
      book(
        "No Bad Parts",
        "Richard C. Schwartz",
        "The founder of Internal Family Systems explains how every part of us has a positive intent, and how getting to know our parts can lead to healing and self-leadership.",
      ),
      book(
        "Self-Therapy",
        "Jay Earley",
        "A step-by-step guide to using Internal Family Systems on your own or with a partner, with clear explanations of protectors, exiles and the Self.",
      ),
    ],
  },
  {
    id: "general-self-improvement",
    name: "General Self-Improvement",
    intro: "Well-loved books on habits, meaning, growth and relationships.",
    books: [
      book(
        "Atomic Habits",
        "James Clear",
        "A practical framework for building good habits and breaking bad ones through small changes that add up over time.",
      ),
      book(
        "Man's Search for Meaning",
        "Viktor E. Frankl",
        "A psychiatrist's memoir of surviving Nazi concentration camps and his reflections on finding meaning and purpose even in suffering.",
      ),
      book(
        "Mindset: The New Psychology of Success",
        "Carol S. Dweck",
        "Explains the difference between a fixed and a growth mindset and how believing we can grow shapes learning, work and relationships.",
      ),
      book(
        "The Seven Principles for Making Marriage Work",
        "John M. Gottman and Nan Silver",
        "Based on decades of research with couples, this guide offers practical principles and exercises for building friendship, managing conflict and staying connected.",
      ),
    ],
  },
];

export const resourcesDefaults: ResourcesContent = { categories: builtInCategories, ...searchDefaults };

export const resourcesPage = definePage({
  name: "resources",
  label: "Recommended Books",
  publicPath: "/resources",
  route: {
    path: "resources",
    head: (_content, _practice, language) =>
      language === "es"
        ? {
            title: "Recursos",
            description:
              "Libros que nuestro equipo clínico recomienda sobre ansiedad, trauma, depresión, atención plena, autocompasión, DBT e IFS, y crecimiento personal.",
          }
        : {
            title: "Resources",
            description:
              "Books our therapists recommend on anxiety, trauma, depression, mindfulness, self-compassion, DBT and IFS, and personal growth.",
          },
  },
  view: () => import("./resources-view.tsx"),
  translatable: true,
  builtInTranslations: { es: spanishResourcesTexts },
  schema: resourcesContentSchema,
  defaults: resourcesDefaults,
  fields: {
    categories: {
      label: "Book categories",
      kind: "objectList",
      help: "Each category is a section of the Resources page, in this order. Visitors find each book through a search at two booksellers.",
      itemLabel: "Category",
      titleKey: "name",
      card: { subtitleKey: "intro" },
      newItem: { name: "", intro: "", books: [] },
      item: {
        id: { kind: "id" },
        name: { label: "Name", kind: "text" },
        intro: { label: "Introduction", kind: "text", help: "One sentence under the category's name." },
        books: {
          label: "Books",
          kind: "objectList",
          itemLabel: "Book",
          titleKey: "title",
          newItem: { title: "", author: "", description: "" },
          item: {
            id: { kind: "id" },
            title: { label: "Title", kind: "text", sameInEveryLanguage: true },
            author: { label: "Author", kind: "text", sameInEveryLanguage: true },
            description: { label: "Why we recommend it", kind: "longText" },
          },
          texts: { empty: "No books in this category yet.", add: "Add a book", panelTitle: "Add a Book", confirmAdd: "Add Book" },
          emptyAllowed: true,
        },
      },
      texts: { empty: "No categories.", add: "Add a category", panelTitle: "Add a Category", confirmAdd: "Add Category" },
    },
    ...searchFields,
  },
  admin: {
    path: "/admin/resources",
    tab: "Book List",
    toast: "Recommended books updated successfully!",
    loadFailed: "Failed to load recommended books.",
    usesStoredContent: true,
    besideTabs: true,
  },
});
