import path from 'node:path';
import type { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import compress from '@fastify/compress';
import Fastify, { type FastifyInstance, type FastifyPluginAsync, type RouteOptions } from 'fastify';
import { systemClock, type Clock } from '../src/domain/clock';
import type { Config } from './config';
import type { Db } from './db/client';
import { installAuthDecorators } from './http/auth';
import { decorateContext } from './http/context';
import { installErrorHandler } from './http/error-handler';
import { frameworkErrors, installInputGuard } from './http/input-guard';
import { loggerOptions } from './http/logging';
import { limitStoreFor, type LimitStore } from './http/limit-store';
import { installRateLimits } from './http/rate-limits';
import { installSecurityHeaders } from './http/security-headers';
import { inlineStyleSources, installStaticSite } from './http/static-site';
import { fastifyTrustProxy } from './http/trust-proxy';
import { accountRoutes } from './routes/account';
import { adminRoutes } from './routes/admin';
import { authRoutes } from './routes/auth';
import { cartRoutes } from './routes/cart';
import { orderRoutes } from './routes/orders';
import { addressRoutes } from './routes/addresses';
import { deliveryRoutes } from './routes/delivery';
import { requestRoutes } from './routes/requests';
import { creditTermRoutes } from './routes/credit-terms';
import { favoritesRoutes } from './routes/favorites';
import { catalogSearchRoutes } from './routes/catalog-search';
import { emailConfirmationRoutes } from './routes/email-confirmation';
import { healthRoutes } from './routes/health';
import { eventRoutes, type EventRoutesOptions } from './routes/events';
import { companyUserRoutes } from './routes/company-users';
import { joinRequestRoutes } from './routes/join-requests';
import { mediaRoutes } from './routes/media';
import { passwordRoutes } from './routes/password';
import { registrationRoutes } from './routes/registration';
import { syncRoutes } from './routes/sync';
import { productRedirectRoutes, urlMapRoutes } from './routes/url-map';
import { localCompanyRegistry, type CompanyRegistry } from './services/company-registry';
import { outboxMailer, smtpMailer, type Mailer } from './services/mailer';
import { SessionStatus } from './services/session-status';

export const BODY_LIMIT_BYTES = 1024 * 1024;

/**
 * Slow or idle clients cannot hold connections for ever (slowloris). Node checks the header and request
 * deadlines every `checkEveryMs`.
 */
export const HTTP_TIMEOUTS = {
  /** Request line and headers must have arrived within this. */
  headersMs: 10_000,
  /** The whole request, body included (at most BODY_LIMIT_BYTES), within this. */
  requestMs: 30_000,
  /** A socket with no traffic either way is closed; the live-events stream sends a heartbeat every 25 s. */
  idleMs: 60_000,
  /**
   * An idle keep-alive connection between requests. Longer than the 60 s a reverse proxy (nginx, AWS ALB)
   * keeps an idle upstream connection, so the bridge never closes one that the proxy is about to reuse.
   */
  keepAliveMs: 65_000,
  checkEveryMs: 5_000,
};
export type HttpTimeouts = typeof HTTP_TIMEOUTS;

const DEFAULT_DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'dist');

export type AppOptions = {
  config: Config;
  db: Db;
  /** Where the built storefront lives (default `<repo>/dist`). */
  distDir?: string;
  /** Log destination; tests pass a stream to read what was logged. Default: stdout at config.logLevel. */
  logStream?: Writable;
  /** Turn logging off entirely (quiet tests). */
  logger?: boolean;
  clock?: Clock;
  mailer?: Mailer;
  companyRegistry?: CompanyRegistry;
  /** Live-event stream settings (tests shorten the session sweep); defaults suit production. */
  events?: EventRoutesOptions;
  /** More route plugins, registered after the built-in routes (tests use it for probe routes). */
  extraRoutes?: FastifyPluginAsync[];
  /** Called for every route as it is added (the endpoint fuzz test discovers every route this way). */
  onRoute?: (route: RouteOptions) => void;
  /** Where rate limits count; default: shared rows on PostgreSQL, this process's memory on PGlite (limit-store.ts). */
  limitStore?: LimitStore;
  /** Default HTTP_TIMEOUTS; tests shorten them to watch a slow client being cut off. */
  httpTimeouts?: Partial<HttpTimeouts>;
};

/** External plugins, then app plugins, then routes; `app.inject` in tests exercises the same stack. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config, db } = options;
  const timeouts = { ...HTTP_TIMEOUTS, ...options.httpTimeouts };
  const app = Fastify({
    logger: options.logger === false ? false : loggerOptions(config.logLevel, options.logStream),
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: fastifyTrustProxy(config.trustProxy),
    frameworkErrors,
    connectionTimeout: timeouts.idleMs,
    keepAliveTimeout: timeouts.keepAliveMs,
    requestTimeout: timeouts.requestMs,
    http: { headersTimeout: timeouts.headersMs, connectionsCheckingInterval: timeouts.checkEveryMs },
  });
  if (options.onRoute) app.addHook('onRoute', options.onRoute);

  // Plain-text bodies are never valid input here; without a parser they are refused with 415.
  app.removeContentTypeParser('text/plain');

  const distDir = options.distDir ?? DEFAULT_DIST;
  await installSecurityHeaders(app, config.publicUrl, inlineStyleSources(distDir));
  await app.register(compress, { global: true });
  installRateLimits(app, options.limitStore ?? limitStoreFor(db));

  const mailer =
    options.mailer ??
    (config.smtpUrl
      ? smtpMailer(config.smtpUrl, config.mailFrom, app.log)
      : outboxMailer(path.join(config.dataDir, 'outbox'), config.mailFrom, app.log));
  const clock = options.clock ?? systemClock;
  decorateContext(app, {
    config,
    db,
    clock,
    mailer,
    companyRegistry: options.companyRegistry ?? localCompanyRegistry(db),
    sessions: new SessionStatus(db, clock),
  });
  installAuthDecorators(app);
  installErrorHandler(app);
  installInputGuard(app);

  await app.register(healthRoutes);
  await app.register(authRoutes);
  await app.register(registrationRoutes);
  await app.register(passwordRoutes);
  await app.register(accountRoutes);
  await app.register(emailConfirmationRoutes);
  await app.register(joinRequestRoutes);
  await app.register(companyUserRoutes);
  await app.register(cartRoutes);
  await app.register(orderRoutes);
  await app.register(addressRoutes);
  await app.register(deliveryRoutes);
  await app.register(requestRoutes);
  await app.register(creditTermRoutes);
  await app.register(mediaRoutes);
  await app.register(syncRoutes);
  await app.register(adminRoutes);
  await app.register(eventRoutes, options.events ?? {});
  await app.register(catalogSearchRoutes);
  await app.register(urlMapRoutes);
  // Before the storefront fallback: a direct request for a hidden variant's URL gets a 301 to its parent.
  await app.register(productRedirectRoutes);
  await app.register(favoritesRoutes);
  for (const routes of options.extraRoutes ?? []) await app.register(routes);

  await installStaticSite(app, distDir);
  return app;
}
