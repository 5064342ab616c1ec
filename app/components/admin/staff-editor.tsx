import { ImageOff, Plus } from "lucide-react";
import { type ChangeEvent, useId, useRef, useState } from "react";
import { showToast } from "#app/components/ui/toaster.tsx";
import { Field, type FieldMeta } from "#app/components/ui/field.tsx";
import { Initials } from "#app/components/ui/initials.tsx";
import { useImageFailed } from "#app/components/ui/use-image-failed.ts";
import { type StaffMember, staffTeams, type StaffTeam } from "#app/content/about.ts";
import { imageRefFromText, resolveImage } from "#app/content/image-ref.ts";
import { mediaToasts } from "#app/lib/media-messages.ts";
import { ItemControls } from "./item-controls.tsx";
import type { AnyField, AnyForm } from "./page-editor.tsx";
import { sendImage, UploadProgress } from "./upload-image.tsx";

/**
 * The About tab's team (spec section 4): members edited inline, added from a panel, moved and
 * removed; all of it is kept only when 'Save Changes' is pressed. A photo is uploaded into the
 * media library (hero-images, named `staff-{id}-...`) or given as an address.
 */

const staffToasts = {
  added: { type: "success", title: "Staff member added successfully!" },
  removed: { type: "success", title: "Staff member removed successfully!" },
  imageUploaded: { type: "success", title: "Staff image uploaded successfully!" },
} as const;

function toast(key: keyof typeof staffToasts) {
  showToast({ id: `${key}-${Date.now()}`, ...staffToasts[key] });
}

/** A new member's id: random, and usable in a file name (crypto.randomUUID needs https). */
function newStaffId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(12));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** A control that is not part of the saved form (no name): the add panel's fields. */
function panelField(id: string): FieldMeta {
  return { id, name: "", errorId: `${id}-error`, descriptionId: `${id}-description` };
}

function AddStaffPanel({ onAdd, onClose }: { onAdd: (member: NewMember) => void; onClose: () => void }) {
  const id = useId();
  const [member, setMember] = useState<NewMember>({ name: "", title: "", credentials: "", bio: "", team: "Cedar City" });
  const ready = member.name.trim() !== "" && member.title.trim() !== "";
  const set = (key: keyof NewMember) => (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) =>
    setMember({ ...member, [key]: event.target.value });
  const add = () => {
    if (ready) onAdd({ ...member, name: member.name.trim(), title: member.title.trim() });
  };
  // Enter adds the member (when it can) instead of saving the page.
  const onKeyDown = (event: React.KeyboardEvent) => {
    if (event.key === "Enter" && event.target instanceof HTMLInputElement) {
      event.preventDefault();
      add();
    }
  };
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: the key handler only redirects Enter from the inputs inside
    <div id="add-staff-panel" onKeyDown={onKeyDown} className="mt-4 space-y-4 rounded-2xl border border-brand/40 bg-brand-soft/40 p-5">
      <h4 className="font-sans text-lg font-semibold text-ink">New staff member</h4>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field field={panelField(`${id}-name`)} label="Name" value={member.name} onChange={set("name")} markRequired />
        <Field field={panelField(`${id}-title`)} label="Title" value={member.title} onChange={set("title")} markRequired />
        <Field field={panelField(`${id}-credentials`)} label="Credentials" value={member.credentials} onChange={set("credentials")} />
        <Field field={panelField(`${id}-team`)} label="Team" control="select" value={member.team} onChange={set("team")}>
          {staffTeams.map((team) => (
            <option key={team}>{team}</option>
          ))}
        </Field>
      </div>
      <Field field={panelField(`${id}-bio`)} label="Bio" control="textarea" rows={3} value={member.bio} onChange={set("bio")} />
      <p className="text-sm text-muted">A photo can be added once the member is in the list.</p>
      <div className="flex flex-wrap gap-3">
        <button type="button" className="btn-brand" disabled={!ready} onClick={add}>
          Add Staff Member
        </button>
        <button type="button" className="btn-quiet" onClick={onClose}>
          Cancel
        </button>
      </div>
    </div>
  );
}

type NewMember = { name: string; title: string; credentials: string; bio: string; team: StaffTeam };

/** The picture an image field names, as staff see it while editing (or why there is none). */
function PhotoPreview({ text, name }: { text: string; name: string }) {
  const ref = imageRefFromText(text);
  const src = ref ? resolveImage(ref, 240)?.src : undefined;
  const image = useImageFailed(src);
  // An address on another site is not loaded here either: it is copied when the page is saved.
  if (ref?.source === "external") {
    return (
      <div className="flex size-24 shrink-0 flex-col items-center justify-center gap-1 rounded-full bg-sand px-2 text-center text-xs text-muted">
        <ImageOff aria-hidden="true" className="size-6" />
        Copied on save
      </div>
    );
  }
  if (!src || image.failed) {
    // What the public page shows: the member's initials (with a word on why, for staff).
    return (
      <div className="flex shrink-0 flex-col items-center gap-1 text-center text-xs text-muted">
        <Initials name={name} className="size-24 text-3xl" />
        {src ? "Photo deleted" : "No photo"}
      </div>
    );
  }
  return (
    <img
      ref={image.ref}
      src={src}
      alt={name || "This staff member"}
      width={96}
      height={96}
      onError={image.onError}
      className="size-24 shrink-0 rounded-full bg-brand-soft object-cover"
    />
  );
}

