import { z } from "zod";
import type { Language } from "#app/i18n/languages.ts";
import { spanishAboutTexts } from "./about-spanish.ts";
import { searchDefaults, searchFields, searchShape } from "#app/content/search-fields.ts";
import { definePage } from "#app/content/define-page.ts";
import { imageRefFromText, imageRefSchema } from "#app/media/image-ref.ts";
import { practice } from "#app/content/practice.ts";
import {
  choiceSet,
  itemIdPattern,
  itemIdText,
  lineList,
  lineText,
  optionalLineText,
  optionalParagraphsText,
  paragraphsText,
} from "#app/content/text-fields.ts";
import { licenseStates } from "./license-lookup.ts";

export const staffTeams = ["Cedar City", "Telehealth"] as const;

export type StaffTeam = (typeof staffTeams)[number];

/** Whether a therapist takes new clients: it shows on their card and page and changes their page's call to action. */
export const newClientsOptions = ["Accepting new clients", "Caseload full"] as const;

export const ageGroups = ["Children (under 13)", "Teens (13 to 17)", "Adults", "Older adults (65 and over)"] as const;

export const sessionFormats = ["In person", "Telehealth"] as const;

/** A service's page name as a member's list holds it: a built-in slug or an added "service-…" id. */
const serviceIdText = z.string().regex(/^[a-z0-9-]{1,80}$/, { error: "A service in this list is not known: reload the page." });

/** The shape of a staff member's id: also part of the names of their uploaded photos. */
export const staffIdPattern = itemIdPattern;

/** The most staff members the About page lists. */
export const maxStaff = 60;

/**
 * The profile of a member's own page (issue 42). Content saved before these fields existed reads
 * as a member who takes new clients and has said nothing more: their page shows what it did.
 */
const therapistProfileSchema = z.object({
  newClients: z
    .enum(newClientsOptions, { error: "Choose whether they are accepting new clients." })
    .optional()
    .transform((value) => value ?? newClientsOptions[0]),
  services: z
    .array(serviceIdText)
    .max(200, { error: "Keep this list to 200 services or fewer." })
    .optional()
    .transform((ids) => [...new Set(ids ?? [])]),
  specialties: lineList(20, 120),
  ages: choiceSet(ageGroups),
  formats: choiceSet(sessionFormats),
  languages: lineList(10, 60),
  licenseType: optionalLineText(120),
  licenseNumber: optionalLineText(40),
  licenseState: z
    .enum(licenseStates, { error: "Choose the state that issued the license." })
    .optional()
    .transform((value) => value ?? "Utah"),
});

/** A member's search words until staff give them: their page's own head. */
const memberSearchDefaults = { searchTitle: "", searchDescription: "" };

/** A new member's profile until staff fill it in, as content saved before the profile reads. */
const emptyProfile = therapistProfileSchema.parse({});

export const staffMemberFieldsSchema = z.object({
  id: itemIdText("A staff member has lost their id: reload the page."),
  name: lineText(120, "Name is required."),
  // The member's role, e.g. "Clinical Director"; the spec calls it title.
  title: lineText(160, "Title is required."),
  credentials: optionalLineText(200),
  bio: optionalParagraphsText(5000),
  image: imageRefSchema,
  /** What the photo shows, for people who cannot see it; empty: "Photo of {name}" (staffPhotoAlt). */
  imageAlt: optionalLineText(200),
  team: z.enum(staffTeams, { error: "Choose Cedar City or Telehealth." }),
  ...therapistProfileSchema.shape,
  // Their own page's search words; a link to it shows their photo.
  searchTitle: searchShape.searchTitle,
  searchDescription: searchShape.searchDescription,
});

/**
 * Content saved before image references held the picture as `imageUrl`, a plain URL: it reads as
 * the same reference, and one that no longer makes sense reads as no picture rather than
 * making the whole team fall back to the built-in one.
 */
function withLegacyImageUrl(value: unknown): unknown {
  if (typeof value !== "object" || value === null || "image" in value || !("imageUrl" in value)) return value;
  const { imageUrl, ...member } = value as { imageUrl: unknown };
  return { ...member, image: typeof imageUrl === "string" ? (imageRefFromText(imageUrl) ?? null) : null };
}

