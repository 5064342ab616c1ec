import { useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { ImageOff } from "lucide-react";
import type { FormEvent } from "react";
import { redirect, useFetcher, useRevalidator } from "react-router";
import { z } from "zod";
import { toast } from "sonner";
import { adminClientAction, useAdminAction } from "#app/admin-action/admin-action.ts";
import { AdminError } from "#app/components/admin/admin-error.tsx";
import { TabSelect } from "#app/components/admin/tab-select.tsx";
import { fileInputClass, UploadStatus, uploadHint, useImageUpload } from "#app/media/use-image-upload.tsx";
import { useImageFailed } from "#app/components/ui/use-image-failed.ts";
import { showToast } from "#app/components/ui/toaster.tsx";
import { Field } from "#app/components/ui/field.tsx";
import { resolveImage } from "#app/media/image-ref.ts";
import {
  type ImageCategory,
  imageCategories,
  isImageCategory,
  isUploadBucket,
  localBucket,
  maxMediaTitleLength,
  sizeInKb,
  uploadBodyLimit,
} from "#app/media/media.ts";
import { mediaTitleSchema } from "#app/media/media-texts.ts";
import { mediaFailure, mediaToasts, usesText } from "#app/media/media-texts.ts";
import { succeeded, revalidateUnlessUnanswered } from "#app/admin-action/admin-answer.ts";
import { formatOfficeTime } from "#app/content/office-time.ts";
import { listBundledImageFiles } from "#app/media/bundled-image-files.server.ts";
import { getDb } from "#app/server/db/db.server.ts";
import { type AdminActionRules, adminAction, sendAnswer } from "#app/admin-action/admin-action.server.ts";
import { mediaUses } from "#app/content/page-store.server.ts";
import { CancelDisclosure } from "#app/components/admin/cancel-disclosure.tsx";
import { listImages, renameImage, servedSizes } from "#app/media/media.server.ts";
import { categoryOf, handleDelete, handleUpload } from "#app/media/media-requests.server.ts";
import { adminContext } from "#app/staff/session.server.ts";
import { flashToastCookie } from "#app/admin-action/toast.server.ts";
import type { BodyLimitHandle } from "#app/lib/body-limit.ts";
import type { Route } from "./+types/images";

// In office words, each with the spec's category name it stands for.
const categoryLabels: Record<ImageCategory, string> = {
  "hero-images": "Staff and banner photos (hero-images)",
  "service-images": "Service page photos (service-images)",
  "general-images": "Other photos (general-images)",
  "local-images": "Built in, read-only (local-images)",
};

function chosenCategory(request: Request): ImageCategory {
  const category = categoryOf(request);
  return isImageCategory(category) ? category : "hero-images";
}

function tabHref(category: ImageCategory): string {
  return `/admin/images?category=${category}`;
}

// The delete form posts the image's id and the pages it was said to be used on (an upload posts
// multipart, read by handleUpload).
// A card's forms: Delete (the default, as the spec's delete posts only the id) and Rename.
const imageActionSchema = z.object({
  id: z.string().max(100),
  intent: z.enum(["delete", "rename"]).default("delete"),
  seenUses: z.string().optional(),
  title: mediaTitleSchema.optional(),
});

// The plain form's upload (without JavaScript) is read by handleUpload as it arrives.
export const handle: BodyLimitHandle = { bodyLimit: uploadBodyLimit };

export const meta: Route.MetaFunction = () => [{ title: "Images | Admin Dashboard" }];

// A form the server never answered keeps its page (see revalidateUnlessUnanswered).
export const shouldRevalidate = revalidateUnlessUnanswered;

export async function loader({ request }: Route.LoaderArgs) {
  const category = chosenCategory(request);
  if (!isUploadBucket(category)) {
    const files = await listBundledImageFiles();
    return {
      category,
      images: files.map((file) => ({
        id: file.key,
        name: file.name,
        url: file.url,
        previewUrl: file.thumbnailUrl,
        sizeKb: file.sizeKb,
        lastModified: file.lastModified ? formatOfficeTime(file.lastModified) : null,
        usedOn: [] as Array<string>,
        title: null as string | null,
        servedKb: null as { smallest: number; largest: number } | null,
        isLocal: true,
      })),
    };
  }
  const db = await getDb();
  const items = await listImages(db, category);
  const [uses, served] = await Promise.all([mediaUses(db), servedSizes(db, items)]);
  const servedKb = (id: string) => {
    const sizes = served.get(id);
    return sizes ? { smallest: sizeInKb(sizes.smallest) ?? 0, largest: sizeInKb(sizes.largest) ?? 0 } : null;
  };
  return {
    category,
    images: items.map((item) => ({
      usedOn: uses.get(item.id) ?? [],
      title: item.title || null,
      servedKb: servedKb(item.id),
      id: item.id,
      name: item.name,
      url: item.url,
      previewUrl: resolveImage({ source: "media", id: item.id }, 320)?.src ?? item.url,
      sizeKb: sizeInKb(item.size) as number | null,
      lastModified: formatOfficeTime(item.lastModified) as string | null,
      isLocal: false,
    })),
  };
}

// Fetched on its own, so a failure stays inside this tab (see AdminError).
export const clientLoader = ({ serverLoader }: Route.ClientLoaderArgs) => serverLoader();

const deleteRules = { failed: mediaFailure("deleteFailed"), invalid: mediaFailure("deleteFailed") } satisfies AdminActionRules;

/**
 * Forms without JavaScript: an upload (multipart) or a delete. Success goes back to the
 * category with its toast; a failure renders the tab with the reason. (With JavaScript the
 * upload goes to /admin/images/upload, which answers the same in JSON.)
 */
export async function action({ request, context }: Route.ActionArgs) {
  const admin = context.get(adminContext);
  const db = await getDb();
  const category = chosenCategory(request);
  const isUpload = request.headers.get("Content-Type")?.startsWith("multipart/form-data") ?? false;
  if (isUpload) {
    const answer = await handleUpload(db, request, admin);
    if (!succeeded(answer)) return sendAnswer(answer);
    const flash = answer.toast === mediaToasts.replaced ? "image-replaced" : "image-uploaded";
    return redirect(tabHref(category), { headers: { "Set-Cookie": await flashToastCookie(request, flash) } });
  }
  return adminAction(request, imageActionSchema, deleteRules, async ({ id, intent, seenUses, title }, reply) => {
    if (intent === "rename") {
      if (title === undefined) return reply(400, { fieldErrors: { title: ["Give the image a name."] } });
      if ((await renameImage(db, { id, title, admin })) === "not-found") return reply(404, { message: "The image was deleted meanwhile." });
      return redirect(tabHref(category), { headers: { "Set-Cookie": await flashToastCookie(request, "image-renamed") } });
    }
    const answer = await handleDelete(db, { category: categoryOf(request), id, seenUses }, admin);
    if (!succeeded(answer)) return answer;
    return redirect(tabHref(category), { headers: { "Set-Cookie": await flashToastCookie(request, "image-deleted") } });
  });
}

export const clientAction = (args: Route.ClientActionArgs) => adminClientAction(args, deleteRules);

type Image = Route.ComponentProps["loaderData"]["images"][number];

/**
 * An upload form of the tab (a new image, or a replacement): a plain multipart post without
 * JavaScript; with it, sent with progress, and the tab reloaded once it is stored.
 */
function useUploadForm(category: ImageCategory) {
  const revalidator = useRevalidator();
  const { progress, reason, clear, upload } = useImageUpload();
  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    clear();
    if (category === localBucket) return showToast({ id: `cannot-upload-${Date.now()}`, ...mediaToasts.cannotUpload });
    if (succeeded(await upload(category, new FormData(form)))) {
      form.reset();
      await revalidator.revalidate();
    }
  }
  const formProps = {
    method: "post",
    encType: "multipart/form-data",
    action: tabHref(category),
    onSubmit: (event: FormEvent<HTMLFormElement>) => void submit(event),
  } as const;
  return { progress, reason, formProps };
}

