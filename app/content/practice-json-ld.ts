import type { Practice } from "./practice.ts";

/** schema.org description of the practice for search engines (address, phone, hours). */
export function practiceJsonLd(origin: string, practice: Practice): string {
  const data = {
    "@context": "https://schema.org",
    "@type": "MedicalBusiness",
    name: practice.name,
    slogan: practice.motto,
    url: `${origin}/`,
    logo: `${origin}/favicon.svg`,
    image: `${origin}/images/og-image.jpg`,
    telephone: practice.phone.href.replace("tel:", ""),
    email: practice.email,
    address: {
      "@type": "PostalAddress",
      streetAddress: practice.address.streetAddress,
      addressLocality: practice.address.addressLocality,
      addressRegion: practice.address.addressRegion,
      postalCode: practice.address.postalCode,
      addressCountry: practice.address.addressCountry,
    },
    geo: { "@type": "GeoCoordinates", latitude: practice.geo.latitude, longitude: practice.geo.longitude },
    openingHoursSpecification: practice.officeHours.map((hours) => ({
      "@type": "OpeningHoursSpecification",
      dayOfWeek: hours.days,
      opens: hours.opens,
      closes: hours.closes,
    })),
    medicalSpecialty: "Psychiatric",
    areaServed: { "@type": "State", name: "Utah" },
  };
  // "<" is escaped so no text can ever close the script element early.
  return JSON.stringify(data).replace(/</g, "\\u003c");
}