export const staffMemberSchema = z.preprocess(withLegacyImageUrl, staffMemberFieldsSchema);

export type StaffMember = z.infer<typeof staffMemberSchema>;

/** A staff photo's text alternative: its own description, else "Photo of {name}" (on a Spanish page, "Foto de {name}"). */
export function staffPhotoAlt(member: Pick<StaffMember, "name" | "imageAlt">, language: Language = "en"): string {
  return member.imageAlt.trim() || (language === "es" ? `Foto de ${member.name}` : `Photo of ${member.name}`);
}

export const aboutContentSchema = z.object({
  title: lineText(),
  // Paragraphs are separated by a blank line.
  description: paragraphsText(),
  mission: paragraphsText(),
  vision: paragraphsText(),
  approach: paragraphsText(),
  teamDescription: paragraphsText(),
  additionalInfo: paragraphsText(),
  // An emptied list arrives from a form as nothing: the team is then empty.
  staff: z
    .array(staffMemberSchema)
    .max(maxStaff, { error: `The team list holds at most ${maxStaff} people.` })
    .refine((members) => new Set(members.map((member) => member.id)).size === members.length, {
      error: "Two staff members have the same id: reload the page.",
    })
    .optional()
    .transform((members) => members ?? []),
  ...searchShape,
});

export type AboutContent = z.infer<typeof aboutContentSchema>;

// Bundled portraits are numbered in list order (Cedar City first), so an id change never moves a photo.
function staffPortrait(position: number): StaffMember["image"] {
  return { source: "bundled", key: `staff/staff-${String(position).padStart(2, "0")}` };
}

