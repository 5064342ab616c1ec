import { useField } from "@conform-to/react";
import { notPublishedYet } from "#app/components/ui/toaster.tsx";
import { ImageOff } from "lucide-react";
import { type ChangeEvent, createContext, useContext, useEffect, useId, useState } from "react";
import { useFetcher } from "react-router";
import { Field } from "#app/components/ui/field.tsx";
import { Initials } from "#app/components/ui/initials.tsx";
import { useImageFailed } from "#app/components/ui/use-image-failed.ts";
import type { ImageFieldDescription } from "#app/content/define-page.ts";
import { imageRefFromText, resolveImage } from "#app/media/image-ref.ts";
import { type ImageCategory, imageCategories } from "#app/media/media.ts";
import type { Toast } from "#app/admin-action/toast-message.ts";
import { EditorUploadsContext } from "#app/content/editor/editor-form.tsx";
import type { EditorValues } from "#app/content/editor/editor-values.ts";
import { fileInputClass, UploadStatus, uploadHint, useImageUpload } from "#app/media/use-image-upload.tsx";

/**
 * The editor of every picture field: the picture as visitors will see it, its address (typed or
 * pasted), an upload into the library, and a choice from the library. The field holds the
 * picture's address; the server reads it back as a reference (image-ref.ts).
 */

/**
 * Where a picture field uploads, and whether it offers the library: a Clinician's own profile
 * uploads to its own address and has no library (which is the office's).
 */
export const ImageUploadPlace = createContext({ uploadUrl: "/admin/images/upload", library: true });

/** What the Images tab's loader lists, as the picker shows it. */
type LibraryImage = { id: string; name: string; title: string | null; url: string; previewUrl: string };

/** A box in the picture's place that says why there is none to show. */
function NoPicture({ shape, children }: { shape: string; children: React.ReactNode }) {
  return (
    <div className={`flex shrink-0 flex-col items-center justify-center gap-1 bg-sand px-2 text-center text-xs text-muted ${shape}`}>
      <ImageOff aria-hidden="true" className="size-6" />
      {children}
    </div>
  );
}

/** The picture a field names, as staff see it while editing (or why there is none). */
function Preview({ text, ownerName }: { text: string; ownerName: string | undefined }) {
  const ref = imageRefFromText(text);
  const src = ref ? resolveImage(ref, 240)?.src : undefined;
  const image = useImageFailed(src);
  const shape = ownerName === undefined ? "aspect-video w-40 rounded-lg" : "size-24 rounded-full";
  // An address on another site is not loaded here either: it is copied when the page is saved.
  if (ref?.source === "external") return <NoPicture shape={shape}>Copied on save</NoPicture>;
  // Text that names no picture (the field's message says what an address must be).
  if (ref === undefined) return <NoPicture shape={shape}>Not a picture's address</NoPicture>;
  if (!src || image.failed) {
    if (ownerName === undefined) return <NoPicture shape={shape}>{src ? "Picture deleted" : "None chosen"}</NoPicture>;
    // An item shows what the public page shows without a photo: the person's initials.
    return (
      <div className="flex shrink-0 flex-col items-center gap-1 text-center text-xs text-muted">
        <Initials name={ownerName} className="size-24 text-3xl" />
        {src ? "Photo deleted" : "No photo"}
      </div>
    );
  }
  return (
    <img
      ref={image.ref}
      src={src}
      alt={ownerName ? ownerName : "The chosen picture"}
      width={ownerName === undefined ? 160 : 96}
      height={ownerName === undefined ? 90 : 96}
      onError={image.onError}
      className={`shrink-0 bg-brand-soft object-cover ${shape}`}
    />
  );
}

/** Sends a file into the library (hero-images, as the spec places staff photos) and gives back its address. */
export function Upload({
  name,
  label,
  says,
  ownerId,
  success,
  onUploaded,
}: {
  /** The file picker's own name. Without one, Conform takes it for the form's own and focuses it on a form-level refusal. */
  name: string;
  label: string;
  /** What the control says: "Upload a photo". */
  says: string;
  ownerId: string | undefined;
  success: Toast | undefined;
  onUploaded: (url: string) => void;
}) {
  const inputId = useId();
  const { progress, reason, upload: send } = useImageUpload(useContext(ImageUploadPlace).uploadUrl);
  const trackUpload = useContext(EditorUploadsContext);

  async function upload(event: ChangeEvent<HTMLInputElement>) {
    const input = event.currentTarget;
    const file = input.files?.[0];
    if (!file) return;
    const body = new FormData();
    body.append("file", file);
    // A staff member's photo is named after them (spec: staff-{id}).
    if (ownerId) body.append("staffId", ownerId);
    trackUpload(1);
    try {
      const answer = await send("hero-images", body, success);
      input.value = "";
      if (answer.item) onUploaded(answer.item.url);
    } finally {
      trackUpload(-1);
    }
  }

  return (
    <div>
      <label htmlFor={inputId} className="block text-sm font-semibold text-ink">
        {says}
        <span className="sr-only"> for {label}</span>
      </label>
      <p id={`${inputId}-hint`} className="mt-1 text-sm text-muted">
        {uploadHint}
      </p>
      <input
        id={inputId}
        name={name}
        type="file"
        accept="image/*"
        aria-describedby={`${inputId}-hint`}
        disabled={progress !== null}
        onChange={(event) => void upload(event)}
        className={`mt-1.5 block ${fileInputClass}`}
      />
      <UploadStatus progress={progress} reason={reason} />
    </div>
  );
}

