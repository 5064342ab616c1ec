import { Initials } from "#app/components/ui/initials.tsx";
import { ResponsiveImage } from "#app/components/ui/responsive-image.tsx";
import { type StaffMember, staffPhotoAlt } from "./about.ts";
import { useShownLanguage } from "#app/i18n/shown-language.tsx";

/**
 * A team member's round photo, or their initials when they have none: on their card on the About
 * page and at the top of their own page. `sizeClass` sets its size (Tailwind's size-*).
 */
export function StaffPhoto({
  member,
  sizes,
  sizeClass,
  initialsClass,
  priority,
  className = "",
}: {
  member: Pick<StaffMember, "name" | "image" | "imageAlt">;
  sizes: string;
  sizeClass: string;
  /** The initials' text size. */
  initialsClass: string;
  priority?: boolean;
  className?: string;
}) {
  const shown = useShownLanguage();
  if (!member.image) return <Initials name={member.name} className={`${sizeClass} ${initialsClass}`} />;
  return (
    <ResponsiveImage
      image={member.image}
      alt={staffPhotoAlt(member, shown)}
      width={480}
      height={480}
      sizes={sizes}
      priority={priority}
      className={`${sizeClass} shrink-0 rounded-full object-cover${className ? ` ${className}` : ""}`}
    />
  );
}