const staff: Array<Omit<StaffMember, "image" | "imageAlt" | keyof typeof memberSearchDefaults>> = [
  {
    id: "staff-ava-morgan",
    name: "Ava Morgan",
    title: "Clinical Director",
    credentials: "LCSW",
    team: "Cedar City",
    bio: "Ava Morgan founded Red Cliffs Counseling & Wellness after more than fifteen years in community mental health across southern Utah. As clinical director she supervises the team and keeps a small caseload of adults working through anxiety, depression and trauma. Ava is intensively trained in DBT and draws on Motivational Interviewing to help clients find their own reasons for change. Outside the office she hikes the trails above Cedar Canyon with her two rescue dogs.",
    newClients: "Caseload full",
    services: ["individual-counseling", "telehealth-therapy"],
    specialties: ["Anxiety", "Depression", "Trauma", "Dialectical behavior therapy (DBT)", "Motivational Interviewing"],
    ages: ["Adults"],
    formats: ["In person", "Telehealth"],
    languages: ["English"],
    licenseType: "Licensed Clinical Social Worker (LCSW)",
    licenseNumber: "",
    licenseState: "Utah",
  },
  {
    id: "staff-daniel-reyes",
    name: "Daniel Reyes",
    title: "Clinical Mental Health Counselor",
    credentials: "CMHC",
    team: "Cedar City",
    bio: "Daniel Reyes specializes in trauma recovery and is trained in EMDR. He works with adults who have lived through accidents, assault, combat or years of chronic stress, including veterans and first responders. Daniel believes healing starts with feeling safe, so he moves at each client's pace and explains every step before it happens. He also sees clients in Spanish. In his free time he coaches youth soccer and cooks for anyone who will sit still long enough.",
    newClients: "Accepting new clients",
    services: ["individual-counseling", "telehealth-therapy"],
    specialties: ["Trauma recovery", "EMDR", "Veterans and first responders", "Chronic stress"],
    ages: ["Adults"],
    formats: ["In person", "Telehealth"],
    languages: ["English", "Spanish"],
    licenseType: "Clinical Mental Health Counselor (CMHC)",
    licenseNumber: "",
    licenseState: "Utah",
  },
  {
    id: "staff-rachel-thornton",
    name: "Rachel Thornton",
    title: "Marriage and Family Therapist",
    credentials: "LMFT",
    team: "Cedar City",
    bio: "Rachel Thornton helps couples and families find their way back to each other. She works with partners facing communication breakdowns, infidelity and major life transitions, and with parents and teens caught in cycles of conflict. Rachel blends emotionally focused and systemic approaches with practical tools couples can use at home. Married for twenty years and a mother of four, she brings warmth, humor and honesty to every session, and a firm belief that relationships can change.",
    newClients: "Accepting new clients",
    services: ["couples-counseling", "family-counseling"],
    specialties: ["Communication", "Infidelity", "Life transitions", "Parent and teen conflict", "Emotionally focused therapy"],
    ages: ["Teens (13 to 17)", "Adults"],
    formats: ["In person"],
    languages: ["English"],
    licenseType: "Marriage and Family Therapist (LMFT)",
    licenseNumber: "",
    licenseState: "Utah",
  },
  {
    id: "staff-samuel-okafor",
    name: "Dr. Samuel Okafor",
    title: "Psychologist",
    credentials: "PhD, Licensed Psychologist",
    team: "Cedar City",
    bio: "Dr. Samuel Okafor leads the practice's psychological assessment services, including evaluations for ADHD, learning concerns, mood disorders and court-ordered evaluations. He earned his doctorate in clinical psychology and completed his residency in a hospital assessment program. Samuel is known for careful, thorough testing and for explaining results in plain language, so clients leave with answers and a clear plan. He also provides therapy for adults with depression and anxiety using cognitive behavioral approaches.",
    newClients: "Accepting new clients",
    services: ["mental-health-assessments", "court-ordered-evaluations", "individual-counseling"],
    specialties: ["ADHD and learning evaluations", "Mood disorders", "Cognitive behavioral therapy"],
    ages: ["Children (under 13)", "Teens (13 to 17)", "Adults", "Older adults (65 and over)"],
    formats: ["In person"],
    languages: ["English"],
    licenseType: "Psychologist",
    licenseNumber: "",
    licenseState: "Utah",
  },
  {
    id: "staff-megan-hale",
    name: "Megan Hale",
    title: "Clinical Social Worker, DBT Program Lead",
    credentials: "LCSW",
    team: "Cedar City",
    bio: "Megan Hale runs the practice's DBT skills groups and works individually with teens and adults who feel overwhelmed by intense emotions, self-harm urges or relationship turmoil. She teaches mindfulness, distress tolerance and emotion regulation skills in a down-to-earth way that clients can put to use the same day. Megan began her career in school-based counseling and still loves working with families of adolescents. She spends weekends rock climbing and baking bread with her kids.",
    newClients: "Accepting new clients",
    services: ["group-therapy", "individual-counseling", "family-counseling"],
    specialties: ["Dialectical behavior therapy (DBT)", "Self-harm", "Emotion regulation", "Families of teens"],
    ages: ["Teens (13 to 17)", "Adults"],
    formats: ["In person", "Telehealth"],
    languages: ["English"],
    licenseType: "Licensed Clinical Social Worker (LCSW)",
    licenseNumber: "",
    licenseState: "Utah",
  },
  {
    id: "staff-jordan-whitaker",
    name: "Jordan Whitaker",
    title: "Clinical Mental Health Counselor",
    credentials: "CMHC",
    team: "Cedar City",
    bio: "Jordan Whitaker works with college students and young adults navigating anxiety, identity, perfectionism and the pressure of big decisions. Trained in Internal Family Systems, Jordan helps clients get curious about the parts of themselves that worry, criticize or shut down, and meet them with compassion rather than judgment. Jordan is a Southern Utah University graduate and enjoys supporting students through the ups and downs of campus life. Off the clock, Jordan plays guitar and volunteers at the local animal shelter.",
    newClients: "Accepting new clients",
    services: ["individual-counseling", "telehealth-therapy"],
    specialties: ["Anxiety", "Identity", "Perfectionism", "College students", "Internal Family Systems (IFS)"],
    ages: ["Adults"],
    formats: ["In person", "Telehealth"],
    languages: ["English"],
    licenseType: "Clinical Mental Health Counselor (CMHC)",
    licenseNumber: "",
    licenseState: "Utah",
  },
  {
    id: "staff-lena-tsosie",
    name: "Lena Tsosie",
    title: "Associate Clinical Mental Health Counselor",
    credentials: "ACMHC",
    team: "Cedar City",
    bio: "Lena Tsosie works with children, preteens and their parents, using play, art and movement to help young clients express what they cannot yet put into words. She also supports adults coping with grief and loss. Lena practices under the clinical supervision of a licensed mental health counselor while completing her hours toward full licensure. Raised in a large extended family, she values connection to culture and community and brings patience and gentleness to her work with every family.",
    newClients: "Accepting new clients",
    services: ["family-counseling", "alternative-therapies", "individual-counseling"],
    specialties: ["Play and art therapy", "Children and preteens", "Grief and loss", "Parenting support"],
    ages: ["Children (under 13)", "Adults"],
    formats: ["In person"],
    languages: ["English"],
    licenseType: "Associate Clinical Mental Health Counselor (ACMHC), under clinical supervision",
    licenseNumber: "",
    licenseState: "Utah",
  },
  {
    id: "staff-hannah-brooks",
    name: "Hannah Brooks",
    title: "Domestic Violence Program Lead",
    credentials: "LCSW",
    team: "Cedar City",
    bio: "Hannah Brooks leads the practice's domestic violence services. She offers trauma-informed counseling and safety planning for survivors, and facilitates structured treatment groups for people who want to stop using abusive behavior. Hannah uses Motivational Interviewing to help clients take honest ownership of change while holding firm boundaries around safety. Before joining Red Cliffs, she worked for several years alongside victim advocates and shelter staff. She believes every family deserves to feel safe at home.",
    newClients: "Accepting new clients",
    services: ["domestic-violence-treatment", "group-therapy", "individual-counseling"],
    specialties: ["Domestic violence", "Safety planning", "Trauma-informed care", "Motivational Interviewing"],
    ages: ["Adults"],
    formats: ["In person"],
    languages: ["English"],
    licenseType: "Licensed Clinical Social Worker (LCSW)",
    licenseNumber: "",
    licenseState: "Utah",
  },
  {
    id: "staff-tyler-jensen",
    name: "Tyler Jensen",
    title: "Life Skills Coach and Case Manager",
    credentials: "Certified Peer Support Specialist (CPSS)",
    team: "Cedar City",
    bio: "Tyler Jensen helps clients turn goals into daily habits. As a life skills coach and case manager, he works on budgeting, routines, job searches, housing applications and connecting with community resources. Tyler draws on his own recovery journey as a certified peer support specialist, so clients know they are talking with someone who has been there. He pairs practical coaching with Motivational Interviewing and coordinates closely with each client's therapist. He is a lifelong Cedar City resident and a devoted Thunderbirds fan.",
    newClients: "Accepting new clients",
    services: ["life-skills-coaching"],
    specialties: ["Budgets and daily routines", "Job and housing searches", "Recovery support", "Community resources"],
    ages: ["Adults"],
    formats: ["In person", "Telehealth"],
    languages: ["English"],
    licenseType: "",
    licenseNumber: "",
    licenseState: "Utah",
  },
  {
    id: "staff-olivia-chen",
    name: "Olivia Chen",
    title: "Telehealth Therapist",
    credentials: "LMFT",
    team: "Telehealth",
    bio: "Olivia Chen meets with individuals and couples across Utah by secure video. She specializes in relationship concerns, the transition to parenthood and the anxiety and low mood that can follow pregnancy and birth. Olivia combines emotionally focused couples work with mindfulness practices that fit into a busy family schedule. Clients appreciate her calm presence and practical suggestions. Working by telehealth lets her reach parents who cannot easily leave home, and she is happy to see clients during naptime.",
    newClients: "Accepting new clients",
    services: ["couples-counseling", "telehealth-therapy", "individual-counseling"],
    specialties: ["Relationship concerns", "Becoming parents", "Anxiety and low mood after birth", "Mindfulness"],
    ages: ["Adults"],
    formats: ["Telehealth"],
    languages: ["English"],
    licenseType: "Marriage and Family Therapist (LMFT)",
    licenseNumber: "",
    licenseState: "Utah",
  },
  {
    id: "staff-nathan-price",
    name: "Nathan Price",
    title: "Telehealth Therapist",
    credentials: "CMHC",
    team: "Telehealth",
    bio: "Nathan Price provides telehealth counseling to adults throughout rural Utah, many of whom live hours from the nearest therapist. He focuses on depression, stress, anger and substance use, and often works with men who have never been to counseling before. Nathan uses Motivational Interviewing and DBT skills to help clients make changes that feel realistic. Having grown up on a ranch in Iron County, he understands the pressures of rural life and offers early evening sessions by request.",
    newClients: "Accepting new clients",
    services: ["telehealth-therapy", "individual-counseling"],
    specialties: ["Depression", "Stress and anger", "Substance use", "Rural life"],
    ages: ["Adults"],
    formats: ["Telehealth"],
    languages: ["English"],
    licenseType: "Clinical Mental Health Counselor (CMHC)",
    licenseNumber: "",
    licenseState: "Utah",
  },
];

