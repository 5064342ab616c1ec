import type { ServiceSlug } from "./services.ts";

/**
 * The built-in Spanish of each of the twelve services: its name, its card's line and its page's
 * texts, translated from the English in services.ts (usted, plain Latin American / US Spanish).
 * Written for review by a Spanish-speaking clinician, and not yet reviewed (decision 047). The
 * crisis lines follow decision 044: 988 with "oprima 2" and AYUDA, the Domestic Violence Hotline
 * under its English name with the note that it may answer only in English.
 */
export type SpanishServiceTexts = {
  /** Its card's line on the home page. */
  cardDescription: string;
  title: string;
  description: string;
  benefits: ReadonlyArray<string>;
  whoItHelps: ReadonlyArray<string>;
  process: ReadonlyArray<string>;
  additionalInfo: string;
};

export const spanishServiceTexts: Readonly<Record<ServiceSlug, SpanishServiceTexts>> = {
  "individual-counseling": {
    cardDescription:
      "Terapia individual para la ansiedad, la depresión, el trauma, el duelo y los cambios de la vida, a un ritmo con el que usted se sienta bien.",
    title: "Consejería individual",
    description:
      "La consejería individual es un espacio privado, solo entre usted y un terapeuta con licencia, para hablar de lo que le está pesando. Trabajamos en equipo con usted para entender lo que está enfrentando, desarrollar habilidades prácticas y avanzar hacia la vida que desea, a un ritmo con el que usted se sienta bien.",
    benefits: [
      "Sentir menos soledad con lo que está cargando",
      "Entender los patrones de sus pensamientos, sus emociones y sus relaciones",
      "Aprender formas prácticas de sobrellevar el estrés, la preocupación y el ánimo bajo",
      "Procesar experiencias dolorosas en un ambiente seguro y de apoyo",
      "Fortalecer la confianza, la autocompasión y la resiliencia",
    ],
    whoItHelps: [
      "Personas adultas y adolescentes que viven con ansiedad, preocupación o pánico",
      "Personas que luchan con la depresión o con un ánimo bajo persistente",
      "Cualquier persona que esté enfrentando un trauma, un duelo o una pérdida",
      "Personas que atraviesan cambios de vida, estrés o agotamiento (burnout)",
      "Cualquier persona que desee entenderse mejor y crecer",
    ],
    process: [
      "Comuníquese con nosotros por teléfono, por mensaje de texto o mediante nuestro formulario de contacto, y le asignaremos un terapeuta que se ajuste a sus necesidades y a su horario.",
      "En su primera sesión, usted y su terapeuta hablan de lo que le trae a consulta y fijan metas en conjunto.",
      "En las sesiones siguientes, usted practica habilidades nuevas y avanza hacia sus metas, revisando su progreso a lo largo del camino.",
    ],
    additionalInfo:
      "Las sesiones individuales suelen durar 50 minutos y normalmente se programan cada semana o cada dos semanas, según sus necesidades. Nuestro equipo de terapeutas se apoya en enfoques basados en la evidencia, como DBT, IFS, EMDR y la Entrevista Motivacional, y los adapta a usted. Las sesiones están disponibles en nuestra oficina de Cedar City o por telesalud segura desde cualquier lugar de Utah. Lo que usted comparta se mantiene confidencial dentro de los límites de la ley, que su terapeuta le explicará en su primera visita.",
  },
  "couples-counseling": {
    cardDescription:
      "Ayuda para que las parejas se comuniquen con más apertura, aborden sus conflictos, reconstruyan la confianza y vuelvan a conectarse.",
    title: "Consejería de pareja",
    description:
      "La consejería de pareja les ofrece a usted y a su pareja un lugar neutral y de apoyo para hablar de lo que se ha vuelto difícil. Les ayudamos a entender las necesidades de cada quien, a salir de ciclos dolorosos de conflicto y a reconstruir la conexión que ustedes dos desean.",
    benefits: [
      "Comunicarse con más apertura y escuchar con más profundidad",
      "Manejar los desacuerdos sin que se conviertan en heridas duraderas",
      "Reconstruir la confianza después de una traición o de que se haya quebrado",
      "Fortalecer la cercanía emocional y física",
      "Tomar decisiones importantes en conjunto y con más claridad",
    ],
    whoItHelps: [
      "Parejas casadas, comprometidas y de novios",
      "Parejas que caen una y otra vez en las mismas discusiones",
      "Parejas que están sanando tras una infidelidad o una ruptura de la confianza",
      "Parejas que se están adaptando a la maternidad o la paternidad, a una familia reconstituida, a la jubilación u otros cambios importantes",
      "Personas que tienen dudas sobre el futuro de su relación de pareja",
    ],
    process: [
      "Comenzamos con una sesión conjunta en la que cada quien habla de las fortalezas y las dificultades de su relación.",
      "Es posible que su terapeuta se reúna una vez con cada persona por separado; luego les presenta un plan construido en torno a las metas que comparten.",
      "En sesiones conjuntas regulares, practican nuevas formas de hablar, resolver conflictos y volver a conectarse, con pequeños pasos para intentar en casa.",
    ],
    additionalInfo:
      "Las sesiones de pareja suelen durar de 50 a 60 minutos y ayudan más cuando participan las dos personas de la pareja. Su terapeuta no toma partido; el centro de atención es la relación. Si en su relación hay violencia, amenazas o miedo, es posible que las sesiones conjuntas no sean el lugar más seguro para empezar. Por favor, díganoslo en privado para que podamos ayudarle a encontrar el apoyo adecuado, incluidos nuestros servicios de violencia doméstica.",
  },
  "family-counseling": {
    cardDescription: "Apoyo para que las familias disminuyan los conflictos, se comuniquen mejor y atraviesen juntas las etapas difíciles.",
    title: "Consejería familiar",
    description:
      "Cuando una persona de la familia está pasando por dificultades, toda la familia lo siente. La consejería familiar reúne a integrantes de la familia para que se entiendan entre sí, disminuyan los conflictos y encuentren formas más sanas de apoyarse mutuamente ante los cambios y los desafíos.",
    benefits: [
      "Mejorar la comunicación entre padres, hijos y otros familiares",
      "Reducir los conflictos y la tensión en casa",
      "Fortalecer los lazos y reconstruir la confianza",
      "Apoyar a un familiar que está pasando por dificultades sin que nadie tenga que cargar con todo a solas",
      "Desarrollar formas de crianza constantes y cariñosas",
    ],
    whoItHelps: [
      "Familias con conflictos frecuentes o en las que la comunicación se rompe",
      "Madres y padres a quienes les preocupa la conducta, el estado de ánimo o las dificultades escolares de un niño, niña o adolescente",
      "Familias reconstituidas y familias que atraviesan una separación o un divorcio",
      "Familias que enfrentan un duelo, una enfermedad, una adicción u otros cambios importantes",
      "Hijos e hijas adultos y sus padres que están trabajando en heridas de hace mucho tiempo",
    ],
    process: [
      "Empezamos con una conversación con una madre, un padre u otro familiar para entender lo que está pasando y quién debería participar.",
      "Las primeras sesiones ayudan a su terapeuta a conocer el punto de vista de cada persona y a acordar metas compartidas para la familia.",
      "En las sesiones siguientes, a veces en conjunto y a veces individuales, su familia practica nuevas formas de escucharse, resolver problemas y apoyarse mutuamente.",
    ],
    additionalInfo:
      "Las sesiones familiares suelen durar de 50 a 60 minutos. Las personas que asisten pueden cambiar de una semana a otra, según lo que más ayude. Para clientes menores de 18 años, normalmente se necesita el consentimiento de una madre, un padre o un tutor legal para el tratamiento, y su terapeuta les explicará cómo funciona la privacidad en el caso de niños, niñas y adolescentes para que toda la familia sepa qué esperar. La consejería familiar se puede combinar con consejería individual para un niño o niña, un adolescente, una madre o un padre.",
  },
  "group-therapy": {
    cardDescription:
      "Grupos pequeños guiados por terapeutas, donde usted aprende habilidades y encuentra apoyo en personas que le entienden.",
    title: "Terapia de grupo",
    description:
      "La terapia de grupo reúne a un pequeño número de personas que enfrentan desafíos similares, con la guía de un terapeuta con licencia. Escuchar a otras personas y compartir su propia experiencia puede aliviar el aislamiento, desarrollar habilidades y recordarle que no está a solas.",
    benefits: [
      "Conectar con personas que entienden lo que usted está viviendo",
      "Aprender y practicar habilidades en un ambiente de apoyo",
      "Obtener nuevas perspectivas a partir de las experiencias de las demás personas del grupo",
      "Ganar confianza al relacionarse con otras personas",
      "Recibir atención de calidad a un costo más bajo que el de las sesiones individuales",
    ],
    whoItHelps: [
      "Personas que quieren desarrollar habilidades para manejar sus emociones, como en un grupo de habilidades de DBT",
      "Cualquier persona que esté enfrentando ansiedad, estrés o depresión",
      "Personas que viven el duelo por una pérdida",
      "Personas que se sienten aisladas y desean conexión",
      "Clientes en consejería individual que desean apoyo adicional entre una sesión y otra",
    ],
    process: [
      "Comuníquese con nosotros para conocer los grupos actuales, y programaremos una breve reunión para ver si un grupo es adecuado para usted.",
      "En su primera sesión de grupo, su terapeuta de grupo explica cómo funciona el grupo, incluida la confidencialidad y el respeto hacia cada integrante.",
      "Cada semana usted aprende, comparte tanto o tan poco como le resulte cómodo y practica nuevas habilidades junto con otras personas.",
    ],
    additionalInfo:
      "Los grupos suelen tener de seis a diez integrantes y se reúnen cada semana durante 60 a 90 minutos, ya sea como una serie fija de sesiones o de forma continua. Quienes participan se comprometen a mantener confidencial lo que se comparte en el grupo. Nuestros grupos cambian a lo largo del año y pueden incluir un grupo de habilidades de DBT, un grupo de manejo de la ansiedad y el estrés, y un grupo de apoyo en el duelo. Llámenos o envíenos un texto para conocer el horario actual.",
  },
  "telehealth-therapy": {
    cardDescription: "Sesiones seguras por video con un terapeuta con licencia, desde cualquier lugar de Utah.",
    title: "Terapia por telesalud",
    description:
      "La telesalud le permite reunirse con un terapeuta con licencia por videollamada segura desde su casa, su trabajo o cualquier lugar privado en Utah. Es la misma terapia cálida y basada en la evidencia que ofrecemos en nuestra oficina, sin tener que manejar.",
    benefits: [
      "Reunirse desde la comodidad y la privacidad de su propio espacio",
      "Ahorrarse el viaje en carro, algo que importa en las zonas rurales del sur de Utah",
      "Acomodar las sesiones más fácilmente a su trabajo, sus estudios y su familia",
      "Seguir viendo a su terapeuta cuando viaja dentro de Utah o cuando hace mal tiempo",
      "Elegir entre una mayor variedad de terapeutas de todo nuestro equipo",
    ],
    whoItHelps: [
      "Personas que viven en zonas rurales o apartadas de Utah",
      "Madres y padres, estudiantes y profesionales con poco tiempo",
      "Personas con problemas de salud o limitaciones de movilidad que les dificultan trasladarse",
      "Cualquier persona que se sienta más a gusto hablando desde su casa",
      "Clientes actuales que desean combinar sesiones en la oficina y por video",
    ],
    process: [
      "Comuníquese con nosotros para programar una cita, y le enviaremos un enlace seguro e instrucciones sencillas antes de su primera sesión.",
      "A la hora de la sesión, conéctese desde un lugar privado y tranquilo con un teléfono, una tableta o una computadora que tenga cámara y micrófono.",
      "Reúnase con su terapeuta igual que lo haría en persona, avanzando hacia sus metas sesión tras sesión.",
    ],
    additionalInfo:
      "Nuestras sesiones de telesalud usan una plataforma de video que cumple con HIPAA, diseñada para proteger su privacidad; no tiene que comprar nada. Como nuestro equipo clínico tiene licencia en Utah, usted debe encontrarse físicamente en Utah durante cada sesión, y al comienzo confirmaremos dónde se encuentra y un contacto de emergencia. La telesalud no es la opción adecuada para todas las personas, por ejemplo cuando alguien necesita un nivel de atención más alto o está en crisis, y su terapeuta hablará de eso con usted. Muchos planes de seguro médico cubren la telesalud de la misma manera que las visitas en la oficina; consulte con su plan o llame a nuestra línea de facturación.",
  },
  "life-skills-coaching": {
    cardDescription:
      "Coaching práctico y enfocado en metas para habilidades cotidianas como las rutinas, la organización, el presupuesto y la vida independiente.",
    title: "Coaching de habilidades para la vida",
    description:
      "El coaching de habilidades para la vida ofrece apoyo práctico y concreto para las tareas diarias que pueden sentirse abrumadoras. Su coach trabaja a su lado para fijar metas realistas y crear las rutinas y habilidades que le ayudan a vivir con más independencia y confianza.",
    benefits: [
      "Crear rutinas diarias con las que la vida se sienta más manejable",
      "Organizarse mejor con el tiempo, las citas y el papeleo",
      "Aprender a manejar un presupuesto, planear las comidas y otras habilidades para el hogar",
      "Practicar la comunicación y la resolución de problemas en situaciones reales",
      "Ganar confianza e independencia paso a paso",
    ],
    whoItHelps: [
      "Adolescentes y jóvenes que se preparan para vivir por su cuenta",
      "Personas adultas que están rehaciendo sus rutinas después de una etapa difícil, una enfermedad o un tratamiento",
      "Personas que viven con TDAH, ansiedad o depresión y desean apoyo práctico",
      "Personas adultas que desean ayuda para encontrar trabajo, vivienda o recursos comunitarios",
      "Clientes en consejería que quieren convertir lo que aprenden en hábitos diarios",
    ],
    process: [
      "Nos reunimos para hablar de su vida diaria, de lo que va bien y de lo que le resulta difícil.",
      "En conjunto, elegimos algunas metas realistas y las dividimos en pasos pequeños y claros.",
      "En sesiones regulares, su coach le ayuda a practicar, a resolver los problemas a medida que surgen y a celebrar sus avances.",
    ],
    additionalInfo:
      "El coaching de habilidades para la vida se enfoca en el presente y en metas prácticas. No es psicoterapia y no diagnostica ni trata afecciones de salud mental, por lo que muchas personas lo usan junto con la consejería con uno de nuestros terapeutas; con su permiso, su coach y su terapeuta pueden trabajar en equipo. Las sesiones pueden ser en nuestra oficina, por video o, cuando eso ayuda, fuera de la oficina, en la comunidad.",
  },
  "alternative-therapies": {
    cardDescription:
      "Enfoques complementarios como la atención plena (mindfulness), las artes expresivas y las técnicas corporales, que involucran la mente y el cuerpo.",
    title: "Terapias alternativas",
    description:
      "Las palabras no siempre son el camino más fácil para empezar. Nuestras terapias alternativas y complementarias usan la atención plena (mindfulness), la expresión creativa, el movimiento y la naturaleza para ayudarle a notar, expresar y procesar lo que siente, junto con la terapia conversacional de eficacia comprobada.",
    benefits: [
      "Calmar su cuerpo además de su mente",
      "Expresar sentimientos que son difíciles de poner en palabras",
      "Desarrollar habilidades de atención plena y relajación que puede usar en cualquier lugar",
      "Volver a conectar con su cuerpo de una manera segura y suave",
      "Sumar variedad y nuevas formas de sanar a su terapia",
    ],
    whoItHelps: [
      "Personas a quienes la terapia conversacional tradicional les resulta difícil, o que buscan algo más",
      "Niños, niñas y adolescentes que se expresan mejor a través del juego, el arte o la actividad",
      "Personas adultas que manejan estrés, ansiedad o trauma y desean herramientas basadas en el cuerpo",
      "Cualquier persona interesada en la atención plena, la creatividad o el tiempo al aire libre como parte de su sanación",
    ],
    process: [
      "Hablamos con usted sobre sus metas y sobre los enfoques que le interesan.",
      "Su terapeuta le sugiere opciones adecuadas, como la práctica de la atención plena, las artes expresivas, técnicas corporales suaves o sesiones de caminar y conversar.",
      "Estos enfoques se integran en sus sesiones junto con la terapia conversacional, y se ajustan a medida que usted descubre qué le ayuda más.",
    ],
    additionalInfo:
      "Las terapias alternativas funcionan mejor como parte de un plan de tratamiento más amplio que por sí solas, y las ofrecen profesionales de salud mental con licencia y con capacitación en cada enfoque. No se necesita ninguna habilidad artística ni deportiva. Las sesiones de caminar y conversar al aire libre dependen del clima y de su comodidad con la privacidad en un lugar público, y siempre lo hablaremos con usted primero.",
  },
  "mental-health-assessments": {
    cardDescription:
      "Evaluaciones detalladas que aclaran inquietudes como el TDAH, la ansiedad o la depresión y ofrecen recomendaciones claras.",
    title: "Evaluaciones de salud mental",
    description:
      "Una evaluación de salud mental le ayuda a entender lo que está pasando y lo que podría ayudarle. Mediante entrevistas y cuestionarios y pruebas bien establecidos, nuestro equipo clínico aclara diagnósticos y le da recomendaciones claras y prácticas.",
    benefits: [
      "Una comprensión más clara de sus síntomas y sus fortalezas",
      "Un diagnóstico preciso, cuando corresponde",
      "Recomendaciones específicas para el tratamiento, la escuela o el trabajo",
      "Un informe escrito que puede compartir con médicos, escuelas u otros profesionales que le atienden",
      "Una sesión de retroalimentación para hablar de los resultados y hacer preguntas",
    ],
    whoItHelps: [
      "Personas adultas y adolescentes que se preguntan si tienen TDAH",
      "Personas con ansiedad, depresión o cambios de ánimo persistentes que necesitan un panorama más claro",
      "Madres y padres que buscan respuestas sobre la atención, el aprendizaje o la conducta de su hijo o hija",
      "Cualquier persona a quien su médico, su escuela o su trabajo le haya pedido una evaluación",
    ],
    process: [
      "Empezamos con una entrevista inicial sobre sus inquietudes, sus antecedentes y lo que espera averiguar.",
      "Según lo que se busque aclarar, usted completa cuestionarios y pruebas estandarizadas en una o más citas.",
      "Usted se reúne con el profesional para repasar los resultados y las recomendaciones, y recibe un informe escrito.",
    ],
    additionalInfo:
      "Las pruebas psicológicas las realiza nuestro psicólogo con licencia, y las evaluaciones diagnósticas más breves, nuestro equipo clínico con licencia. El tiempo necesario depende de las preguntas que se quieran responder; le daremos un tiempo estimado antes de empezar. Algunos planes de seguro médico cubren las evaluaciones cuando son médicamente necesarias, y le ayudaremos a verificar su cobertura con anticipación. Por favor, traiga cualquier evaluación anterior, registros escolares o expedientes médicos que puedan ayudar.",
  },
  "ketamine-treatment": {
    cardDescription:
      "Atención asistida con ketamina, bajo supervisión médica, para la depresión difícil de tratar, en colaboración con un profesional médico.",
    title: "Tratamiento con ketamina",
    description:
      "Para algunas personas cuya depresión no ha mejorado con otros tratamientos, la ketamina puede ser una opción. Ofrecemos atención asistida con ketamina en colaboración con un profesional médico con licencia, combinando un tratamiento bajo supervisión médica con terapia que le ayuda a prepararse para cada sesión y a aprovecharla después.",
    benefits: [
      "Una opción posible cuando otros tratamientos no han ayudado lo suficiente",
      "Evaluación médica previa cuidadosa y monitoreo a cargo de un profesional médico con licencia",
      "Terapia antes y después del tratamiento para ayudarle a prepararse y a lograr cambios duraderos",
      "Atención coordinada entre su profesional médico y su terapeuta",
      "Una conversación honesta sobre los riesgos, los beneficios y las alternativas antes de que usted decida",
    ],
    whoItHelps: [
      "Personas adultas con depresión que no ha mejorado lo suficiente con medicamentos y terapia",
      "Personas adultas que ya están en tratamiento y quieren explorar otra opción con su equipo de atención",
      "Personas que han pasado por una evaluación médica previa y han sido autorizadas por el profesional médico con quien colaboramos",
      "Personas dispuestas a combinar el tratamiento con consejería continua",
    ],
    process: [
      "Empezamos con una consulta y una evaluación de salud mental para ver si la atención asistida con ketamina podría ser adecuada para usted.",
      "Si parece que podría serlo, el profesional médico con quien colaboramos hace una evaluación médica previa y, si usted reúne las condiciones para el tratamiento, administra y monitorea cada tratamiento.",
      "Las sesiones de terapia en torno a sus tratamientos le ayudan a prepararse, a dar sentido a lo que surja y a lograr cambios que duren.",
    ],
    additionalInfo:
      "La ketamina no es un tratamiento de primera línea y no es adecuada para todas las personas. Solo la proporciona el profesional médico con quien colaboramos, después de una evaluación médica y de salud mental completa, y cada tratamiento se realiza bajo supervisión médica. Algunos problemas de salud, el embarazo, antecedentes de psicosis o de uso indebido de sustancias, y la presión arterial alta no controlada pueden hacer que no sea seguro. Necesitará que otra persona le lleve en carro a su casa después de cada tratamiento. La cobertura del seguro médico varía y a menudo es limitada, por lo que revisaremos los costos con usted antes de empezar. El tratamiento con ketamina no es un servicio de emergencia: si está en crisis, llame al 988 y oprima 2 para hablar en español, envíe AYUDA por mensaje de texto al 988 o llame al 911.",
  },
  "court-ordered-evaluations": {
    cardDescription:
      "Evaluaciones objetivas y oportunas para tribunales, abogados y oficiales de libertad a prueba, con informes escritos claros.",
    title: "Evaluaciones ordenadas por un tribunal",
    description:
      "Cuando un tribunal, un abogado o un oficial de libertad a prueba requiere una evaluación, ofrecemos evaluaciones objetivas y completas, con un informe escrito claro y recomendaciones. Buscamos que un proceso estresante sea lo más sencillo y respetuoso posible.",
    benefits: [
      "Una evaluación objetiva e imparcial a cargo de un profesional de salud mental con licencia",
      "Un informe escrito claro con los hallazgos y las recomendaciones",
      "Citas disponibles pronto para ayudarle a cumplir los plazos del tribunal",
      "Un trato respetuoso y sin juicios, de principio a fin",
      "Tratamiento disponible aquí mismo si las recomendaciones que usted reciba incluyen consejería",
    ],
    whoItHelps: [
      "Personas adultas a quienes un tribunal ha ordenado completar una evaluación de salud mental",
      "Personas referidas para una evaluación de violencia doméstica",
      "Personas referidas por su oficial de libertad a prueba o de libertad condicional, o por un abogado",
      "Cualquier persona que necesite una evaluación para cumplir un requisito legal",
    ],
    process: [
      "Comuníquese con nosotros con su orden judicial o su referencia y su fecha límite, y programaremos su evaluación lo antes posible.",
      "En su cita, un profesional de salud mental con licencia le hace una entrevista estructurada, le aplica cuestionarios estandarizados y revisa los documentos que usted proporcione.",
      "Preparamos un informe escrito con nuestros hallazgos y recomendaciones, y se lo enviamos a usted y a las personas que usted autorice.",
    ],
    additionalInfo:
      "Por favor, traiga una identificación con foto, una copia de su orden judicial o de su referencia, cualquier documento relacionado, como informes policiales o evaluaciones anteriores, y los datos de contacto de quien deba recibir el informe. Nuestras evaluaciones son objetivas: informamos lo que encontramos, sea cual sea el resultado. Los informes suelen estar listos entre cinco y diez días hábiles después de su última cita; si su fecha límite es antes, díganoslo al programar la cita. Como estas evaluaciones tienen un propósito legal y no de tratamiento, no se pueden facturar al seguro médico. Le diremos la tarifa al programar la cita, y el pago se debe hacer en el momento del servicio.",
  },
  "domestic-violence-treatment": {
    cardDescription:
      "Apoyo centrado en la seguridad para sobrevivientes, y tratamiento certificado por el estado para personas que han ejercido violencia.",
    title: "Tratamiento de violencia doméstica",
    description:
      "La violencia doméstica afecta todos los aspectos de la vida. Ofrecemos consejería centrada en la seguridad para sobrevivientes, y tratamiento estructurado y basado en la responsabilidad para personas que quieren dejar de tener conductas abusivas o violentas, incluidos programas ordenados por un tribunal.",
    benefits: [
      "Planificación de seguridad y apoyo que ponen su bienestar en primer lugar",
      "Consejería informada sobre el trauma para ayudar a sobrevivientes a sanar y rehacer su vida",
      "Tratamiento estructurado que fomenta la responsabilidad y las habilidades para actuar sin violencia",
      "Programas ordenados por un tribunal diseñados para cumplir los requisitos de tratamiento de Utah",
      "Coordinación con intercesores, la oficina de libertad a prueba y otros apoyos, con su consentimiento por escrito",
    ],
    whoItHelps: [
      "Sobrevivientes de abuso físico, emocional, sexual o económico",
      "Personas adultas a quienes un tribunal ha ordenado completar un tratamiento de violencia doméstica",
      "Personas que quieren dejar de tener conductas controladoras, abusivas o violentas",
      "Niños, niñas y otros integrantes de la familia afectados por la violencia en el hogar",
    ],
    process: [
      "Empezamos con una entrevista inicial y una evaluación confidenciales, que incluyen una conversación sobre la seguridad.",
      "En conjunto, elaboramos un plan: consejería y planificación de seguridad para sobrevivientes, o un programa estructurado de sesiones grupales e individuales para personas que han causado daño.",
      "Nos reunimos con regularidad y revisamos el progreso, y para las personas con tratamiento ordenado por un tribunal, proporcionamos los informes de asistencia y de finalización requeridos.",
    ],
    additionalInfo:
      "La seguridad es lo primero. Las personas sobrevivientes y las personas que les hicieron daño nunca se atienden juntas en la misma sesión ni en el mismo grupo, y no ofrecemos consejería de pareja mientras la violencia continúe. Nuestro tratamiento para personas que han ejercido violencia está certificado por el estado, y los informes se envían al tribunal o a la oficina de libertad a prueba solo con su consentimiento por escrito. Si está en peligro en este momento, llame al 911. Para recibir apoyo confidencial a cualquier hora, llame a la National Domestic Violence Hotline al 1-800-799-7233 o envíe START por mensaje de texto al 88788 (es posible que esta línea atienda solo en inglés).",
  },
  "esa-letters": {
    cardDescription:
      "Cartas para animal de apoyo emocional, escritas solo después de una evaluación clínica con un profesional de salud mental con licencia.",
    title: "Cartas para animal de apoyo emocional (ESA)",
    description:
      "Si un animal le ayuda a sobrellevar una afección de salud mental, es posible que necesite documentación para tenerlo con usted en su hogar. Un profesional de salud mental con licencia evalúa sus necesidades y, cuando un animal de apoyo emocional es clínicamente apropiado, escribe una carta que usted puede entregar a su proveedor de vivienda.",
    benefits: [
      "Una evaluación honesta a cargo de un profesional de salud mental con licencia en Utah",
      "Una carta firmada cuando un animal de apoyo emocional es clínicamente apropiado",
      "Orientación sobre cómo pedirle a su arrendador una adaptación razonable",
      "La opción de recibir consejería continua si desea más apoyo",
    ],
    whoItHelps: [
      "Personas adultas con una afección de salud mental cuyos síntomas alivia un animal",
      "Clientes actuales con quienes su terapeuta ha hablado de un animal de apoyo emocional",
      "Personas que rentan su vivienda y necesitan documentación para una solicitud de adaptación de vivienda",
      "Estudiantes que viven en residencias universitarias y a quienes se les ha pedido documentación",
    ],
    process: [
      "Programe una evaluación con un profesional de salud mental con licencia de nuestro equipo, en persona o por telesalud.",
      "El profesional habla con usted sobre su salud mental y sobre cómo le ayuda su animal, y decide si una carta es clínicamente apropiada.",
      "Si lo es, usted recibe una carta firmada, normalmente en unos pocos días hábiles; si no, hablamos sobre otros apoyos que podrían ayudarle.",
    ],
    additionalInfo:
      "No vendemos cartas instantáneas ni cartas que se obtienen solo por internet. Una carta se escribe solo después de una evaluación clínica auténtica, y solo cuando es clínicamente apropiada, por lo que no se puede garantizar que se emita. Según la Ley federal de Vivienda Justa (Fair Housing Act), la mayoría de los proveedores de vivienda deben hacer adaptaciones razonables para los animales de apoyo emocional, incluso donde no se permiten mascotas. Una carta para animal de apoyo emocional (ESA) no otorga los derechos de acceso a lugares públicos que tienen los perros de servicio según la Ley de Estadounidenses con Discapacidades (ADA), y las aerolíneas ya no están obligadas a aceptar animales de apoyo emocional. Por lo general, el seguro médico no cubre la evaluación.",
  },
};
