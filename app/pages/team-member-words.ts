import type { Language } from "#app/i18n/languages.ts";
import type { ageGroups, sessionFormats } from "./about.ts";

/**
 * The words a team member's page writes around their texts, and the ages and sessions staff
 * choose from (stored in English), one set per language (decision 047). The Spanish has not yet
 * been reviewed by a Spanish-speaking clinician (README).
 */
export type TeamMemberWords = {
  ourTeam: string;
  seesByTelehealth: string;
  seesInOffice: (city: string) => string;
  about: (first: string) => string;
  workingWith: (first: string) => string;
  services: string;
  specialties: string;
  ages: string;
  sessions: string;
  languages: string;
  license: string;
  number: (licenseNumber: string) => string;
  checkLicenseWith: string;
  caseloadFull: (first: string) => string;
  noOneAccepting: (phone: string) => string;
  othersFor: (services: string) => string;
  others: string;
  requestWith: (first: string) => string;
  requestText: (phone: string) => string;
  contactUs: string;
  requestAppointment: string;
  meetTheTeam: string;
  /** "A", "A and B", "A, B and C". */
  and: string;
  summary: (name: string, title: string, practice: string) => string;
  ageGroups: Readonly<Record<(typeof ageGroups)[number], string>>;
  sessionFormats: Readonly<Record<(typeof sessionFormats)[number], string>>;
};

const english: TeamMemberWords = {
  ourTeam: "Our team",
  seesByTelehealth: "Sees clients by secure telehealth anywhere in Utah.",
  seesInOffice: (city) => `Sees clients in our ${city} office.`,
  about: (first) => `About ${first}`,
  workingWith: (first) => `Working with ${first}`,
  services: "Services",
  specialties: "Specialties",
  ages: "Ages",
  sessions: "Sessions",
  languages: "Languages",
  license: "License",
  number: (licenseNumber) => `, number ${licenseNumber}`,
  checkLicenseWith: "Check a license with the",
  caseloadFull: (first) => `${first}'s caseload is full`,
  noOneAccepting: (phone) =>
    `No therapist is taking new clients just now. Send us a message or call ${phone}, and we will tell you when a place opens.`,
  othersFor: (services) => `Our other therapists for ${services} who are accepting new clients:`,
  others: "Our other therapists who are accepting new clients:",
  requestWith: (first) => `Request an appointment with ${first}`,
  requestText: (phone) => `Send us a message or call ${phone}, and we will find a time that works for you.`,
  contactUs: "Contact us",
  requestAppointment: "Request an appointment",
  meetTheTeam: "Meet the whole team",
  and: "and",
  summary: (name, title, practice) => `${name}, ${title} at ${practice}.`,
  ageGroups: {
    "Children (under 13)": "Children (under 13)",
    "Teens (13 to 17)": "Teens (13 to 17)",
    Adults: "Adults",
    "Older adults (65 and over)": "Older adults (65 and over)",
  },
  sessionFormats: { "In person": "In person", Telehealth: "Telehealth" },
};

const spanish: TeamMemberWords = {
  ourTeam: "Nuestro equipo",
  seesByTelehealth: "Atiende por telesalud segura en cualquier lugar de Utah.",
  seesInOffice: (city) => `Atiende en nuestra oficina de ${city}.`,
  about: (first) => `Conozca a ${first}`,
  workingWith: (first) => `Trabajar con ${first}`,
  services: "Servicios",
  specialties: "Especialidades",
  ages: "Edades",
  sessions: "Sesiones",
  languages: "Idiomas",
  license: "Licencia",
  number: (licenseNumber) => `, número ${licenseNumber}`,
  checkLicenseWith: "Verifique una licencia en",
  caseloadFull: (first) => `${first} no tiene cupo para clientes nuevos`,
  noOneAccepting: (phone) =>
    `En este momento nadie de nuestro equipo recibe clientes nuevos. Escríbanos o llame al ${phone} y le avisaremos cuando haya un espacio.`,
  othersFor: (services) => `Otras personas de nuestro equipo que atienden ${services} y reciben clientes nuevos:`,
  others: "Otras personas de nuestro equipo que reciben clientes nuevos:",
  requestWith: (first) => `Pida una cita con ${first}`,
  requestText: (phone) => `Escríbanos o llame al ${phone} y encontraremos un horario que le convenga.`,
  contactUs: "Contáctenos",
  requestAppointment: "Pedir una cita",
  meetTheTeam: "Conozca a todo el equipo",
  and: "y",
  summary: (name, title, practice) => `${name}, ${title} en ${practice}.`,
  ageGroups: {
    "Children (under 13)": "Niñas y niños (menores de 13)",
    "Teens (13 to 17)": "Adolescentes (de 13 a 17)",
    Adults: "Personas adultas",
    "Older adults (65 and over)": "Personas mayores (65 o más)",
  },
  sessionFormats: { "In person": "En persona", Telehealth: "Telesalud" },
};

export const teamMemberWords: Readonly<Record<Language, TeamMemberWords>> = { en: english, es: spanish };
