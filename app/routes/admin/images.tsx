import { AdminError } from "#app/components/admin/admin-error.tsx";
import { TabHeader } from "#app/components/admin/tab-header.tsx";
import { listBundledImageFiles, type BundledImageFile } from "#app/server/bundled-image-files.server.ts";
import { requireAdmin } from "#app/server/session.server.ts";
import type { Route } from "./+types/images";

const categoryTitles: Record<BundledImageFile["category"], string> = {
  service: "Service heroes",
  staff: "Staff portraits",
  general: "General",
};

export const meta: Route.MetaFunction = () => [{ title: "Images | Admin Dashboard" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return { images: await listBundledImageFiles() };
}

// Fetched on its own, so a failure stays inside this tab (see AdminError).
export const clientLoader = ({ serverLoader }: Route.ClientLoaderArgs) => serverLoader();

export default function AdminImages({ loaderData }: Route.ComponentProps) {
  const categories = Object.keys(categoryTitles) as Array<BundledImageFile["category"]>;
  return (
    <section aria-labelledby="tab-title">
      <TabHeader
        title="Images"
        source={`Category: local-images, the ${loaderData.images.length} images bundled with the site. They are part of the project files and cannot be deleted here.`}
      />
      {categories.map((category) => {
        const images = loaderData.images.filter((image) => image.category === category);
        return (
          <section key={category} aria-labelledby={`images-${category}`} className="mt-8 first:mt-0">
            <h3 id={`images-${category}`} className="text-xl font-bold text-brand-dark">
              {categoryTitles[category]} ({images.length})
            </h3>
            <ul className="mt-4 grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-5">
              {images.map((image) => (
                <li key={image.key} className="overflow-hidden rounded-xl border border-line bg-white">
                  <img
                    src={image.thumbnailUrl}
                    alt={image.alt}
                    width={240}
                    height={category === "staff" ? 240 : 135}
                    loading="lazy"
                    className={`w-full bg-brand-soft object-cover ${category === "staff" ? "aspect-square" : "aspect-video"}`}
                  />
                  <div className="p-3 text-sm">
                    <p className="font-medium break-words text-ink">{image.name}</p>
                    <p className="text-muted">{image.sizeKb === null ? "File missing" : `${image.sizeKb} KB`}</p>
                  </div>
                </li>
              ))}
            </ul>
          </section>
        );
      })}
    </section>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminError error={error} message="Failed to load images." />;
}
