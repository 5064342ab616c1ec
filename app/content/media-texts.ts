// What staff type about an image in the library: its title and its description (alt text).
import { maxMediaAltLength, maxMediaTitleLength } from "./media.ts";
import { lineText, optionalLineText } from "./text-fields.ts";

/** An image's title as staff type it: one line of words, at most 120 characters. */
export const mediaTitleSchema = lineText(maxMediaTitleLength, "Give the image a name.");

/** What a picture shows, in words, as staff type it; empty for a picture that only decorates. */
export const mediaAltSchema = optionalLineText(maxMediaAltLength);
