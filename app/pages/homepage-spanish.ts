import { practice, spanishPracticeTexts } from "#app/content/practice.ts";
import type { HomepageContent } from "./homepage.ts";

/**
 * The homepage's built-in texts in Spanish (decision 047), the translation of `homepageDefaults`:
 * written for review by a Spanish-speaking clinician, not yet reviewed. Latin American / US
 * Spanish, "usted" throughout. `{phone}` stays as typed (practice-tokens.ts). The practice's name
 * is the English one; the reply promise at the end of `ctaFooterText` is the Spanish one the
 * contact page shows (`spanishPracticeTexts`), as the English takes `practice.replyPromise`.
 */
export const spanishHomepageTexts = {
  heroDescription: "Consejería y bienestar en Cedar City, Utah",
  heroTitle: "No tiene que cargar con esto a solas",
  heroSubtitle:
    "Consejería compasiva y basada en la evidencia para personas, parejas y familias, en nuestra oficina de Cedar City o por telesalud segura desde cualquier lugar de Utah.",
  aboutTitle: `Le damos la bienvenida a ${practice.name}`,
  aboutDescription:
    "Pedir ayuda requiere valor, y nos alegra que esté aquí. Nuestro equipo de terapeutas con licencia le ofrece un espacio cálido y sin juicios para hablar de lo que le resulta difícil, ya sea que esté enfrentando ansiedad, depresión, trauma, tensiones en sus relaciones o una etapa de cambios.",
  aboutSecondParagraph:
    "Nos tomamos el tiempo de comprenderle como persona en su totalidad y luego trabajamos con usted en un plan que se ajuste a sus metas, sus valores y su ritmo. Sanar rara vez es un camino en línea recta, pero con el apoyo adecuado, un cambio real es posible.",
  servicesTitle: "Lo que ofrecemos",
  servicesDescription:
    "Desde consejería individual y de pareja hasta evaluaciones y tratamientos especializados, ofrecemos atención para cada etapa de la vida, en persona y en línea.",
  therapyApproachTitle: "Nuestro enfoque terapéutico",
  therapyApproachDescription:
    "Nuestro equipo clínico se apoya en enfoques ampliamente estudiados y los adapta a usted. Estos son algunos de los que usamos con más frecuencia.",
  ctaTitle: "¿Quiere dar el primer paso?",
  ctaDescription:
    "Ya sea que tenga preguntas o quiera programar una cita, estamos aquí para ayudarle. Comuníquese con nosotros hoy y le ayudaremos a encontrar a la persona indicada para su terapia y un horario que le convenga.",
  ctaFooterText: `Llame o envíe un texto al {phone}, o escríbanos un mensaje. ${spanishPracticeTexts.replyPromise}`,
  ctaTagline: "Aprender. Sanar. Crecer. Fortalecer.",
} satisfies Partial<HomepageContent>;
