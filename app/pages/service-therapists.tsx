import { createContext, useContext } from "react";
import type { StaffMember } from "./about.ts";
import { NewClientsBadge } from "./new-clients-badge.tsx";
import { StaffPhoto } from "./staff-photo.tsx";
import { useLocalPath } from "#app/i18n/site-words.ts";
import { Credentials, InEnglish, useShownLanguage } from "#app/i18n/shown-language.tsx";

/** What a service page shows of a therapist who offers it, linked to their page. */
export type TherapistCard = Pick<StaffMember, "id" | "name" | "credentials" | "title" | "image" | "imageAlt" | "newClients"> & {
  path: string;
  /** Whether the card's texts are still English on a page in another language (not translated yet). */
  inEnglish: boolean;
};

export function therapistCardOf({ member, path }: { member: StaffMember; path: string }, inEnglish = false): TherapistCard {
  const { id, name, credentials, title, image, imageAlt, newClients } = member;
  return { id, name, credentials, title, image, imageAlt, newClients, path, inEnglish };
}

/**
 * The therapists who offer the service a page is about, accepting ones first: given by the public
 * route of a service page; none in the editor's preview, which then leaves the part out.
 */
const ServiceTherapistsContext = createContext<ReadonlyArray<TherapistCard>>([]);

export const ServiceTherapistsProvider = ServiceTherapistsContext.Provider;

export function useServiceTherapists(): ReadonlyArray<TherapistCard> {
  return useContext(ServiceTherapistsContext);
}

/** Small cards of therapists: photo, name (a link to their page), credentials, role and whether they take new clients. */
export function TherapistCards({ therapists }: { therapists: ReadonlyArray<TherapistCard> }) {
  const localPath = useLocalPath();
  const shown = useShownLanguage();
  return (
    <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {therapists.map((therapist) => (
        <li
          key={therapist.id}
          lang={therapist.inEnglish && shown !== "en" ? "en" : undefined}
          className="flex items-center gap-4 rounded-2xl border border-line bg-white p-4"
        >
          <InEnglish when={therapist.inEnglish}>
            <StaffPhoto member={therapist} sizes="4rem" sizeClass="size-16" initialsClass="text-xl" />
            <div className="min-w-0">
              <p className="font-serif text-lg font-bold">
                <a
                  href={localPath(therapist.path)}
                  className="text-brand-dark underline decoration-brand/30 underline-offset-4 hover:decoration-brand"
                >
                  {therapist.name}
                </a>
              </p>
              <Credentials text={therapist.credentials} className="text-sm font-semibold text-clay-dark" />
              <p className="text-sm text-muted">{therapist.title}</p>
              <NewClientsBadge member={therapist} small />
            </div>
          </InEnglish>
        </li>
      ))}
    </ul>
  );
}
