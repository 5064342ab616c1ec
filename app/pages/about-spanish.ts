import { practice } from "#app/content/practice.ts";
import type { AboutContent, StaffMember, WhyChoosePoint } from "./about.ts";

/**
 * The About page's built-in texts in Spanish (decision 047), the translation of `aboutDefaults`:
 * written for review by a Spanish-speaking clinician, not yet reviewed. Latin American / US
 * Spanish, "usted" throughout. Each member is found by their `id`; only their per-language texts
 * are here (names, credentials and licenses stay the English page's). No member has a photo
 * description in English, so none has one here. Jordan Whitaker's bio and title are written
 * without gendered words, as the English is.
 */
export const spanishAboutTexts = {
  title: "Nuestra historia",
  description: `${practice.name} nació de una convicción sencilla: las personas del sur de Utah merecen una atención de salud mental competente y compasiva cerca de casa. Nuestra fundadora había visto a demasiados amigos y vecinos esperar meses o manejar horas para poder ir a terapia, así que se propuso crear una clínica donde cualquier persona pudiera encontrar atención a su medida.

Hoy, nuestro equipo de profesionales clínicos con licencia atiende a personas, parejas y familias en nuestra oficina de Main Street, en Cedar City, y a personas de todo Utah por telesalud segura. Por nuestras puertas pasan estudiantes, madres y padres, rancheros, personal de primera respuesta y personas jubiladas, y a cada persona la recibimos con respeto, calidez y un plan diseñado en torno a sus metas.`,
  mission:
    "Ofrecer una atención compasiva y basada en la evidencia que ayude a las personas a aprender, sanar, crecer y fortalecerse, y a fortalecer también sus relaciones y su comunidad.",
  vision:
    "Un sur de Utah donde buscar apoyo para la salud mental sea tan natural como ir al médico, y donde todas las personas puedan encontrar una atención que se ajuste a sus necesidades y a su vida.",
  approach:
    "Partimos de donde usted se encuentra. Su terapeuta llega a conocerle como persona en su totalidad y luego se apoya en enfoques comprobados, como DBT, IFS, EMDR y la Entrevista Motivacional, para crear un plan en torno a sus metas, sus valores y su ritmo.",
  teamDescription:
    "Nuestro equipo clínico reúne una amplia variedad de formación y experiencia, desde el trabajo con el trauma y con parejas hasta las evaluaciones y las habilidades para la vida. Conozca a las personas que le acompañarán, en Cedar City y en línea.",
  additionalInfo:
    "Cada profesional de nuestro equipo clínico tiene licencia en Utah o ejerce bajo la supervisión de un profesional clínico con licencia, participa en capacitación y consulta clínica continuas, y tiene el compromiso de tratar a cada persona con dignidad y respeto.",
  staff: [
    {
      id: "staff-ava-morgan",
      title: "Directora clínica",
      imageAlt: "",
      bio: "Ava Morgan fundó Red Cliffs Counseling & Wellness después de más de quince años en salud mental comunitaria en el sur de Utah. Como directora clínica, supervisa al equipo y atiende a un grupo reducido de personas adultas que están lidiando con ansiedad, depresión y trauma. Ava tiene formación intensiva en DBT y se apoya en la Entrevista Motivacional para ayudar a sus clientes a encontrar sus propias razones para cambiar. Fuera de la oficina, sale de caminata por los senderos que están por encima de Cedar Canyon con sus dos perros rescatados.",
      specialties: ["Ansiedad", "Depresión", "Trauma", "Terapia dialéctica conductual (DBT)", "Entrevista Motivacional"],
      languages: ["Inglés"],
    },
    {
      id: "staff-daniel-reyes",
      title: "Consejero clínico de salud mental",
      imageAlt: "",
      bio: "Daniel Reyes se especializa en la recuperación del trauma y tiene formación en EMDR. Trabaja con personas adultas que han vivido accidentes, agresiones, combate o años de estrés crónico, incluidos veteranos y personal de primera respuesta. Daniel cree que la sanación empieza por sentirse a salvo, por eso avanza al ritmo de cada cliente y explica cada paso antes de que suceda. También atiende a clientes en español. En su tiempo libre es entrenador de fútbol juvenil y cocina para quien se quede a la mesa el tiempo suficiente.",
      specialties: ["Recuperación del trauma", "EMDR", "Veteranos y personal de primera respuesta", "Estrés crónico"],
      languages: ["Inglés", "Español"],
    },
    {
      id: "staff-rachel-thornton",
      title: "Terapeuta matrimonial y familiar",
      imageAlt: "",
      bio: "Rachel Thornton ayuda a parejas y familias a reencontrarse. Trabaja con parejas que enfrentan rupturas en la comunicación, infidelidad y grandes cambios de vida, y con madres, padres y adolescentes atrapados en ciclos de conflicto. Rachel combina el enfoque focalizado en las emociones y el enfoque sistémico con herramientas prácticas que las parejas pueden usar en casa. Casada desde hace veinte años y madre de cuatro hijos, aporta calidez, humor y honestidad a cada sesión, y la firme convicción de que las relaciones pueden cambiar.",
      specialties: [
        "Comunicación",
        "Infidelidad",
        "Transiciones de vida",
        "Conflictos entre madres, padres y adolescentes",
        "Terapia focalizada en las emociones",
      ],
      languages: ["Inglés"],
    },
    {
      id: "staff-samuel-okafor",
      title: "Psicólogo",
      imageAlt: "",
      bio: "El Dr. Samuel Okafor dirige los servicios de evaluación psicológica de la clínica, que incluyen evaluaciones de TDAH, de dificultades de aprendizaje y de trastornos del estado de ánimo, y evaluaciones ordenadas por la corte. Obtuvo su doctorado en psicología clínica y completó su residencia en un programa de evaluación de un hospital. Samuel es conocido por hacer pruebas cuidadosas y minuciosas y por explicar los resultados en un lenguaje sencillo, para que sus clientes salgan con respuestas y un plan claro. También ofrece terapia a personas adultas con depresión y ansiedad mediante enfoques cognitivo-conductuales.",
      specialties: ["Evaluaciones de TDAH y de aprendizaje", "Trastornos del estado de ánimo", "Terapia cognitivo-conductual"],
      languages: ["Inglés"],
    },
    {
      id: "staff-megan-hale",
      title: "Trabajadora social clínica, responsable del programa de DBT",
      imageAlt: "",
      bio: "Megan Hale dirige los grupos de habilidades de DBT de la clínica y trabaja de forma individual con adolescentes y personas adultas que se sienten abrumadas por emociones intensas, impulsos de autolesionarse o conflictos fuertes en sus relaciones. Enseña habilidades de atención plena, tolerancia al malestar y regulación emocional de una manera sencilla y práctica, que sus clientes pueden usar ese mismo día. Megan comenzó su carrera en la consejería escolar y le sigue encantando trabajar con familias de adolescentes. Los fines de semana escala en roca y hornea pan con sus hijos.",
      specialties: ["Terapia dialéctica conductual (DBT)", "Autolesiones", "Regulación emocional", "Familias de adolescentes"],
      languages: ["Inglés"],
    },
    {
      id: "staff-jordan-whitaker",
      title: "Profesional de consejería clínica en salud mental",
      imageAlt: "",
      bio: "Jordan Whitaker trabaja con estudiantes de universidad y adultos jóvenes que están lidiando con la ansiedad, cuestiones de identidad, el perfeccionismo y la presión de las grandes decisiones. Con formación en Sistemas de Familia Interna, Jordan ayuda a sus clientes a sentir curiosidad por las partes de su interior que se preocupan, critican o se cierran, y a recibirlas con compasión en lugar de juicio. Jordan se graduó de Southern Utah University y disfruta acompañar a estudiantes en los altibajos de la vida universitaria. En su tiempo libre, Jordan toca la guitarra y hace voluntariado en el refugio de animales local.",
      specialties: ["Ansiedad", "Identidad", "Perfeccionismo", "Estudiantes de universidad", "Sistemas de Familia Interna (IFS)"],
      languages: ["Inglés"],
    },
    {
      id: "staff-lena-tsosie",
      title: "Consejera clínica asociada de salud mental",
      imageAlt: "",
      bio: "Lena Tsosie trabaja con niñas, niños y preadolescentes, y con sus madres y padres, y usa el juego, el arte y el movimiento para ayudar a cada niña o niño a expresar lo que todavía no puede poner en palabras. También acompaña a personas adultas que están afrontando el duelo y la pérdida. Lena ejerce bajo la supervisión clínica de una persona con licencia de consejería en salud mental mientras completa sus horas para obtener la licencia completa. Creció en una familia extensa y numerosa, valora la conexión con su cultura y su comunidad, y aporta paciencia y delicadeza a su trabajo con cada familia.",
      specialties: ["Terapia de juego y de arte", "Niñez y preadolescencia", "Duelo y pérdida", "Apoyo en la crianza"],
      languages: ["Inglés"],
    },
    {
      id: "staff-hannah-brooks",
      title: "Responsable del programa de violencia doméstica",
      imageAlt: "",
      bio: "Hannah Brooks dirige los servicios de violencia doméstica de la clínica. Ofrece consejería informada sobre el trauma y planificación de seguridad para sobrevivientes, y facilita grupos de tratamiento estructurados para personas que quieren dejar de recurrir a conductas abusivas. Hannah usa la Entrevista Motivacional para ayudar a sus clientes a asumir con honestidad la responsabilidad de su cambio, mientras mantiene límites firmes en todo lo que toca a la seguridad. Antes de unirse a Red Cliffs, trabajó durante varios años junto a defensores de víctimas y personal de refugios. Cree que toda familia merece sentirse segura en su hogar.",
      specialties: ["Violencia doméstica", "Planificación de seguridad", "Atención informada sobre el trauma", "Entrevista Motivacional"],
      languages: ["Inglés"],
    },
    {
      id: "staff-tyler-jensen",
      title: "Coach de habilidades para la vida y administrador de casos",
      imageAlt: "",
      bio: "Tyler Jensen ayuda a sus clientes a convertir sus metas en hábitos diarios. Como coach de habilidades para la vida y administrador de casos, trabaja en presupuestos, rutinas, búsqueda de empleo, solicitudes de vivienda y la conexión con recursos comunitarios. Tyler se apoya en su propio camino de recuperación como especialista certificado en apoyo entre pares, de modo que sus clientes saben que están hablando con alguien que ha pasado por lo mismo. Combina el coaching práctico con la Entrevista Motivacional y se coordina de cerca con el o la terapeuta de cada cliente. Ha vivido toda su vida en Cedar City y es un fiel aficionado de los Thunderbirds.",
      specialties: ["Presupuestos y rutinas diarias", "Búsqueda de empleo y vivienda", "Apoyo en la recuperación", "Recursos comunitarios"],
      languages: ["Inglés"],
    },
    {
      id: "staff-olivia-chen",
      title: "Terapeuta de telesalud",
      imageAlt: "",
      bio: "Olivia Chen atiende a personas y parejas de todo Utah por videollamada segura. Se especializa en dificultades en las relaciones, la transición a la maternidad y la paternidad, y la ansiedad y el ánimo decaído que pueden aparecer después del embarazo y el parto. Olivia combina el trabajo con parejas focalizado en las emociones con prácticas de atención plena que caben en la apretada agenda de una familia. Sus clientes valoran su presencia tranquila y sus sugerencias prácticas. Trabajar por telesalud le permite llegar a madres y padres que no pueden salir de casa con facilidad, y con gusto atiende a sus clientes a la hora de la siesta.",
      specialties: [
        "Dificultades en las relaciones",
        "Convertirse en madre o padre",
        "Ansiedad y ánimo decaído después del parto",
        "Atención plena (mindfulness)",
      ],
      languages: ["Inglés"],
    },
    {
      id: "staff-nathan-price",
      title: "Terapeuta de telesalud",
      imageAlt: "",
      bio: "Nathan Price ofrece consejería por telesalud a personas adultas de las zonas rurales de Utah, muchas de las cuales viven a horas de distancia del terapeuta más cercano. Se enfoca en la depresión, el estrés, el enojo y el consumo de sustancias, y a menudo trabaja con hombres que nunca antes habían ido a consejería. Nathan usa la Entrevista Motivacional y habilidades de DBT para ayudar a sus clientes a hacer cambios que se sientan realistas. Creció en un rancho de Iron County, así que entiende las presiones de la vida rural, y ofrece sesiones al final de la tarde si se le solicitan.",
      specialties: ["Depresión", "Estrés y enojo", "Consumo de sustancias", "La vida rural"],
      languages: ["Inglés"],
    },
  ],
} satisfies Partial<Omit<AboutContent, "staff">> & {
  staff: Array<Pick<StaffMember, "id" | "title" | "imageAlt" | "bio" | "specialties" | "languages">>;
};

