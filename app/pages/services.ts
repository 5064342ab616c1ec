import { z } from "zod";
import { searchDefaults, searchFields, searchShape } from "#app/content/search-fields.ts";
import { spanishServiceTexts } from "./services-spanish.ts";
import { imageRefSchema } from "#app/media/image-ref.ts";
import { definePage } from "#app/content/define-page.ts";
import { lineList, lineText, paragraphsText } from "#app/content/text-fields.ts";
import type { ServiceLabel } from "#app/inquiries/contact-options.ts";

/**
 * The twelve service pages: one kind, its schema, each page's built-in text and the kind's
 * definition (servicePages, at the end).
 */

// The editable content of a service page (spec section 3), stored as JSON in page_content.
export const serviceContentSchema = z.object({
  title: lineText(),
  description: paragraphsText(),
  benefits: lineList(),
  whoItHelps: lineList(),
  process: lineList(),
  additionalInfo: paragraphsText(),
  // The picture beside the title; none shows a built-in service's own (services/{slug}), or none.
  heroImage: imageRefSchema,
  ...searchShape,
});

export type ServiceContent = z.infer<typeof serviceContentSchema>;

export const serviceSlugs = [
  "individual-counseling",
  "couples-counseling",
  "family-counseling",
  "group-therapy",
  "telehealth-therapy",
  "life-skills-coaching",
  "alternative-therapies",
  "mental-health-assessments",
  "ketamine-treatment",
  "court-ordered-evaluations",
  "domestic-violence-treatment",
  "esa-letters",
] as const;

export type ServiceSlug = (typeof serviceSlugs)[number];

export type Service = {
  slug: ServiceSlug;
  label: ServiceLabel;
  cardDescription: string;
  path: `/services/${ServiceSlug}`;
  // False for the three pages that never read stored content (spec section 2).
  contentBacked: boolean;
  featuredOnHome: boolean;
  defaults: ServiceContent;
};

/** A built-in service's texts; its picture is its bundled one (named by its slug), its search words the page's own. */
type BuiltInTexts = Omit<ServiceContent, "heroImage" | keyof typeof searchDefaults>;

function service(entry: Omit<Service, "path" | "defaults"> & { defaults: BuiltInTexts }): Service {
  const heroImage = { source: "bundled" as const, key: `services/${entry.slug}` };
  return { ...entry, path: `/services/${entry.slug}`, defaults: { ...entry.defaults, heroImage, ...searchDefaults } };
}

