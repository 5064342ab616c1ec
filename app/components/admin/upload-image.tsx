import type { MediaToast } from "#app/lib/media-messages.ts";

/** What /admin/images/upload answers in JSON: the stored image, or the refusal's toast and reason. */
export type UploadAnswer = { ok: boolean; toast?: MediaToast; reason?: string; item?: { id: string; url: string } };

/**
 * Sends an image to /admin/images/upload with XMLHttpRequest, whose progress events let a
 * large photo on a phone connection show how far it has got. Status 0: no answer at all.
 */
export function sendImage(url: string, body: FormData, onProgress: (percent: number) => void) {
  return new Promise<{ status: number; answer: UploadAnswer | null }>((resolve) => {
    const request = new XMLHttpRequest();
    request.open("POST", url);
    request.setRequestHeader("Accept", "application/json");
    request.upload.addEventListener("progress", (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    });
    request.addEventListener("load", () => {
      let answer: UploadAnswer | null = null;
      try {
        answer = JSON.parse(request.responseText) as UploadAnswer;
      } catch {}
      resolve({ status: request.status, answer });
    });
    request.addEventListener("error", () => resolve({ status: 0, answer: null }));
    request.send(body);
  });
}

/** How far an upload has got; past 100% the server is still making the image's variants. */
export function UploadProgress({ percent }: { percent: number }) {
  return (
    <div role="status" className="mt-2 flex items-center gap-3 text-sm text-muted">
      <progress max={100} value={percent} aria-label="Upload progress" className="h-2 w-40 accent-brand" />
      {percent < 100 ? `Uploading... ${percent}%` : "Uploaded. Preparing the sizes the site shows..."}
    </div>
  );
}
