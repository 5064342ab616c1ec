/** An island's script as the server names it (islands.server.ts), with the modules it imports. */
export type IslandScript = { src: string; imports: ReadonlyArray<string> };

/**
 * An island's script tags. Its imports are preloaded, so they arrive with it instead of one round
 * trip after. All at low priority: the page works and shows without them (an island only adds
 * keys or live checks to what the server rendered), so the hero image and the stylesheet go first.
 */
export function IslandScriptTags({ script }: { script: IslandScript }) {
  return (
    <>
      {script.imports.map((href) => (
        <link key={href} rel="modulepreload" href={href} fetchPriority="low" />
      ))}
      <script type="module" src={script.src} fetchPriority="low" />
    </>
  );
}
