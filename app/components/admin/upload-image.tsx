import { useState } from "react";
import { showToast } from "#app/components/ui/toaster.tsx";
import { type MediaToast, mediaToasts } from "#app/lib/media-messages.ts";

/** What /admin/images/upload answers in JSON: the stored image, or the refusal's toast and reason. */
export type UploadAnswer = { ok: boolean; toast?: MediaToast; reason?: string; item?: { id: string; url: string } };

/**
 * Sends an image to /admin/images/upload with XMLHttpRequest, whose progress events let a
 * large photo on a phone connection show how far it has got. Status 0: no answer at all.
 */
function sendImage(url: string, body: FormData, onProgress: (percent: number) => void) {
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

/** What the library takes, said beside every upload control. */
export const uploadHint = "JPEG, PNG, WebP, AVIF or GIF, up to 15 MB. Location data and other details stored in photos are removed.";

/**
 * One upload into the library, as the Images tab and every picture field send it: the progress,
 * and a refusal as its toast and its reason (shown beside the control by UploadStatus). A 401
 * (the session ended) is left to the caller, which knows what is at stake on its page.
 */
export function useImageUpload() {
  const [progress, setProgress] = useState<number | null>(null);
  const [reason, setReason] = useState<string | null>(null);
  async function upload(category: string, body: FormData) {
    setReason(null);
    setProgress(0);
    const sent = await sendImage(`/admin/images/upload?category=${encodeURIComponent(category)}`, body, setProgress);
    setProgress(null);
    if (!sent.answer?.ok && sent.status !== 401) {
      showToast({ id: `upload-failed-${Date.now()}`, ...mediaToasts[sent.answer?.toast ?? "uploadFailed"] });
      setReason(sent.answer?.reason ?? "The image could not be uploaded. Please try again.");
    }
    return sent;
  }
  return { progress, reason, setReason, upload };
}

/** How far an upload has got (past 100% the server is still making the image's variants), or why it was refused. */
export function UploadStatus({ progress, reason }: { progress: number | null; reason: string | null }) {
  return (
    <>
      {progress !== null ? (
        <div role="status" className="mt-2 flex items-center gap-3 text-sm text-muted">
          <progress max={100} value={progress} aria-label="Upload progress" className="h-2 w-40 accent-brand" />
          {progress < 100 ? `Uploading... ${progress}%` : "Uploaded. Preparing the sizes the site shows..."}
        </div>
      ) : null}
      {reason ? (
        <p role="alert" className="mt-3 rounded-lg border-l-4 border-clay bg-clay-soft p-3 text-sm font-medium text-clay-dark">
          {reason}
        </p>
      ) : null}
    </>
  );
}
