import { data, redirect } from "react-router";
import { Paragraphs } from "#app/components/site/paragraphs.tsx";
import { usePractice } from "#app/components/site/practice-context.tsx";
import { loadPage } from "#app/content/page-store.server.ts";
import { pageMeta, practiceOf } from "#app/content/seo.ts";
import { StaffPhoto } from "#app/pages/staff-photo.tsx";
import { teamPageAt } from "#app/pages/team-addresses.server.ts";
import { firstNameOf } from "#app/pages/team-pages.ts";
import { getDb } from "#app/server/db/db.server.ts";
import { log } from "#app/server/log.server.ts";
import type { Route } from "./+types/team-member";

/**
 * A team member's page (issue 42), from the About page's team: photo, name, credentials, role,
 * where they see clients and their whole biography, with a Person block for search engines. An
 * address the member had before answers a permanent redirect to their page now; one of a member
 * who left, to the About page.
 */

export async function loader({ request }: Route.LoaderArgs) {
  const db = await getDb();
  const path = new URL(request.url).pathname;
  const { staff } = await loadPage(db, "about");
  const found = await teamPageAt(db, staff, path);
  if (found && "redirectTo" in found) throw redirect(found.redirectTo, 301);
  if (!found) {
    log.warn("404 Not found", { path });
    throw data(null, { status: 404 });
  }
  return { member: found.page.member, path: found.page.path };
}

/** The first sentence of a biography, for search results (at most about 160 characters). */
function summaryOf(bio: string, fallback: string): string {
  const first = bio.trim().split(/(?<=[.!?])\s/)[0] ?? "";
  if (!first) return fallback;
  return first.length <= 160 ? first : `${first.slice(0, 157).replace(/\s+\S*$/, "")}...`;
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  if (!loaderData) return [{ title: "Page not found" }];
  const { member, path } = loaderData;
  const practice = practiceOf(matches);
  const title = member.credentials ? `${member.name}, ${member.credentials}` : member.name;
  return pageMeta({ title, description: summaryOf(member.bio, `${member.name}, ${member.title} at ${practice.name}.`), matches, path });
};

export default function TeamMemberPage({ loaderData }: Route.ComponentProps) {
  const { member } = loaderData;
  const practice = usePractice();
  const person = {
    "@context": "https://schema.org",
    "@type": "Person",
    name: member.name,
    jobTitle: member.title,
    ...(member.credentials ? { honorificSuffix: member.credentials } : {}),
    ...(member.bio ? { description: member.bio } : {}),
    worksFor: { "@type": "MedicalBusiness", name: practice.name },
  };
  const where =
    member.team === "Telehealth"
      ? "Sees clients by secure telehealth anywhere in Utah."
      : `Sees clients in our ${practice.address.addressLocality} office.`;
  return (
    <>
      <section aria-labelledby="member-name" className="bg-brand-soft">
        <div className="container-page flex flex-col gap-8 py-14 sm:flex-row sm:items-center sm:py-20">
          <StaffPhoto member={member} sizes="12rem" sizeClass="size-48" initialsClass="text-6xl" priority className="shadow-md" />
          <div>
            <p className="eyebrow">Our team</p>
            <h1 id="member-name" className="mt-2 text-4xl font-bold text-brand-dark sm:text-5xl">
              {member.name}
            </h1>
            {member.credentials ? <p className="mt-3 text-lg font-semibold text-clay-dark">{member.credentials}</p> : null}
            <p className="mt-1 text-lg text-ink">{member.title}</p>
            <p className="mt-3 text-ink">{where}</p>
          </div>
        </div>
      </section>

      {member.bio ? (
        <section aria-labelledby="about-member" className="bg-white">
          <div className="container-page py-14 sm:py-16">
            <h2 id="about-member" className="text-3xl font-bold text-brand-dark">
              About {firstNameOf(member)}
            </h2>
            <Paragraphs text={member.bio} className="mt-6 max-w-3xl space-y-4 text-lg leading-relaxed" />
          </div>
        </section>
      ) : null}

      <section aria-labelledby="member-cta" className="bg-brand-dark text-white">
        <div className="container-page py-14 text-center">
          <h2 id="member-cta" className="text-3xl font-bold">
            Request an appointment with {firstNameOf(member)}
          </h2>
          <p className="mx-auto mt-4 max-w-2xl text-lg text-white/90">
            Send us a message or call {practice.phone.display}, and we will find a time that works for you.
          </p>
          <div className="mt-8 flex flex-wrap items-center justify-center gap-4">
            <a href="/contact" className="btn-primary">
              Request an appointment
            </a>
            <a href="/about" className="btn-outline">
              Meet the whole team
            </a>
          </div>
        </div>
      </section>
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: JSON-LD of the member's own texts, "<" escaped */}
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: JSON.stringify(person).replace(/</g, "\\u003c") }} />
    </>
  );
}
