import { useEffect, useRef, useState } from "react";

/**
 * Whether the picture at `src` failed to load, for a placeholder instead of a broken image. A
 * failure belongs to its address: a new `src` gets a new chance.
 */
export function useImageFailed(src: string | undefined) {
  const ref = useRef<HTMLImageElement>(null);
  const [failedSrc, setFailedSrc] = useState<string | undefined>(undefined);
  // An error before hydration fires no React event: check what the browser already knows.
  useEffect(() => {
    const img = ref.current;
    if (img?.complete && img.naturalWidth === 0 && img.getAttribute("src")) setFailedSrc(src);
  }, [src]);
  return { ref, failed: src !== undefined && failedSrc === src, onError: () => setFailedSrc(src) };
}
