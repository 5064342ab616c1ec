import { ContentFields } from "#app/components/admin/content-fields.tsx";
import { AdminError } from "#app/components/admin/admin-error.tsx";
import { TabHeader } from "#app/components/admin/tab-header.tsx";
import type { HomepageContent } from "#app/content/homepage.ts";
import { readHomepageContent } from "#app/server/content.server.ts";
import { requireAdmin } from "#app/server/session.server.ts";
import type { Route } from "./+types/homepage";

const fieldLabels: Record<keyof HomepageContent, string> = {
  heroDescription: "Hero description",
  heroTitle: "Hero title",
  heroSubtitle: "Hero subtitle",
  aboutTitle: "About title",
  aboutDescription: "About description",
  aboutSecondParagraph: "About second paragraph",
  servicesTitle: "Services title",
  servicesDescription: "Services description",
  therapyApproachTitle: "Therapy approach title",
  therapyApproachDescription: "Therapy approach description",
  ctaTitle: "Call to action title",
  ctaDescription: "Call to action description",
  ctaFooterText: "Call to action footer text",
  ctaTagline: "Call to action tagline",
};

export const meta: Route.MetaFunction = () => [{ title: "Homepage | Admin Dashboard" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return readHomepageContent();
}

// Fetched on its own, so a failed request lands in this tab's ErrorBoundary (its message and
// toast) rather than replacing the whole dashboard.
export const clientLoader = ({ serverLoader }: Route.ClientLoaderArgs) => serverLoader();

export default function AdminHomepage({ loaderData }: Route.ComponentProps) {
  const { content, saved } = loaderData;
  const fields = (Object.keys(fieldLabels) as Array<keyof HomepageContent>).map((key) => ({
    label: fieldLabels[key],
    value: content[key],
  }));
  return (
    <section aria-labelledby="tab-title">
      <TabHeader
        title="Homepage"
        source={saved ? "Saved content, over the built-in text for any field left empty." : "Built-in text: nothing has been saved yet."}
      />
      <ContentFields fields={fields} />
    </section>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminError error={error} message="Failed to load homepage content." />;
}
