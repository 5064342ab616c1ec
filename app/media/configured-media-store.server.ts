// The media store this process uses, as MEDIA_STORE and MEDIA_DIR say: every reader and writer of
// uploads' bytes takes it from here, so one setting moves them all.
import { type Config, getConfig } from "#app/server/config.server.ts";
import { diskMediaStore } from "./disk-media-store.server.ts";
import { databaseMediaStore, type MediaStore } from "./media-store.server.ts";

let chosen: { setting: Config["mediaStore"]; store: MediaStore } | undefined;

/** The store the configuration names, made once (again only when the configuration is replaced, as tests do). */
export function mediaStore(): MediaStore {
  const setting = getConfig().mediaStore;
  if (chosen?.setting !== setting) {
    chosen = { setting, store: setting.kind === "disk" ? diskMediaStore(setting.folder) : databaseMediaStore };
  }
  return chosen.store;
}