/** The library, a category at a time (the Images tab's own list), to choose a picture from. */
export function Library({ label, onChoose }: { label: string; onChoose: (url: string) => void }) {
  const fetcher = useFetcher<{ category: ImageCategory; images: Array<LibraryImage> }>();
  const [open, setOpen] = useState(false);
  const [category, setCategory] = useState<ImageCategory>("hero-images");
  const selectId = useId();
  // Only the chosen category's list is shown. An earlier category's answer can land after it (React
  // Router cannot cancel a load that waits for the route to be discovered), so one is asked again.
  const images = fetcher.data?.category === category ? fetcher.data.images : null;
  const mustLoad = open && images === null && fetcher.state === "idle";
  const { load } = fetcher;
  useEffect(() => {
    if (mustLoad) void load(`/admin/images?category=${category}`);
  }, [mustLoad, category, load]);
  return (
    <div>
      <button type="button" className="btn-quiet" aria-expanded={open} onClick={() => setOpen(!open)}>
        Choose from the library<span className="sr-only"> for {label}</span>
      </button>
      {open ? (
        <div className="mt-3 space-y-3 rounded-xl border border-line bg-sand/50 p-4">
          <div>
            <label htmlFor={selectId} className="block text-sm font-semibold text-ink">
              Category
            </label>
            <select
              id={selectId}
              value={category}
              onChange={(event) => {
                const next = imageCategories.find((each) => each === event.target.value);
                if (next) setCategory(next);
              }}
              className="mt-1.5 block min-h-11 rounded-lg border border-[#8a8f8c] bg-white px-3.5 py-2.5 text-base text-ink"
            >
              {imageCategories.map((each) => (
                <option key={each}>{each}</option>
              ))}
            </select>
          </div>
          {images === null || fetcher.state === "loading" ? (
            <p role="status" className="text-sm text-muted">
              Loading...
            </p>
          ) : images.length === 0 ? (
            <p className="text-sm text-muted">No images in this category yet.</p>
          ) : (
            <ul className="grid max-h-80 grid-cols-2 gap-3 overflow-y-auto sm:grid-cols-4">
              {images.map((image) => (
                <li key={image.id}>
                  <button
                    type="button"
                    className="block w-full rounded-lg border border-line bg-white p-1 text-left text-xs hover:border-brand focus-visible:border-brand"
                    onClick={() => {
                      onChoose(image.url);
                      setOpen(false);
                    }}
                  >
                    <img src={image.previewUrl} alt="" loading="lazy" className="aspect-video w-full rounded object-cover" />
                    <span className="mt-1 block truncate">
                      <span className="sr-only">Choose </span>
                      {image.title ?? image.name}
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
      ) : null}
    </div>
  );
}

export function ImagePicker({
  name,
  description,
  ownerId,
  ownerName,
  uploadedToast,
}: {
  name: string;
  description: ImageFieldDescription;
  /** The id of the list item the picture belongs to (a staff member), which names its upload. */
  ownerId?: string | undefined;
  /** The item's name: its initials stand in for a missing picture, as on the public page. */
  ownerName?: string | undefined;
  /** The toast after an upload (the spec's staff photo toast); else the Images tab's. */
  uploadedToast?: string | undefined;
}) {
  const [field, form] = useField<string, EditorValues>(name);
  const text = typeof field.value === "string" ? field.value : "";
  const label = ownerName ? `${description.label} of ${ownerName}` : description.label;
  const choose = (url: string) => form.update({ name: field.name, value: url });
  const { library } = useContext(ImageUploadPlace);
  return (
    <div className="flex flex-wrap items-start gap-4">
      <Preview text={text} ownerName={ownerName} />
      <div className="min-w-0 flex-1 basis-64 space-y-3">
        {description.help ? <p className="text-sm text-muted">{description.help}</p> : null}
        <Upload
          name={`${field.name}Upload`}
          label={label}
          says={description.uploadLabel ?? "Upload a photo"}
          ownerId={ownerId}
          success={uploadedToast ? { type: "success", title: uploadedToast, description: notPublishedYet } : undefined}
          onUploaded={choose}
        />
        {library ? <Library label={label} onChoose={choose} /> : null}
        {/* The address is storage's word for the picture: out of the way, open when it needs mending. */}
        <details className="group" open={field.errors ? true : undefined}>
          <summary className="btn-quiet cursor-pointer list-none">
            Details<span className="sr-only"> of {label}: its address</span>
          </summary>
          <div className="mt-2">
            <Field
              field={field}
              label={`${description.label} URL`}
              description="Where the picture is kept. Paste one from the Images tab (Details, Copy URL) to use it here; an address on another site (https://…) is copied into the Images tab when you save, so visitors' browsers never contact that site."
              inputMode="url"
            />
          </div>
        </details>
      </div>
    </div>
  );
}
