import type { ReactNode } from "react";
import { type IslandScript, IslandScriptTags } from "./island-script.tsx";

/** Where an island's markup and the props it was rendered with live in the page. */
export type IslandIds = { root: string; props: string };

/**
 * An island as the server renders it: its markup in `ids.root`, the props it was rendered from as
 * JSON in `ids.props` (its script hydrates from the same), then its script. The JSON has "<"
 * escaped, so no text in it can close the script element.
 */
export function IslandMount({
  ids,
  props,
  script,
  children,
}: {
  ids: IslandIds;
  props: unknown;
  script: IslandScript;
  children: ReactNode;
}) {
  return (
    <>
      <div id={ids.root}>{children}</div>
      <script
        type="application/json"
        id={ids.props}
        // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON data with "<" escaped, never run as script
        dangerouslySetInnerHTML={{ __html: JSON.stringify(props).replace(/</g, "\\u003c") }}
      />
      <IslandScriptTags script={script} />
    </>
  );
}

/** The props an island was rendered with, read from `page` (this document, or one fetched and parsed); null when missing or unreadable. */
export function islandPropsIn<Props>(page: Document, ids: IslandIds): Props | null {
  const text = page.getElementById(ids.props)?.textContent;
  if (!text) return null;
  try {
    return JSON.parse(text) as Props;
  } catch {
    return null;
  }
}
