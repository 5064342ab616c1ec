import { z } from "zod";
import { searchDefaults, searchFields, searchShape } from "#app/content/search-fields.ts";
import { spanishHomepageTexts } from "./homepage-spanish.ts";
import { definePage } from "#app/content/define-page.ts";
import { imageRefSchema } from "#app/media/image-ref.ts";
import { practice } from "#app/content/practice.ts";
import { lineText, paragraphsText } from "#app/content/text-fields.ts";

export const homepageContentSchema = z.object({
  heroTitle: lineText(),
  heroSubtitle: paragraphsText(1000),
  // The small line shown above the hero title.
  heroDescription: lineText(),
  // The artwork behind the hero text; none (or a deleted upload) shows the built-in one.
  heroImage: imageRefSchema,
  aboutTitle: lineText(),
  aboutDescription: paragraphsText(),
  aboutSecondParagraph: paragraphsText(),
  servicesTitle: lineText(),
  servicesDescription: paragraphsText(),
  therapyApproachTitle: lineText(),
  therapyApproachDescription: paragraphsText(),
  ctaTitle: lineText(),
  ctaDescription: paragraphsText(),
  ctaFooterText: paragraphsText(1000),
  ctaTagline: lineText(),
  ...searchShape,
});

export type HomepageContent = z.infer<typeof homepageContentSchema>;

export const homepageDefaults: HomepageContent = {
  heroTitle: "You don't have to carry it alone",
  heroSubtitle:
    "Compassionate, evidence-based counseling for individuals, couples and families, in our Cedar City office or by secure telehealth anywhere in Utah.",
  heroDescription: "Counseling & Wellness in Cedar City, Utah",
  heroImage: { source: "bundled", key: "general/home-hero" },
  aboutTitle: `Welcome to ${practice.name}`,
  aboutDescription:
    "Reaching out for help takes courage, and we are glad you are here. Our team of licensed therapists offers a warm, judgment-free place to talk about what is hard, whether you are facing anxiety, depression, trauma, relationship strain or a season of change.",
  aboutSecondParagraph:
    "We take time to understand you as a whole person, then work with you on a plan that fits your goals, your values and your pace. Healing is rarely a straight line, but with the right support, real change is possible.",
  servicesTitle: "What We Offer",
  servicesDescription:
    "From individual and couples counseling to assessments and specialized treatment, we offer care for every stage of life, in person and online.",
  therapyApproachTitle: "Our Therapeutic Approach",
  therapyApproachDescription:
    "Our clinicians draw on well-researched approaches and tailor them to you. These are a few we use most often.",
  ctaTitle: "Ready to take the first step?",
  ctaDescription:
    "Whether you have questions or are ready to schedule, we are here to help. Reach out today and we will help you find the right therapist and time.",
  // {phone} shows the number saved in Practice Details (practice-tokens.ts).
  ctaFooterText: `Call or text {phone}, or send us a message. ${practice.replyPromise}`,
  ctaTagline: practice.motto,
  ...searchDefaults,
};

export const homepagePage = definePage({
  name: "homepage",
  label: "Homepage",
  publicPath: "/",
  route: { path: "", head: (content, practice) => ({ title: practice.name, description: content.heroSubtitle }) },
  view: () => import("./homepage-view.tsx"),
  translatable: true,
  builtInTranslations: { es: spanishHomepageTexts },
  schema: homepageContentSchema,
  defaults: homepageDefaults,
  fields: {
    heroDescription: {
      label: "Small line above the title",
      kind: "text",
      help: "In small capitals above the hero title, like Counseling & Wellness in Cedar City, Utah.",
    },
    heroTitle: { label: "Hero title", kind: "text" },
    heroSubtitle: { label: "Hero subtitle", kind: "longText" },
    heroImage: {
      label: "Hero image",
      kind: "image",
      help: "The picture behind the hero text. It is darkened so the white text stays readable; a wide landscape works best. Left empty, the built-in picture is shown.",
    },
    aboutTitle: { label: "About title", kind: "text" },
    aboutDescription: { label: "About description", kind: "longText" },
    aboutSecondParagraph: { label: "About second paragraph", kind: "longText" },
    servicesTitle: { label: "Services title", kind: "text" },
    servicesDescription: { label: "Services description", kind: "longText" },
    therapyApproachTitle: { label: "Therapy approach title", kind: "text" },
    therapyApproachDescription: { label: "Therapy approach description", kind: "longText" },
    ctaTitle: { label: "Call to action title", kind: "text" },
    ctaDescription: { label: "Call to action description", kind: "longText" },
    ctaFooterText: { label: "Call to action footer text", kind: "longText" },
    ctaTagline: { label: "Call to action tagline", kind: "text" },
    ...searchFields,
  },
  admin: {
    path: "/admin/homepage",
    tab: "Homepage",
    toast: "Homepage content updated successfully!",
    loadFailed: "Failed to load homepage content.",
    usesStoredContent: true,
  },
});