function UploadForm({ category }: { category: ImageCategory }) {
  const { progress, reason, formProps } = useUploadForm(category);
  return (
    <form {...formProps} className="mb-8 rounded-2xl border border-line bg-white p-5">
      <label htmlFor="image-file" className="block text-sm font-semibold text-ink">
        Upload an image to {categoryLabels[category]}
      </label>
      <p id="image-file-hint" className="mt-1 text-sm text-muted">
        {uploadHint}
      </p>
      {category === localBucket ? (
        // The spec's refusal names a hosting product ("a Supabase storage bucket"): said plainly here.
        <p id="local-images-note" className="mt-2 rounded-lg bg-sand p-3 text-sm text-ink">
          Local images are the pictures that came with the website: they cannot be uploaded to or deleted here. To add a picture, choose
          Hero images, Service images or General images under Category. Where a message asks for a "storage bucket", it means one of those
          three.
        </p>
      ) : null}
      <div className="mt-3 flex flex-wrap items-center gap-3">
        <input
          id="image-file"
          name="file"
          type="file"
          accept="image/*"
          required
          aria-describedby={category === localBucket ? "image-file-hint local-images-note" : "image-file-hint"}
          className={fileInputClass}
        />
        <button type="submit" className="btn-brand" disabled={progress !== null}>
          {progress === null ? "Upload" : "Uploading..."}
        </button>
      </div>
      <UploadStatus progress={progress} reason={reason} />
    </form>
  );
}

