import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/**
 * Security headers on every answer (pages, assets, the service worker, API JSON, errors).
 *
 * The Content-Security-Policy allows only our own origin and nothing inline or evaluated: the built
 * storefront has no inline script (Vite emits files; React sets styles through the DOM), its only inline
 * styles are index.html's (the static first paint and the entry's stylesheets), allowed by their hashes
 * (`inlineStyles`), zod runs jitless (src/ui/csp-safe-zod.ts) and RxDB's dev-mode, whose validator would
 * need eval, is not in the production build. `tests/e2e/content-security-policy.spec.ts` walks the
 * storefront and counts violations.
 *
 * Reset links carry their token in the query string, so no page sends a Referer anywhere. HSTS is sent only
 * when the public origin is https (a plain-http demo must stay reachable).
 */
export async function installSecurityHeaders(
  app: FastifyInstance,
  publicUrl: string,
  inlineStyles: () => string = () => '',
): Promise<void> {
  const https = new URL(publicUrl).protocol === 'https:';
  await app.register(helmet, {
    global: true,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        scriptSrcAttr: ["'none'"],
        styleSrc: [() => ["'self'", inlineStyles()].filter(Boolean).join(' ')],
        imgSrc: ["'self'"],
        fontSrc: ["'self'"],
        connectSrc: ["'self'"],
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        frameSrc: ["'none'"],
        baseUri: ["'none'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    // Same-origin only: nothing of ours is meant to be embedded or read by another site.
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    crossOriginResourcePolicy: { policy: 'same-origin' },
    // require-corp would add nothing (we load nothing cross-origin) and would need CORP on every asset.
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'no-referrer' },
    frameguard: { action: 'deny' },
    // Only our own host: subdomains may be other people's sites, still on plain http.
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: false } : false,
    xContentTypeOptions: true,
  });
}