export const aboutDefaults: AboutContent = {
  title: "Our Story",
  description: `${practice.name} began with a simple belief: people in southern Utah deserve skilled, compassionate mental health care close to home. Our founder had watched too many friends and neighbors wait months or drive hours to see a therapist, so she set out to build a practice where anyone could find care that fits.

Today our team of licensed clinicians serves individuals, couples and families from our office on Main Street in Cedar City, and people across Utah through secure telehealth. Students, parents, ranchers, first responders and retirees all walk through our doors, and each one is met with respect, warmth and a plan built around their goals.`,
  mission:
    "To offer compassionate, evidence-based care that helps people learn, heal, grow and strengthen themselves, their relationships and their community.",
  vision:
    "A southern Utah where reaching out for mental health support feels as natural as seeing a doctor, and where everyone can find care that fits their needs and their life.",
  approach:
    "We meet you where you are. Your therapist gets to know you as a whole person, then draws on proven approaches such as DBT, IFS, EMDR and Motivational Interviewing to build a plan around your goals, your values and your pace.",
  teamDescription:
    "Our clinicians bring a wide range of training and experience, from trauma and couples work to assessments and life skills. Meet the people who will walk alongside you, in Cedar City and online.",
  additionalInfo:
    "Every clinician on our team is licensed in Utah or practices under the supervision of a licensed clinician, takes part in ongoing training and consultation, and is committed to treating every person with dignity and respect.",
  staff: staff.map((member, index) => ({ ...member, image: staffPortrait(index + 1), imageAlt: "", ...memberSearchDefaults })),
  ...searchDefaults,
};