/** A thumbnail, or the broken-image placeholder when the file cannot be shown. */
function Preview({ image }: { image: Image }) {
  const preview = useImageFailed(image.previewUrl);
  if (preview.failed) {
    return (
      <div className="flex aspect-video w-full flex-col items-center justify-center gap-1 bg-sand text-sm text-muted">
        <ImageOff aria-hidden="true" className="size-8" />
        Image unavailable
      </div>
    );
  }
  return (
    <img
      ref={preview.ref}
      src={image.previewUrl}
      alt={`Preview of ${image.name}`}
      width={320}
      height={180}
      loading="lazy"
      onError={preview.onError}
      className="aspect-video w-full bg-sand object-contain"
    />
  );
}

function DeleteControl({ image, category }: { image: Image; category: ImageCategory }) {
  const fetcher = useFetcher<typeof clientAction>();
  const { pending: busy, message: refusal } = useAdminAction({ fetcher });

  if (image.isLocal) {
    // Refused by the server with the spec's 'Cannot Delete', with or without JavaScript.
    return (
      <fetcher.Form method="post" action={tabHref(category)}>
        <input type="hidden" name="id" value={image.id} />
        <button type="submit" className="btn-quiet" aria-label={`Delete ${image.name}`}>
          Delete
        </button>
      </fetcher.Form>
    );
  }
  return (
    <details className="group">
      <summary className="btn-quiet cursor-pointer list-none" aria-label={`Delete ${image.name}`}>
        Delete
      </summary>
      <fetcher.Form method="post" action={tabHref(category)} className="mt-2 rounded-lg border border-clay/40 bg-clay-soft p-3 text-sm">
        <input type="hidden" name="id" value={image.id} />
        <input type="hidden" name="seenUses" value={usesText(image.usedOn)} />
        {image.usedOn.length > 0 ? (
          <div className="text-clay-dark">
            <p className="font-semibold">This image is used on:</p>
            <ul className="mt-1 list-disc pl-5">
              {image.usedOn.map((use) => (
                <li key={use}>{use}</li>
              ))}
            </ul>
            <p className="mt-1">Delete it anyway? Those places will show no picture (a staff member shows their initials).</p>
          </div>
        ) : (
          <p className="text-clay-dark">Delete this image? No page shows it.</p>
        )}
        <div className="mt-2 flex flex-wrap gap-2">
          <button type="submit" className="btn-primary px-3 py-1.5 text-sm" disabled={busy}>
            {busy ? "Deleting..." : "Yes, delete"}
          </button>
          <CancelDisclosure />
        </div>
        {refusal ? (
          <p role="alert" className="mt-2 font-medium text-clay-dark">
            {refusal}
          </p>
        ) : null}
      </fetcher.Form>
    </details>
  );
}