export const services: Array<Service> = [
  service({
    slug: "individual-counseling",
    label: "Individual Counseling",
    cardDescription: "One-on-one therapy for anxiety, depression, trauma, grief and life changes, at a pace that feels right for you.",
    contentBacked: true,
    featuredOnHome: true,
    defaults: {
      title: "Individual Counseling",
      description:
        "Individual counseling is a private, one-on-one space to talk through what is weighing on you with a licensed therapist. Together we work to understand what you are facing, build practical skills and move toward the life you want, at a pace that feels right for you.",
      benefits: [
        "Feel less alone with what you are carrying",
        "Understand the patterns in your thoughts, emotions and relationships",
        "Learn practical ways to cope with stress, worry and low mood",
        "Work through painful experiences in a safe, supportive setting",
        "Build confidence, self-compassion and resilience",
      ],
      whoItHelps: [
        "Adults and teens living with anxiety, worry or panic",
        "People struggling with depression or a persistent low mood",
        "Anyone coping with trauma, grief or loss",
        "People facing life transitions, stress or burnout",
        "Anyone who wants to understand themselves better and grow",
      ],
      process: [
        "Reach out by phone, text or our contact form, and we will match you with a therapist who fits your needs and schedule.",
        "In your first session, you and your therapist talk about what brings you in and set goals together.",
        "In ongoing sessions, you practice new skills and work toward your goals, checking in on your progress along the way.",
      ],
      additionalInfo:
        "Individual sessions are typically 50 minutes and are usually scheduled weekly or every other week, depending on your needs. Our therapists draw on evidence-based approaches such as DBT, IFS, EMDR and Motivational Interviewing, and shape them around you. Sessions are available in our Cedar City office or by secure telehealth anywhere in Utah. What you share stays confidential within the limits of the law, which your therapist will explain at your first visit.",
    },
  }),
  service({
    slug: "couples-counseling",
    label: "Couples Counseling",
    cardDescription: "Help for partners to communicate more openly, work through conflict, rebuild trust and reconnect.",
    contentBacked: true,
    featuredOnHome: true,
    defaults: {
      title: "Couples Counseling",
      description:
        "Couples counseling gives you and your partner a neutral, supportive place to talk about what has become hard. We help you understand each other's needs, step out of painful cycles of conflict and rebuild the connection you both want.",
      benefits: [
        "Communicate more openly and listen more deeply",
        "Handle disagreements without them turning into lasting hurt",
        "Rebuild trust after a betrayal or breach",
        "Strengthen emotional and physical closeness",
        "Make important decisions together with more clarity",
      ],
      whoItHelps: [
        "Married, engaged and dating couples",
        "Partners caught in the same arguments again and again",
        "Couples healing from infidelity or a breach of trust",
        "Couples adjusting to parenthood, a blended family, retirement or other big changes",
        "Partners who are unsure about the future of their relationship",
      ],
      process: [
        "We begin with a joint session to hear from both of you about your relationship's strengths and struggles.",
        "Your therapist may meet with each of you once on your own, then shares a plan built around your shared goals.",
        "In regular joint sessions, you practice new ways of talking, resolving conflict and reconnecting, with small steps to try at home.",
      ],
      additionalInfo:
        "Couples sessions usually last 50 to 60 minutes and are most helpful when both partners take part. Your therapist does not take sides; the relationship is the focus. If there is violence, threats or fear in your relationship, joint sessions may not be the safest place to start. Please tell us privately so we can help you find the right support, including our domestic violence services.",
    },
  }),
  service({
    slug: "family-counseling",
    label: "Family Counseling",
    cardDescription: "Support for families to ease conflict, communicate better and get through hard seasons together.",
    contentBacked: true,
    featuredOnHome: true,
    defaults: {
      title: "Family Counseling",
      description:
        "When one person in a family is struggling, everyone feels it. Family counseling brings family members together to understand one another, ease conflict and find healthier ways to support each other through change and challenge.",
      benefits: [
        "Improve communication between parents, children and other family members",
        "Reduce conflict and tension at home",
        "Strengthen bonds and rebuild trust",
        "Support a family member who is struggling without anyone carrying it alone",
        "Develop consistent, caring approaches to parenting",
      ],
      whoItHelps: [
        "Families with frequent conflict or communication breakdowns",
        "Parents concerned about a child's or teen's behavior, mood or school struggles",
        "Blended families and families going through separation or divorce",
        "Families coping with grief, illness, addiction or other major changes",
        "Adult children and their parents working through long-standing hurts",
      ],
      process: [
        "We start with a conversation with a parent or family member to understand what is happening and who should take part.",
        "Early sessions help your therapist learn each person's perspective and agree on shared goals for the family.",
        "In ongoing sessions, sometimes together and sometimes one-on-one, your family practices new ways of listening, problem-solving and supporting each other.",
      ],
      additionalInfo:
        "Family sessions typically last 50 to 60 minutes. Who attends can change from week to week depending on what will help most. For clients under 18, a parent or legal guardian usually needs to consent to treatment, and your therapist will explain how privacy works for children and teens so everyone knows what to expect. Family counseling can be combined with individual counseling for a child, teen or parent.",
    },
  }),
  service({
    slug: "group-therapy",
    label: "Group Therapy",
    cardDescription: "Small, therapist-led groups where you learn skills and find support from people who understand.",
    contentBacked: true,
    featuredOnHome: true,
    defaults: {
      title: "Group Therapy",
      description:
        "Group therapy brings together a small number of people facing similar challenges, guided by a licensed therapist. Hearing from others and sharing your own experience can ease isolation, build skills and remind you that you are not alone.",
      benefits: [
        "Connect with people who understand what you are going through",
        "Learn and practice skills in a supportive setting",
        "Gain new perspectives from other members' experiences",
        "Build confidence in relating to others",
        "Receive quality care at a lower cost than individual sessions",
      ],
      whoItHelps: [
        "People who want to build skills for managing emotions, such as in a DBT skills group",
        "Anyone coping with anxiety, stress or depression",
        "People grieving a loss",
        "Those who feel isolated and want connection",
        "Clients in individual counseling who want added support between sessions",
      ],
      process: [
        "Contact us about current groups, and we will set up a short meeting to see whether a group is a good fit for you.",
        "At your first group, the therapist explains how the group works, including confidentiality and respect for every member.",
        "Each week you learn, share as much or as little as feels comfortable, and practice new skills alongside others.",
      ],
      additionalInfo:
        "Groups usually have six to ten members and meet weekly for 60 to 90 minutes, either as a set series or on an ongoing basis. Members agree to keep what is shared in the group confidential. Our groups change through the year and may include a DBT skills group, an anxiety and stress management group and a grief support group. Call or text us for the current schedule.",
    },
  }),
  service({
    slug: "telehealth-therapy",
    label: "Telehealth Therapy",
    cardDescription: "Secure video sessions with a licensed therapist from anywhere in Utah.",
    contentBacked: true,
    featuredOnHome: true,
    defaults: {
      title: "Telehealth Therapy",
      description:
        "Telehealth lets you meet with a licensed therapist by secure video from home, work or anywhere private in Utah. It is the same caring, evidence-based therapy we offer in our office, without the drive.",
      benefits: [
        "Meet from the comfort and privacy of your own space",
        "Skip the drive, which matters in rural southern Utah",
        "Fit sessions more easily around work, school and family",
        "Keep seeing your therapist when you travel within Utah or the weather turns",
        "Choose from a wider range of therapists across our team",
      ],
      whoItHelps: [
        "People living in rural or remote areas of Utah",
        "Busy parents, students and professionals",
        "People with health conditions or mobility limits that make travel hard",
        "Anyone who feels more at ease talking from home",
        "Current clients who want a mix of office and video sessions",
      ],
      process: [
        "Contact us to schedule, and we will send you a secure link and simple instructions before your first session.",
        "At session time, join from a private, quiet spot using a phone, tablet or computer with a camera and microphone.",
        "Meet with your therapist just as you would in person, working toward your goals session by session.",
      ],
      additionalInfo:
        "Our telehealth sessions use a HIPAA-compliant video platform designed to protect your privacy; there is nothing to buy. Because our clinicians are licensed in Utah, you need to be physically located in Utah during each session, and we will confirm your location and an emergency contact at the start. Telehealth is not the right fit for everyone, for example when someone needs a higher level of care or is in crisis, and your therapist will talk with you about that. Many insurance plans cover telehealth the same way they cover office visits; check with your plan or call our billing line.",
    },
  }),
  service({
    slug: "life-skills-coaching",
    label: "Life Skills Coaching",
    cardDescription: "Practical, goal-focused coaching for everyday skills like routines, organization, budgeting and independent living.",
    contentBacked: true,
    featuredOnHome: true,
    defaults: {
      title: "Life Skills Coaching",
      description:
        "Life skills coaching offers hands-on, practical support for the everyday tasks that can feel overwhelming. A coach works alongside you to set realistic goals and build the routines and skills that help you live more independently and confidently.",
      benefits: [
        "Build daily routines that make life feel more manageable",
        "Get organized with time, appointments and paperwork",
        "Learn budgeting, meal planning and other household skills",
        "Practice communication and problem-solving in real situations",
        "Grow confidence and independence one step at a time",
      ],
      whoItHelps: [
        "Teens and young adults preparing to live on their own",
        "Adults rebuilding routines after a hard season, illness or treatment",
        "People living with ADHD, anxiety or depression who want practical support",
        "Adults who want help finding work, housing or community resources",
        "Clients in counseling who want to turn what they learn into daily habits",
      ],
      process: [
        "We meet to talk about your daily life, what is going well and what feels hard.",
        "Together we choose a few realistic goals and break them into small, clear steps.",
        "In regular sessions your coach helps you practice, solve problems as they come up and celebrate progress.",
      ],
      additionalInfo:
        "Life skills coaching focuses on the present and on practical goals. It is not psychotherapy and does not diagnose or treat mental health conditions, so many people use it alongside counseling with one of our therapists, and with your permission your coach and therapist can work as a team. Sessions can take place in our office, by video or, when it helps, out in the community.",
    },
  }),
  service({
    slug: "alternative-therapies",
    label: "Alternative Therapies",
    cardDescription: "Complementary approaches such as mindfulness, expressive arts and body-based techniques that engage mind and body.",
    contentBacked: true,
    featuredOnHome: true,
    defaults: {
      title: "Alternative Therapies",
      description:
        "Words are not always the easiest way in. Our alternative and complementary therapies use mindfulness, creative expression, movement and nature to help you notice, express and work through what you are feeling, alongside proven talk therapy.",
      benefits: [
        "Calm your body as well as your mind",
        "Express feelings that are hard to put into words",
        "Build mindfulness and relaxation skills you can use anywhere",
        "Reconnect with your body in a safe, gentle way",
        "Add variety and new ways of healing to your therapy",
      ],
      whoItHelps: [
        "People who find traditional talk therapy hard or want something more",
        "Children and teens who express themselves best through play, art or activity",
        "Adults managing stress, anxiety or trauma who want body-based tools",
        "Anyone interested in mindfulness, creativity or time outdoors as part of healing",
      ],
      process: [
        "We talk with you about your goals and which approaches interest you.",
        "Your therapist suggests options that fit, such as mindfulness practice, expressive arts, gentle body-based techniques or walk-and-talk sessions.",
        "These approaches are woven into your sessions alongside talk therapy, adjusted as you learn what helps most.",
      ],
      additionalInfo:
        "Alternative therapies work best as part of a broader treatment plan rather than on their own, and they are offered by licensed clinicians with training in each approach. No art or athletic skill is needed. Walk-and-talk sessions outdoors depend on the weather and your comfort with privacy in a public place, and we will always discuss that with you first.",
    },
  }),
  service({
    slug: "mental-health-assessments",
    label: "Mental Health Assessments",
    cardDescription: "Thorough evaluations that clarify concerns such as ADHD, anxiety or depression and give clear recommendations.",
    contentBacked: false,
    featuredOnHome: false,
    defaults: {
      title: "Mental Health Assessments",
      description:
        "A mental health assessment helps you understand what is going on and what might help. Using interviews and well-established questionnaires and tests, our clinicians clarify diagnoses and give you clear, practical recommendations.",
      benefits: [
        "A clearer understanding of your symptoms and strengths",
        "An accurate diagnosis when one applies",
        "Specific recommendations for treatment, school or work",
        "A written report you can share with doctors, schools or other providers",
        "A feedback session to talk through the results and ask questions",
      ],
      whoItHelps: [
        "Adults and teens wondering whether they have ADHD",
        "People with ongoing anxiety, depression or mood changes that need a clearer picture",
        "Parents seeking answers about a child's attention, learning or behavior",
        "Anyone whose doctor, school or employer has asked for an evaluation",
      ],
      process: [
        "We start with an intake interview about your concerns, history and what you hope to learn.",
        "Depending on the question, you complete questionnaires and standardized tests over one or more appointments.",
        "You meet with the clinician to go over the results and recommendations, and receive a written report.",
      ],
      additionalInfo:
        "Psychological testing is done by our licensed psychologist, and shorter diagnostic assessments by our licensed clinicians. The time involved depends on the questions being asked; we will give you an estimate before you begin. Some insurance plans cover assessments when they are medically necessary, and we will help you check your coverage ahead of time. Please bring any past evaluations, school records or medical records that may help.",
    },
  }),
  service({
    slug: "ketamine-treatment",
    label: "Ketamine Treatment",
    cardDescription: "Medically supervised, ketamine-assisted care for hard-to-treat depression, in partnership with a medical provider.",
    contentBacked: true,
    featuredOnHome: true,
    defaults: {
      title: "Ketamine Treatment",
      description:
        "For some people whose depression has not improved with other treatments, ketamine may be an option. We offer ketamine-assisted care in partnership with a licensed medical provider, pairing medically supervised treatment with therapy that helps you prepare for and build on each session.",
      benefits: [
        "A possible option when other treatments have not helped enough",
        "Careful medical screening and monitoring by a licensed medical provider",
        "Therapy before and after treatment to help you prepare and make lasting changes",
        "Coordinated care between your medical provider and your therapist",
        "An honest conversation about risks, benefits and alternatives before you decide",
      ],
      whoItHelps: [
        "Adults with depression that has not improved enough with medication and therapy",
        "Adults already in treatment who want to explore another option with their care team",
        "People who have been medically screened and cleared by our partner provider",
        "People ready to pair treatment with ongoing counseling",
      ],
      process: [
        "We start with a consultation and mental health assessment to see whether ketamine-assisted care may be appropriate for you.",
        "If it may be, our partner medical provider completes a medical screening and, if you are a good candidate, gives and monitors each treatment.",
        "Therapy sessions around your treatments help you prepare, make sense of what comes up and build changes that last.",
      ],
      additionalInfo:
        "Ketamine is not a first-line treatment, and it is not right for everyone. It is provided only by our partner medical provider after a full medical and mental health screening, and every treatment is medically supervised. Some health conditions, pregnancy, a history of psychosis or substance misuse, and uncontrolled high blood pressure can make it unsafe. You will need someone to drive you home after each treatment. Insurance coverage varies and is often limited, so we will go over costs with you before you begin. Ketamine treatment is not an emergency service: if you are in crisis, call or text 988, or call 911.",
    },
  }),
  service({
    slug: "court-ordered-evaluations",
    label: "Court Ordered Evaluations",
    cardDescription: "Objective, timely evaluations for courts, attorneys and probation, with clear written reports.",
    contentBacked: true,
    featuredOnHome: true,
    defaults: {
      title: "Court Ordered Evaluations",
      description:
        "When a court, attorney or probation officer requires an evaluation, we provide objective, thorough assessments with a clear written report and recommendations. We aim to make a stressful process as straightforward and respectful as possible.",
      benefits: [
        "An objective, unbiased assessment by a licensed clinician",
        "A clear written report with findings and recommendations",
        "Prompt scheduling to help you meet court deadlines",
        "Respectful, non-judgmental treatment from start to finish",
        "Treatment available here if your recommendations include counseling",
      ],
      whoItHelps: [
        "Adults ordered by a court to complete a mental health evaluation",
        "People referred for a domestic violence evaluation",
        "Clients referred by probation, parole or an attorney",
        "Anyone who needs an evaluation to meet a legal requirement",
      ],
      process: [
        "Contact us with your court order or referral and your deadline, and we will schedule your evaluation as soon as we can.",
        "At your appointment, a licensed clinician completes a structured interview and standardized questionnaires and reviews the records you provide.",
        "We prepare a written report with our findings and recommendations and send it to you and to the people you authorize.",
      ],
      additionalInfo:
        "Please bring a photo ID, a copy of your court order or referral, any related records such as police reports or past evaluations, and contact details for whoever should receive the report. Our evaluations are objective: we report what we find, whatever the outcome. Reports are usually ready within five to ten business days of your final appointment; if your deadline is sooner, tell us when you schedule. Because these evaluations serve a legal purpose rather than treatment, they cannot be billed to insurance. We will tell you the fee when you schedule, and payment is due at the time of service.",
    },
  }),
  service({
    slug: "domestic-violence-treatment",
    label: "Domestic Violence Treatment",
    cardDescription: "Safety-focused support for survivors, and state-certified treatment for people who have used violence.",
    contentBacked: false,
    featuredOnHome: false,
    defaults: {
      title: "Domestic Violence Treatment",
      description:
        "Domestic violence touches every part of life. We offer safety-focused counseling for survivors, and structured, accountable treatment for people who want to stop using abusive or violent behavior, including court-ordered programs.",
      benefits: [
        "Safety planning and support that put your well-being first",
        "Trauma-informed counseling to help survivors heal and rebuild",
        "Structured treatment that builds accountability and non-violent skills",
        "Court-ordered programs designed to meet Utah's treatment requirements",
        "Coordination with advocates, probation and other supports, with your written consent",
      ],
      whoItHelps: [
        "Survivors of physical, emotional, sexual or financial abuse",
        "Adults ordered by a court to complete domestic violence treatment",
        "People who want to stop controlling, abusive or violent behavior",
        "Children and family members affected by violence at home",
      ],
      process: [
        "We begin with a confidential intake and assessment, including a conversation about safety.",
        "Together we build a plan: counseling and safety planning for survivors, or a structured program of group and individual sessions for people who have caused harm.",
        "We meet regularly and review progress, and for court-ordered clients we provide the required attendance and completion reports.",
      ],
      additionalInfo:
        "Safety comes first. Survivors and the people who harmed them are never seen together in the same session or group, and we do not offer couples counseling while violence is ongoing. Our treatment for people who have used violence is state-certified, and reports go to the court or probation only with your written consent. If you are in danger right now, call 911. For confidential support any time, call the National Domestic Violence Hotline at 1-800-799-7233 or text START to 88788.",
    },
  }),
  service({
    slug: "esa-letters",
    label: "ESA Letters",
    cardDescription: "Emotional support animal letters, written only after a clinical evaluation with a licensed clinician.",
    contentBacked: false,
    featuredOnHome: false,
    defaults: {
      title: "ESA Letters",
      description:
        "If an animal helps you cope with a mental health condition, you may need documentation to keep it with you in your home. A licensed clinician evaluates your needs and, when an emotional support animal is clinically appropriate, writes a letter you can give to your housing provider.",
      benefits: [
        "An honest evaluation by a Utah-licensed clinician",
        "A signed letter when an emotional support animal is clinically appropriate",
        "Guidance on how to request a reasonable accommodation from your landlord",
        "The option of ongoing counseling if you would like more support",
      ],
      whoItHelps: [
        "Adults with a mental health condition whose symptoms are eased by an animal",
        "Current clients whose therapist has discussed an emotional support animal",
        "Renters who need documentation for a housing accommodation request",
        "Students in university housing who have been asked for documentation",
      ],
      process: [
        "Schedule an evaluation with one of our licensed clinicians, in person or by telehealth.",
        "The clinician talks with you about your mental health and how your animal helps, and decides whether a letter is clinically appropriate.",
        "If it is, you receive a signed letter, usually within a few business days; if not, we talk about other support that may help.",
      ],
      additionalInfo:
        "We do not sell instant or online-only letters. A letter is written only after a genuine clinical evaluation, and only when it is clinically appropriate, so one cannot be guaranteed. Under the federal Fair Housing Act, most housing providers must make reasonable accommodations for emotional support animals, even where pets are not allowed. An ESA letter does not give the public-access rights that service dogs have under the Americans with Disabilities Act, and airlines are no longer required to accept emotional support animals. The evaluation is usually not covered by insurance.",
    },
  }),
];

