import type { Book, BookCategory } from "./resources.ts";

/**
 * The Recommended Books page's built-in texts in Spanish (decision 047), the translation of
 * `resourcesDefaults`: written for review by a Spanish-speaking clinician, not yet reviewed. Latin
 * American / US Spanish, "usted" throughout. Each category and book is found by its `id`; a
 * built-in book's id is made from its English title (`book()` in resources.ts), so it is written
 * out here as that function makes it. Titles and authors stay the English page's.
 */
export const spanishResourcesTexts = {
  categories: [
    {
      id: "anxiety",
      name: "Ansiedad",
      intro: "Guías prácticas para entender la preocupación y el pánico, y para que pierdan fuerza sobre usted.",
      books: [
        {
          id: "the-anxiety-and-phobia-workbook",
          description:
            "Un manual práctico muy utilizado, con ejercicios paso a paso para el pánico, las fobias, la preocupación y la ansiedad en general, que incluye técnicas de relajación, de cuestionamiento de los pensamientos y de exposición.",
        },
        {
          id: "the-worry-trick",
          description:
            "Explica cómo la ansiedad nos engaña para que luchemos contra ella de maneras que la hacen más fuerte, y ofrece formas prácticas y contraintuitivas de responder de otro modo a la preocupación crónica.",
        },
        {
          id: "unwinding-anxiety",
          description:
            "Un psiquiatra y neurocientífico muestra cómo la preocupación puede convertirse en un ciclo de hábito y cómo la curiosidad y la atención plena pueden ayudar a romperlo.",
        },
        {
          id: "hope-and-help-for-your-nerves",
          description:
            "Un clásico sereno y tranquilizador sobre la tensión nerviosa y el pánico, basado en enfrentar y aceptar las sensaciones de ansiedad, y atravesarlas flotando, en lugar de luchar contra ellas.",
        },
      ],
    },
    {
      id: "trauma-ptsd",
      name: "Trauma y TEPT",
      intro: "Libros que explican cómo el trauma afecta la mente y el cuerpo, y cómo se recuperan las personas.",
      books: [
        {
          id: "the-body-keeps-the-score",
          description:
            "El relato de un psiquiatra sobre cómo el trauma transforma el cerebro y el cuerpo, y sobre los enfoques que ayudan a las personas a sanar, como EMDR, el yoga y las terapias basadas en el cuerpo.",
        },
        {
          id: "trauma-and-recovery",
          description:
            "Un libro fundamental que relaciona las experiencias de sobrevivientes de abuso, violencia doméstica y guerra, y describe las etapas de la recuperación: seguridad, recuerdo y duelo, y reconexión.",
        },
        {
          id: "what-happened-to-you",
          description:
            'Una conversación sobre cómo nos moldean las experiencias tempranas, que cambia la pregunta "¿Qué le pasa?" por "¿Qué le pasó?"',
        },
        {
          id: "complex-ptsd-from-surviving-to-thriving",
          description:
            "Una guía compasiva para personas adultas que crecieron con trauma o negligencia en la infancia, con herramientas prácticas para manejar los flashbacks emocionales y el crítico interior.",
        },
      ],
    },
    {
      id: "depression",
      name: "Depresión",
      intro: "Lecturas prácticas y esperanzadoras para levantar un ánimo decaído, paso a paso.",
      books: [
        {
          id: "feeling-good-the-new-mood-therapy",
          description:
            "Una introducción clásica a la terapia cognitivo-conductual que muestra cómo reconocer y cambiar los pensamientos distorsionados que alimentan la depresión y la baja autoestima.",
        },
        {
          id: "mind-over-mood",
          description:
            "Un manual práctico de terapia cognitivo-conductual (TCC) con hojas de trabajo para la depresión, la ansiedad, el enojo, la culpa y la vergüenza, que a menudo se usa junto con la terapia.",
        },
        {
          id: "the-mindful-way-through-depression",
          description:
            "Presenta la terapia cognitiva basada en mindfulness (atención plena), que enseña formas de salir de los ciclos de rumiación que pueden llevar de nuevo a la depresión.",
        },
        {
          id: "the-upward-spiral",
          description:
            "Un neurocientífico explica qué sucede en el cerebro durante la depresión y cómo pequeños cambios cotidianos en la actividad, el sueño y la conexión con los demás pueden ayudar a revertir su curso.",
        },
      ],
    },
    {
      id: "mindfulness-meditation",
      name: "Atención plena y meditación",
      intro:
        "Introducciones accesibles a vivir en el momento presente, tanto para principiantes como para quienes practican desde hace tiempo.",
      books: [
        {
          id: "wherever-you-go-there-you-are",
          description:
            "Reflexiones breves y sencillas para llevar la atención plena a la vida diaria, del creador de la Reducción del Estrés Basada en Mindfulness.",
        },
        {
          id: "full-catastrophe-living",
          description:
            "La guía completa del programa de ocho semanas de Reducción del Estrés Basada en Mindfulness, con prácticas para el estrés, el dolor y la enfermedad.",
        },
        {
          id: "the-miracle-of-mindfulness",
          description:
            "Un clásico apacible de un maestro zen sobre la respiración, la caminata y la atención a los momentos cotidianos (por ejemplo, lavar los platos) como camino hacia la paz.",
        },
        {
          id: "radical-acceptance",
          description:
            "Una psicóloga y maestra de meditación muestra cómo la atención plena y la compasión pueden liberarnos de la sensación de que nunca somos suficiente.",
        },
      ],
    },
    {
      id: "self-compassion-identity",
      name: "Autocompasión e identidad",
      intro: "Lecturas para calmar al crítico interior y crecer hasta llegar a ser quien usted es.",
      books: [
        {
          id: "self-compassion-the-proven-power-of-being-kind-to-yourself",
          description:
            "La investigadora pionera en el estudio de la autocompasión explica cómo tratarse con amabilidad favorece la resiliencia y el bienestar, con ejercicios a lo largo del libro.",
        },
        {
          id: "the-mindful-self-compassion-workbook",
          description:
            "Un manual práctico paso a paso basado en el programa Mindful Self-Compassion (mindfulness y autocompasión), con prácticas para recibir las emociones difíciles con calidez.",
        },
        {
          id: "the-gifts-of-imperfection",
          description:
            "A partir de su investigación sobre la vergüenza y la vulnerabilidad, Brown ofrece pautas para dejar de lado a quien usted cree que debería ser y aceptar a quien es.",
        },
        {
          id: "quiet-the-power-of-introverts-in-a-world-that-can-t-stop-talking",
          description:
            "Una mirada que valora la introversión y ayuda a las personas más calladas a comprender sus fortalezas y a dejar de intentar ser alguien que no son.",
        },
      ],
    },
    {
      id: "dbt-ifs",
      name: "DBT / IFS",
      intro: "Habilidades e ideas de dos de los enfoques que nuestro equipo clínico usa con más frecuencia.",
      books: [
        {
          id: "the-dialectical-behavior-therapy-skills-workbook",
          description:
            "Ejercicios claros y prácticos para aprender los cuatro grupos de habilidades centrales de DBT: atención plena, tolerancia al malestar, regulación emocional y efectividad interpersonal.",
        },
        {
          id: "dbt-skills-training-handouts-and-worksheets",
          description:
            "Las fichas y hojas de trabajo oficiales de la creadora de DBT, que se usan en grupos de habilidades de todo el mundo.",
        },
        {
          id: "no-bad-parts",
          description:
            "El fundador de Sistemas de Familia Interna explica cómo cada parte de nosotros tiene una intención positiva, y cómo conocer nuestras partes puede llevarnos a la sanación y al liderazgo del Self.",
        },
        {
          id: "self-therapy",
          description:
            "Una guía paso a paso para usar Sistemas de Familia Interna por cuenta propia o con otra persona, con explicaciones claras de los protectores, los exiliados y el Self.",
        },
      ],
    },
    {
      id: "general-self-improvement",
      name: "Superación personal en general",
      intro: "Libros muy apreciados sobre los hábitos, el sentido de la vida, el crecimiento y las relaciones.",
      books: [
        {
          id: "atomic-habits",
          description:
            "Un método práctico para crear buenos hábitos y dejar los malos mediante pequeños cambios que se van sumando con el tiempo.",
        },
        {
          id: "man-s-search-for-meaning",
          description:
            "Las memorias de un psiquiatra que sobrevivió a los campos de concentración nazis, con sus reflexiones sobre cómo encontrar sentido y propósito incluso en el sufrimiento.",
        },
        {
          id: "mindset-the-new-psychology-of-success",
          description:
            "Explica la diferencia entre una mentalidad fija y una mentalidad de crecimiento, y cómo creer que podemos crecer influye en el aprendizaje, el trabajo y las relaciones.",
        },
        {
          id: "the-seven-principles-for-making-marriage-work",
          description:
            "Basada en décadas de investigación con parejas, esta guía ofrece principios y ejercicios prácticos para construir la amistad, manejar los conflictos y mantener la conexión.",
        },
      ],
    },
  ],
} satisfies {
  categories: Array<Pick<BookCategory, "id" | "name" | "intro"> & { books: Array<Pick<Book, "id" | "description">> }>;
};