function CopyUrlButton({ url }: { url: string }) {
  async function copy() {
    try {
      await navigator.clipboard.writeText(new URL(url, window.location.origin).href);
      toast.success("Image URL copied");
    } catch {
      toast.error("Error", { description: "The URL could not be copied. Select it and copy it instead." });
    }
  }
  return (
    <button type="button" className="btn-quiet" onClick={() => void copy()}>
      Copy URL
    </button>
  );
}

/** What visitors download of an image: its smallest and largest variant, as the card says it. */
function servedText({ smallest, largest }: { smallest: number; largest: number }): string {
  // Sizes are whole KB (spec section 9): a file under half a KB rounds to 0.
  if (largest === 0) return "under 1 KB";
  if (smallest === largest) return `${smallest} KB`;
  return smallest === 0 ? `up to ${largest} KB, by screen size` : `${smallest} to ${largest} KB, by screen size`;
}

/**
 * "Replace": a new file for this image, shown at once everywhere it is used (the pages keep naming
 * the old image, which now points to the new one); the old file is removed.
 */
function ReplaceControl({ image, category }: { image: Image; category: ImageCategory }) {
  const { progress, reason, formProps } = useUploadForm(category);
  const inputId = `replace-${image.id}`;
  return (
    <details className="group">
      <summary className="btn-quiet cursor-pointer list-none" aria-label={`Replace ${image.title || image.name}`}>
        Replace
      </summary>
      <form {...formProps} className="mt-2 space-y-2">
        <input type="hidden" name="replaces" value={image.id} />
        <label htmlFor={inputId} className="block font-semibold text-ink">
          New picture
        </label>
        <p id={`${inputId}-hint`} className="text-muted">
          {image.usedOn.length > 0 ? `It takes this one's place on: ${image.usedOn.join("; ")}.` : "No page shows this one yet."}
        </p>
        <input
          id={inputId}
          name="file"
          type="file"
          accept="image/*"
          required
          aria-describedby={`${inputId}-hint`}
          className={fileInputClass}
        />
        <div className="flex flex-wrap gap-2">
          <button type="submit" className="btn-brand px-3 py-1.5 text-sm" disabled={progress !== null}>
            {progress === null ? "Replace everywhere" : "Replacing..."}
          </button>
          <CancelDisclosure />
        </div>
        <UploadStatus progress={progress} reason={reason} />
      </form>
    </details>
  );
}

/** "Rename": the name the cards and pickers show for an upload (its address stays). */
function RenameControl({ image, category }: { image: Image; category: ImageCategory }) {
  const fetcher = useFetcher<typeof clientAction>();
  const { pending: busy, answer } = useAdminAction({ fetcher });
  const [form, fields] = useForm({
    id: `rename-${image.id}`,
    lastResult: answer?.result,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: imageActionSchema }),
  });
  return (
    <details className="group">
      <summary className="btn-quiet cursor-pointer list-none" aria-label={`Rename ${image.title || image.name}`}>
        Rename
      </summary>
      <fetcher.Form method="post" action={tabHref(category)} id={form.id} onSubmit={form.onSubmit} noValidate className="mt-2 space-y-2">
        <input type="hidden" name="id" value={image.id} />
        <input type="hidden" name="intent" value="rename" />
        <Field field={fields.title} label="Image name" defaultValue={image.title ?? ""} maxLength={maxMediaTitleLength} required />
        <div className="flex flex-wrap gap-2">
          <button type="submit" className="btn-brand px-3 py-1.5 text-sm" disabled={busy}>
            {busy ? "Saving..." : "Save the name"}
          </button>
          <CancelDisclosure />
        </div>
      </fetcher.Form>
    </details>
  );
}

