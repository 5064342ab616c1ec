// What staff type about an image in the library: its title. (What a picture shows is said where
// it is shown: a staff member's "Photo description".)
import { maxMediaTitleLength } from "./media.ts";
import { lineText } from "./text-fields.ts";

/** An image's title as staff type it: one line of words, at most 120 characters. */
export const mediaTitleSchema = lineText(maxMediaTitleLength, "Give the image a name.");
