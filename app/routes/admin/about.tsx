import { AdminError } from "#app/components/admin/admin-error.tsx";
import { ContentFields, contentSourceNotes, contentSourceOf, textFieldsOf } from "#app/components/admin/content-fields.tsx";
import { TabHeader } from "#app/components/admin/tab-header.tsx";
import { staffTeams } from "#app/content/about.ts";
import { resolveImage } from "#app/content/image-ref.ts";
import { pageDefinition } from "#app/content/page-kinds.ts";
import { readPage } from "#app/server/content.server.ts";
import { getDb } from "#app/server/db/db.server.ts";
import { requireAdmin } from "#app/server/session.server.ts";
import type { Route } from "./+types/about";

export const meta: Route.MetaFunction = () => [{ title: "About | Admin Dashboard" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const page = await readPage(await getDb(), "about");
  const { staff } = page.content;
  // Shaped here so the browser never downloads the built-in About content.
  const teams = staffTeams.map((team) => ({
    team,
    members: staff
      .filter((member) => member.team === team)
      .map(({ image, ...member }) => ({ ...member, thumbnailUrl: image ? (resolveImage(image, 240)?.src ?? null) : null })),
  }));
  return {
    fields: textFieldsOf(pageDefinition("about").fields, page.content),
    teams,
    staffCount: staff.length,
    source: contentSourceOf(page),
  };
}

// Fetched on its own, so a failure stays inside this tab (see AdminError).
export const clientLoader = ({ serverLoader }: Route.ClientLoaderArgs) => serverLoader();

type StaffCardMember = Route.ComponentProps["loaderData"]["teams"][number]["members"][number];

function StaffCard({ member }: { member: StaffCardMember }) {
  return (
    <li className="flex gap-4 rounded-2xl border border-line bg-white p-4">
      {member.thumbnailUrl ? (
        <img
          src={member.thumbnailUrl}
          alt=""
          width={64}
          height={64}
          loading="lazy"
          className="size-16 shrink-0 rounded-full object-cover"
        />
      ) : (
        <span aria-hidden="true" className="size-16 shrink-0 rounded-full bg-brand-soft" />
      )}
      <div className="min-w-0">
        <h5 className="font-sans font-semibold text-ink">{member.name}</h5>
        <p className="text-sm text-muted">{[member.credentials, member.title].filter(Boolean).join(", ")}</p>
        <p className="mt-2 line-clamp-3 text-sm text-ink">{member.bio}</p>
      </div>
    </li>
  );
}

export default function AdminAbout({ loaderData }: Route.ComponentProps) {
  const { fields, teams, staffCount, source } = loaderData;
  return (
    <section aria-labelledby="tab-title">
      <TabHeader title="About" source={contentSourceNotes[source]} />
      <ContentFields fields={fields} />
      <section aria-labelledby="staff-title" className="mt-10">
        <h3 id="staff-title" className="text-xl font-bold text-brand-dark">
          Staff ({staffCount})
        </h3>
        {staffCount === 0 ? (
          <p className="mt-4 text-muted">No staff members added yet.</p>
        ) : (
          teams.map(({ team, members }) => {
            if (members.length === 0) return null;
            return (
              <div key={team} className="mt-6">
                <h4 className="font-sans text-sm font-semibold tracking-wide text-muted uppercase">{team}</h4>
                <ul className="mt-3 grid gap-4 md:grid-cols-2">
                  {members.map((member) => (
                    <StaffCard key={member.id} member={member} />
                  ))}
                </ul>
              </div>
            );
          })
        )}
      </section>
    </section>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminError error={error} message="Failed to load about content." />;
}