/** The About page's "why choose us" points in Spanish, in the English order (they have no ids). Not yet reviewed. */
export const spanishWhyChoosePoints: ReadonlyArray<WhyChoosePoint> = [
  {
    title: "Profesionales con licencia y experiencia",
    text: "Nuestro equipo incluye profesionales de trabajo social clínico con licencia, de consejería en salud mental y de terapia matrimonial y familiar, y un psicólogo.",
  },
  {
    title: "Atención basada en la evidencia",
    text: "Usamos enfoques ampliamente estudiados, como DBT, IFS, EMDR y la Entrevista Motivacional, adaptados a usted.",
  },
  {
    title: "En persona o en línea",
    text: "Reúnase con nosotros en nuestra oficina de Cedar City o por videollamada segura, que cumple con HIPAA, desde cualquier lugar de Utah.",
  },
  {
    title: "Terapeuta a su medida",
    text: "Nos tomamos el tiempo de encontrar en nuestro equipo clínico a alguien cuyas habilidades, estilo y horario se ajusten a sus necesidades.",
  },
  {
    title: "Apoyo en cada etapa de la vida",
    text: "Desde niñas, niños y adolescentes hasta parejas, familias y personas mayores, ofrecemos atención para toda la familia.",
  },
  {
    title: "Una respuesta rápida y atenta",
    text: "Comuníquese con nosotros por teléfono, por mensaje de texto o con nuestro formulario de contacto, y le responderemos en un plazo de 24 horas o de un día hábil.",
  },
];
