// Headers every response carries. The policy allows scripts only from our origin (and, on
// hydrated documents, inline scripts bearing the per-request nonce); styles only as stylesheet
// files from our origin (no <style> elements or style attributes: sonner's toast CSS is built
// into a file, see vite.sonner-styles.ts); images from our origin only (the bundled artwork and
// the uploaded media: an address staff type is copied into the library when they save, decision
// 011); and frames only from the map provider on /contact.
export function contentSecurityPolicy(nonce?: string, options: { viteDevServer?: boolean } = {}): string {
  return [
    "default-src 'self'",
    nonce ? `script-src 'self' 'nonce-${nonce}'` : "script-src 'self'",
    // `npm run dev` only: Vite's dev server adds the CSS that modules import as <style>
    // elements (hot reload). Built pages link every stylesheet as a file.
    options.viteDevServer ? "style-src 'self' 'unsafe-inline'" : "style-src 'self'",
    "img-src 'self'",
    "font-src 'self'",
    "connect-src 'self'",
    "frame-src https://www.openstreetmap.org",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/** Sent on every response to a request that came over https (SITE_URL is https, or a trusted proxy says so). */
export const strictTransportSecurity = "max-age=31536000; includeSubDomains";

export function securityHeaders(): Record<string, string> {
  return {
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "X-Frame-Options": "DENY",
    "Cross-Origin-Opener-Policy": "same-origin",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=(), interest-cohort=()",
  };
}