function PhotoUpload({ form, imageField, staffId, label }: { form: AnyForm; imageField: AnyField; staffId: string; label: string }) {
  const inputId = useId();
  const [progress, setProgress] = useState<number | null>(null);
  const [reason, setReason] = useState<string | null>(null);

  async function upload(event: ChangeEvent<HTMLInputElement>) {
    const input = event.currentTarget;
    const file = input.files?.[0];
    if (!file) return;
    setReason(null);
    setProgress(0);
    const body = new FormData();
    body.append("file", file);
    body.append("staffId", staffId);
    const { answer } = await sendImage("/admin/images/upload?category=hero-images", body, setProgress);
    setProgress(null);
    input.value = "";
    if (answer?.ok && answer.item) {
      form.update({ name: imageField.name, value: answer.item.url });
      toast("imageUploaded");
      return;
    }
    showToast({ id: `upload-failed-${Date.now()}`, ...mediaToasts[answer?.toast ?? "uploadFailed"] });
    setReason(answer?.reason ?? "The photo could not be uploaded. Please try again.");
  }

  return (
    <div>
      <label htmlFor={inputId} className="block text-sm font-semibold text-ink">
        Upload a photo<span className="sr-only"> of {label}</span>
      </label>
      <input
        id={inputId}
        type="file"
        accept="image/*"
        disabled={progress !== null}
        onChange={(event) => void upload(event)}
        className="mt-1.5 block max-w-full text-sm text-ink file:mr-3 file:rounded-lg file:border file:border-line file:bg-sand file:px-3 file:py-2 file:font-semibold"
      />
      {progress !== null ? <UploadProgress percent={progress} /> : null}
      {reason ? (
        <p role="alert" className="mt-2 text-sm font-medium text-clay-dark">
          {reason}
        </p>
      ) : null}
    </div>
  );
}

function StaffMemberEditor({
  form,
  staffField,
  member,
  index,
  count,
}: {
  form: AnyForm;
  staffField: AnyField;
  member: AnyField;
  index: number;
  count: number;
}) {
  const fields = (member as AnyField & { getFieldset: () => Record<keyof StaffMember, AnyField> }).getFieldset();
  const text = (field: AnyField) => (typeof field.value === "string" ? field.value : "");
  const name = text(fields.name);
  const label = name || `Staff member ${index + 1}`;
  const staffId = text(fields.id);

  return (
    <li>
      <fieldset className="rounded-2xl border border-line bg-white p-5">
        <legend className="px-1 font-sans text-lg font-semibold text-ink">{label}</legend>
        <input type="hidden" name={fields.id.name} value={staffId} />
        <div className="grid gap-4 sm:grid-cols-2">
          <Field field={fields.name} label="Name" markRequired />
          <Field field={fields.title} label="Title" markRequired />
          <Field field={fields.credentials} label="Credentials" />
          <Field field={fields.team} label="Team" control="select">
            {staffTeams.map((team) => (
              <option key={team}>{team}</option>
            ))}
          </Field>
        </div>
        <div className="mt-4">
          <Field field={fields.bio} label="Bio" control="textarea" rows={4} />
        </div>
        <div className="mt-4 flex flex-wrap items-start gap-4">
          <PhotoPreview text={text(fields.image)} name={name} />
          <div className="min-w-0 flex-1 basis-64 space-y-3">
            <Field
              field={fields.image}
              label="Photo URL"
              description="Upload a photo, or paste the address of one from the Images tab (Copy URL). A picture's address on another site (https://…) is copied into the Images tab when you save, so visitors' browsers never contact that site."
              inputMode="url"
            />
            <PhotoUpload form={form} imageField={fields.image} staffId={staffId} label={label} />
          </div>
        </div>
        <div className="mt-5 border-t border-line pt-4">
          <ItemControls
            form={form}
            listName={staffField.name}
            index={index}
            count={count}
            itemLabel={label}
            onRemove={() => toast("removed")}
          />
        </div>
      </fieldset>
    </li>
  );
}

export function StaffEditor({ form, staffField }: { form: AnyForm; staffField: AnyField }) {
  const members = (staffField as AnyField & { getFieldList: () => Array<AnyField> }).getFieldList();
  const [adding, setAdding] = useState(false);
  const addButton = useRef<HTMLButtonElement>(null);

  function add(member: NewMember) {
    form.insert({ name: staffField.name, defaultValue: { id: newStaffId(), image: "", ...member } as never });
    toast("added");
    setAdding(false);
    addButton.current?.focus();
  }

  return (
    <section aria-labelledby="staff-title" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h3 id="staff-title" className="text-xl font-bold text-brand-dark">
          Staff ({members.length})
        </h3>
        <button
          ref={addButton}
          type="button"
          className="btn-outline-brand inline-flex items-center gap-1.5"
          aria-expanded={adding}
          aria-controls="add-staff-panel"
          onClick={() => setAdding(!adding)}
        >
          <Plus aria-hidden="true" className="size-4" />
          Add Staff
        </button>
      </div>
      {staffField.errors?.[0] ? (
        <p role="alert" className="text-sm font-medium text-clay-dark">
          {staffField.errors[0]}
        </p>
      ) : null}
      {adding ? <AddStaffPanel onAdd={add} onClose={() => setAdding(false)} /> : null}
      {members.length === 0 ? (
        <p className="rounded-2xl border border-line bg-white p-6 text-center text-muted">No staff members added yet.</p>
      ) : (
        <ol className="space-y-5">
          {members.map((member, index) => (
            <StaffMemberEditor key={member.key} form={form} staffField={staffField} member={member} index={index} count={members.length} />
          ))}
        </ol>
      )}
    </section>
  );
}
