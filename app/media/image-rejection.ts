// Why an upload is refused, apart from the pipeline that finds it out (process-image.server.ts), so
// the modules that only pass a refusal on do not load sharp: the server loads it with the first upload.
import { maxUploadBytes } from "./media.ts";

/** Larger images are refused before decoding: a small file can claim billions of pixels. */
export const maxInputPixels = 50_000_000;

export const acceptedFormatsText = "JPEG, PNG, WebP, AVIF or GIF";

/** A file refused for what it is; the message is shown to staff as it is. Nothing was stored. */
export class ImageRejected extends Error {
  readonly status: 400 | 413 | 415 | 503;
  constructor(message: string, status: 400 | 413 | 415 | 503) {
    super(message);
    this.name = "ImageRejected";
    this.status = status;
  }
}

export const rejection = {
  empty: () => new ImageRejected("Please choose an image to upload.", 400),
  tooLarge: () => new ImageRejected(`The file is larger than ${maxUploadBytes / 1024 / 1024} MB. Please choose a smaller image.`, 413),
  svg: () => new ImageRejected(`SVG files are not accepted (they can carry scripts). Please upload a ${acceptedFormatsText} image.`, 415),
  notImage: () => new ImageRejected(`The file is not a ${acceptedFormatsText} image.`, 415),
  tooManyPixels: () =>
    new ImageRejected(`The image is too large: more than ${maxInputPixels / 1_000_000} megapixels. Please upload a smaller image.`, 400),
  unreadable: () => new ImageRejected("The image could not be read: the file may be damaged.", 400),
  busy: () => new ImageRejected("The server is busy with other images right now. Please try again in a minute.", 503),
};
