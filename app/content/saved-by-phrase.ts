import { formatOfficeTime } from "./office-time.ts";

/** Who made the save that got in the way, and when: " by X at T" (both editors and the history say it). */
export function savedByPhrase(current: { savedBy: string | null; savedAt: string } | null): string {
  return current ? ` by ${current.savedBy ?? "an unknown account"} at ${formatOfficeTime(current.savedAt)}` : " by someone else";
}