const servicesBySlug = new Map<string, Service>(services.map((entry) => [entry.slug, entry]));

export function getService(slug: string): Service | undefined {
  return servicesBySlug.get(slug);
}

/** The name of a service page staff added (collections.ts): "service-" and a random part. */
export type AddedServiceName = `service-${string}`;

/** One service page: the kind's schema, fields, view and tab, with this page's name and texts. */
function servicePage<const Name extends string>(page: {
  name: Name;
  label: string;
  publicPath: string;
  defaults: ServiceContent;
  usesStoredContent: boolean;
  /** Its built-in text in Spanish (a built-in service's), as a translation is stored. */
  spanish?: Partial<ServiceContent> | undefined;
}) {
  return definePage({
    name: page.name,
    label: page.label,
    publicPath: page.publicPath,
    route: { path: "services/:slug", head: (content) => ({ title: content.title, description: content.description }) },
    view: () => import("./service-view.tsx"),
    translatable: true,
    builtInTranslations: page.spanish ? { es: page.spanish } : {},
    schema: serviceContentSchema,
    defaults: page.defaults,
    fields: {
      title: { label: "Title", kind: "text" },
      description: { label: "Description", kind: "longText" },
      benefits: { label: "Benefits", kind: "list" },
      whoItHelps: { label: "Who it helps", kind: "list" },
      process: { label: "What to expect", kind: "list" },
      additionalInfo: { label: "Additional information", kind: "longText" },
      heroImage: {
        label: "Hero image",
        kind: "image",
        help: "The picture beside the page's title. Left empty, a built-in service shows its own picture, and an added one none.",
      },
      ...searchFields,
    },
    admin: {
      path: "/admin/services",
      tab: "Service Pages",
      toast: "Page content updated successfully!",
      loadFailed: "Failed to load page content.",
      usesStoredContent: page.usesStoredContent,
    },
  });
}

/** The twelve service pages, edited in one tab with a picker (spec section 2). */
export const servicePages = services.map((service) =>
  servicePage({
    name: service.slug,
    label: service.label,
    publicPath: service.path,
    defaults: service.defaults,
    usesStoredContent: service.contentBacked,
    spanish: builtInSpanish(service.slug),
  }),
);

/** A built-in service's texts in Spanish, as its translation holds them (its page's fields only). */
function builtInSpanish(slug: ServiceSlug): Partial<ServiceContent> {
  const { title, description, benefits, whoItHelps, process, additionalInfo } = spanishServiceTexts[slug];
  return { title, description, benefits: [...benefits], whoItHelps: [...whoItHelps], process: [...process], additionalInfo };
}

const noServiceText: ServiceContent = {
  title: "",
  description: "",
  benefits: [],
  whoItHelps: [],
  process: [],
  additionalInfo: "",
  heroImage: null,
  ...searchDefaults,
};

/**
 * A service page staff added: the same kind, with no built-in text (its first draft holds the
 * title it was added with). Its name in menus and its address are in its list entry, not here.
 */
export function addedServicePage(name: AddedServiceName) {
  return servicePage({ name, label: "Service", publicPath: "", defaults: noServiceText, usesStoredContent: true });
}
