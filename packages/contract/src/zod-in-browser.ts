import { z } from 'zod';

// Zod compiles fast object parsers with `new Function` where it may, and finds out by trying one
// when the first object schema is built, which is when this package loads. The web app's
// Content-Security-Policy forbids eval, so in a browser that probe is blocked and reported as a
// CSP issue (Lighthouse best practices, docs/performance.md "Lighthouse (mobile)"). The browser
// parses few responses, so it does without compiled parsers; the server keeps them.
if ('document' in globalThis) z.config({ jitless: true });