/**
 * Where an upload is kept, for the rare person who needs it (an address to paste elsewhere): its
 * stored file name and address, out of the way of what the card is for.
 */
function StorageDetails({ image }: { image: Image }) {
  return (
    <details className="group w-full">
      <summary className="btn-quiet cursor-pointer list-none" aria-label={`Details of ${image.title || image.name}`}>
        Details
      </summary>
      <div className="mt-2 space-y-1 text-xs break-all text-muted">
        {/* The stored name and address of the spec's Image record, each as it is. */}
        {image.title ? <p>Stored as {image.name}</p> : null}
        <p>{image.url}</p>
        <CopyUrlButton url={image.url} />
      </div>
    </details>
  );
}

function ImageCard({ image, category }: { image: Image; category: ImageCategory }) {
  return (
    <li className="overflow-hidden rounded-xl border border-line bg-white">
      <Preview image={image} />
      <div className="space-y-1 p-3 text-sm">
        {/* Its name: the title staff gave it (the original file's name at first), else the bundled file's own. */}
        <p className="font-semibold break-all text-ink">{image.title ?? image.name}</p>
        <p className="text-muted">{image.sizeKb === null ? "File missing" : `${image.sizeKb} KB`}</p>
        {image.servedKb ? <p className="text-muted">Visitors download {servedText(image.servedKb)}</p> : null}
        {image.isLocal ? null : (
          <p className="break-words text-muted">
            {image.usedOn.length > 0 ? `Used on: ${image.usedOn.join("; ")}` : "Not used on any page yet"}
          </p>
        )}
        {image.lastModified ? <p className="text-muted">Last modified {image.lastModified}</p> : null}
        <div className="flex flex-wrap items-start gap-2 pt-2">
          {image.isLocal ? null : <RenameControl image={image} category={category} />}
          {image.isLocal ? null : <ReplaceControl image={image} category={category} />}
          <DeleteControl image={image} category={category} />
          <StorageDetails image={image} />
        </div>
      </div>
    </li>
  );
}

export default function AdminImages({ loaderData }: Route.ComponentProps) {
  const { category, images } = loaderData;
  // The page's own answer: a form posted without JavaScript (a scripted delete answers its fetcher).
  const { message: failure } = useAdminAction();

  return (
    <section aria-labelledby="tab-title">
      <h2 id="tab-title" className="mb-6 text-2xl font-bold text-brand-dark">
        Images
      </h2>
      <TabSelect
        id="image-category"
        name="category"
        label="Category"
        value={category}
        options={imageCategories.map((value) => ({ value, label: categoryLabels[value] }))}
      />
      {failure ? (
        <p role="alert" className="mb-6 rounded-lg border-l-4 border-clay bg-clay-soft p-4 font-medium text-clay-dark">
          {failure}
        </p>
      ) : null}
      <UploadForm key={category} category={category} />
      {images.length === 0 ? (
        <p className="rounded-2xl border border-line bg-white p-8 text-center text-muted">No images in this category yet.</p>
      ) : (
        <ul aria-label={`Images in ${category}`} className="grid grid-cols-1 gap-4 min-[420px]:grid-cols-2 sm:grid-cols-3 lg:grid-cols-4">
          {images.map((image) => (
            <ImageCard key={image.id} image={image} category={category} />
          ))}
        </ul>
      )}
    </section>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminError error={error} message={mediaToasts.loadFailed.description} />;
}
