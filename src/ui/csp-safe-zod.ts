import { z } from 'zod';

/**
 * The storefront runs under a Content-Security-Policy without 'unsafe-eval' (server/http/security-headers.ts).
 * On its first object parse zod probes whether it may compile parsers with `new Function`; the probe is
 * caught, yet the browser still reports it as a CSP violation. Jitless zod never probes. Imported first by
 * main.tsx, before any module can parse.
 */
z.config({ jitless: true });