export const aboutPage = definePage({
  name: "about",
  label: "About",
  publicPath: "/about",
  route: {
    path: "about",
    head: (_content, { name, city, state }, language) =>
      language === "es"
        ? {
            title: "Quiénes somos",
            description: `Conozca al equipo de terapeutas con licencia de ${name} en ${city}, ${state}: nuestra historia, nuestra filosofía y cómo atendemos en persona y por telesalud.`,
          }
        : {
            title: "About Us",
            description: `Meet the licensed therapists of ${name} in ${city}, ${state}, and learn about our story, our philosophy and how we care for clients in person and by telehealth.`,
          },
  },
  view: () => import("./about-view.tsx"),
  translatable: true,
  builtInTranslations: { es: spanishAboutTexts },
  schema: aboutContentSchema,
  defaults: aboutDefaults,
  fields: {
    title: { label: "Title", kind: "text" },
    description: { label: "Description", kind: "longText" },
    mission: { label: "Mission", kind: "longText" },
    vision: { label: "Vision", kind: "longText" },
    approach: { label: "Approach", kind: "longText" },
    teamDescription: { label: "Team description", kind: "longText" },
    additionalInfo: { label: "Additional information", kind: "longText" },
    staff: {
      label: "Staff",
      kind: "objectList",
      itemLabel: "Staff member",
      titleKey: "name",
      card: { subtitleKey: "title", imageKey: "image" },
      newItem: {
        name: "",
        title: "",
        credentials: "",
        bio: "",
        image: null,
        imageAlt: "",
        team: "Cedar City",
        ...emptyProfile,
        ...memberSearchDefaults,
      },
      laterTitle: "Their own page: new clients, services, specialties, license",
      item: {
        id: { kind: "id" },
        name: { label: "Name", kind: "text", sameInEveryLanguage: true },
        title: { label: "Title", kind: "text" },
        credentials: { label: "Credentials", kind: "text", sameInEveryLanguage: true },
        team: { label: "Team", kind: "choice", options: staffTeams },
        // The photo before the bio: on a phone it is in reach right under the name.
        image: {
          label: "Photo",
          kind: "image",
          help: "Upload a photo, or choose one from the library.",
        },
        imageAlt: {
          label: "Photo description (alt text)",
          kind: "text",
          describes: "image",
          help: 'What the photo shows, read to people who cannot see it, e.g. "Ava smiling in the office garden". Left empty, the site says "Photo of" and the name.',
          helpInTranslation:
            'What the photo shows, in this language, read to people who cannot see it. Left empty, the Spanish pages say "Foto de" and the name.',
        },
        bio: { label: "Bio", kind: "longText" },
        // Their own page's profile (/team/{name}), filled in once they are in the list.
        newClients: {
          label: "New clients",
          kind: "choice",
          options: newClientsOptions,
          help: "Shown on their card and page; with a full caseload their page points visitors to the therapists who are accepting.",
          addedLater: true,
        },
        services: {
          label: "Services they offer",
          kind: "services",
          help: "Their page links to these, and each of these services' pages lists them.",
          addedLater: true,
        },
        specialties: { label: "Specialties", kind: "list", addedLater: true },
        ages: { label: "Ages they see", kind: "choices", options: ageGroups, addedLater: true },
        formats: { label: "Sessions", kind: "choices", options: sessionFormats, addedLater: true },
        languages: { label: "Languages", kind: "list", addedLater: true },
        licenseType: {
          label: "License type",
          kind: "text",
          sameInEveryLanguage: true,
          help: "As the license names it, e.g. Clinical Mental Health Counselor.",
          addedLater: true,
        },
        licenseNumber: { label: "License number", kind: "text", sameInEveryLanguage: true, addedLater: true },
        licenseState: {
          label: "License state",
          kind: "choice",
          options: licenseStates,
          help: "Their page links to the state's public license lookup where the site knows it.",
          addedLater: true,
        },
        searchTitle: { ...searchFields.searchTitle, addedLater: true },
        searchDescription: { ...searchFields.searchDescription, addedLater: true },
      },
      texts: {
        empty: "No staff members added yet.",
        add: "Add Staff",
        panelTitle: "New staff member",
        confirmAdd: "Add Staff Member",
        panelNote: "A photo can be added once the member is in the list.",
      },
      toasts: {
        added: "Staff member added successfully!",
        removed: "Staff member removed successfully!",
        imageUploaded: "Staff image uploaded successfully!",
      },
      // Staff who remove everyone mean an empty team, not the demo team back.
      emptyAllowed: true,
    },
    ...searchFields,
  },
  admin: {
    path: "/admin/about",
    tab: "About",
    toast: "About page content updated successfully!",
    loadFailed: "Failed to load about content.",
    usesStoredContent: true,
    alsoIn: { path: "/admin/services", label: "About (page variant)", fields: ["title", "description", "additionalInfo"] },
  },
});

export type WhyChoosePoint = {
  title: string;
  text: string;
};

export const whyChoosePoints: Array<WhyChoosePoint> = [
  {
    title: "Licensed, experienced clinicians",
    text: "Our team includes licensed clinical social workers, mental health counselors, marriage and family therapists and a psychologist.",
  },
  {
    title: "Care grounded in evidence",
    text: "We use well-researched approaches such as DBT, IFS, EMDR and Motivational Interviewing, tailored to you.",
  },
  {
    title: "In person or online",
    text: "Meet in our Cedar City office or by secure, HIPAA-compliant video from anywhere in Utah.",
  },
  {
    title: "A therapist who fits",
    text: "We take time to match you with a clinician whose skills, style and schedule suit your needs.",
  },
  {
    title: "Support for every stage of life",
    text: "From children and teens to couples, families and older adults, we offer care for the whole family.",
  },
  {
    title: "A quick, caring response",
    text: "Reach out by phone, text or our contact form, and we will get back to you within 24 hours, or one business day.",
  },
];
