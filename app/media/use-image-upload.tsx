import { useState } from "react";
import { showToast } from "#app/components/ui/toaster.tsx";
import { type AdminAnswer, type Failure, failedAnswer, formMessageOf, succeeded } from "#app/admin-action/admin-answer.ts";
import { mediaToasts } from "#app/media/media-texts.ts";
import type { Toast } from "#app/admin-action/toast-message.ts";

/** The answer's body when it is an admin answer (a proxy's error page is not). */
function answerIn(text: string): AdminAnswer | null {
  try {
    const body: unknown = JSON.parse(text);
    return body && typeof body === "object" && "status" in body && "result" in body ? (body as AdminAnswer) : null;
  } catch {
    return null;
  }
}

const noAnswer: Failure = { message: "The image could not be uploaded. Please try again.", toast: mediaToasts.uploadFailed };

// Leaving for the sign-in page would drop what the page holds: the upload says so in place.
const sessionEnded: Failure = {
  message: "Your session has ended, so the photo was not stored. Sign in again in a new tab, then upload it again.",
  toast: mediaToasts.uploadFailed,
};

/**
 * Sends an image to the library's upload address with XMLHttpRequest, whose progress events let a
 * large photo on a phone connection show how far it has got. Status 0: no answer at all.
 */
function sendImage(url: string, body: FormData, onProgress: (percent: number) => void) {
  return new Promise<{ status: number; answer: AdminAnswer | null }>((resolve) => {
    const request = new XMLHttpRequest();
    request.open("POST", url);
    request.setRequestHeader("Accept", "application/json");
    request.upload.addEventListener("progress", (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    });
    request.addEventListener("load", () => resolve({ status: request.status, answer: answerIn(request.responseText) }));
    request.addEventListener("error", () => resolve({ status: 0, answer: null }));
    request.send(body);
  });
}

/** What the library takes, said beside every upload control. */
/** An image file picker's look (its button at least 44 px tall), wherever staff choose a picture to upload. */
export const fileInputClass =
  "max-w-full text-sm text-ink file:mr-3 file:rounded-lg file:border file:border-line file:bg-sand file:px-3 file:py-3 file:font-semibold";

export const uploadHint = "JPEG, PNG, WebP, AVIF or GIF, up to 15 MB. Location data and other details stored in photos are removed.";

/**
 * One upload into the library, as the Images tab and every picture field send it: the progress,
 * and the answer (AdminAnswer, as every admin action's) shown as its toast, with a refusal's
 * reason beside the control (UploadStatus). No answer at all, or an ended session, is said in
 * place. `success` replaces the library's own success toast.
 */
export function useImageUpload(uploadUrl = "/admin/images/upload") {
  const [progress, setProgress] = useState<number | null>(null);
  const [answer, setAnswer] = useState<AdminAnswer | null>(null);
  async function upload(category: string, body: FormData, success?: Toast): Promise<AdminAnswer> {
    setAnswer(null);
    setProgress(0);
    const sent = await sendImage(`${uploadUrl}?category=${encodeURIComponent(category)}`, body, setProgress);
    setProgress(null);
    const answer = sent.answer ?? failedAnswer(sent.status, sent.status === 401 ? sessionEnded : noAnswer);
    const toast = succeeded(answer) ? (success ?? answer.toast) : answer.toast;
    if (toast) showToast({ id: `upload-${Date.now()}`, ...toast });
    setAnswer(answer);
    return answer;
  }
  const reason = answer && !succeeded(answer) ? (formMessageOf(answer) ?? noAnswer.message) : null;
  return { progress, reason, clear: () => setAnswer(null), upload };
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
