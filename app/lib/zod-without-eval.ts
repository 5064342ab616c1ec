import { config } from "zod/mini";

// Zod compiles faster object parsers with `new Function` where a page allows it, and finds out
// by trying once as each object schema is made. Our Content-Security-Policy forbids eval, so in
// the browser that try is a policy violation the browser reports. Parse without compiling there
// (our forms are a few fields); the server keeps the compiled parsers. Import this module before
// any module that makes a schema.
if (typeof document !== "undefined") config({ jitless: true });
