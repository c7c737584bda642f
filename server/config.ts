import { randomBytes } from 'node:crypto';
import { existsSync, linkSync, mkdirSync, readFileSync, renameSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { parseTrustProxy, type TrustProxySetting } from './http/trust-proxy';

/**
 * Bridge configuration from the environment, validated once at start so a typo fails loudly instead of at
 * the first request. Every variable is optional; the defaults run the demo on one machine.
 */
const envSchema = z.object({
  /** TCP port the bridge listens on. */
  PORT: z.coerce.number().int().min(1).max(65535).default(8080),
  /** Interface to bind; 0.0.0.0 so a phone on the same network can reach the demo. */
  HOST: z.string().min(1).default('0.0.0.0'),
  /** Where PGlite data, the JWT secret, the mail outbox and generated media live. */
  DATA_DIR: z.string().min(1).default('./data'),
  /** PostgreSQL connection string; when unset the embedded PGlite in DATA_DIR/pglite is used. */
  DATABASE_URL: z.string().min(1).optional(),
  /** nodemailer SMTP URL (smtp://user:pass@host:587); when unset mails go to DATA_DIR/outbox as .eml + .json. */
  SMTP_URL: z.string().min(1).optional(),
  /** Sender of every mail. */
  MAIL_FROM: z.string().min(3).default('B2B Marketplace <no-reply@localhost>'),
  /** Customer service's mailbox: account deletion requests go there. */
  SUPPORT_EMAIL: z.email().default('support@example.gr'),
  /**
   * Public origin of the storefront (scheme, host, optional port; no path), the only host links in mails
   * point at; defaults to http://localhost:PORT. https here also turns on HSTS.
   */
  PUBLIC_URL: z
    .url()
    .refine(isBareOrigin, 'PUBLIC_URL must be an http(s) origin such as https://shop.example.gr, without a path, query or user name')
    .optional(),
  /** HMAC key of access tokens (at least 32 characters); generated and kept in DATA_DIR/jwt-secret when unset. */
  JWT_SECRET: z.string().min(32, 'JWT_SECRET must be at least 32 characters').optional(),
  /** Number of demo products the seed creates when the database is empty (0 disables seeding). */
  SEED_PRODUCTS: z.coerce.number().int().min(0).default(3000),
  /** Lifetime of access tokens; capped at 15 minutes so a leaked token is short-lived. */
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(10).max(900).default(900),
  /** pino log level. */
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /**
   * Login attempts a minute from one client address. Raise it where many people sign in from one address
   * the bridge sees (an office behind NAT without TRUST_PROXY) or in end-to-end test runs.
   */
  LOGIN_ATTEMPTS_PER_ADDRESS: z.coerce.number().int().min(1).max(100_000).default(30),
  /** Catalogue searches a customer may send per second, sustained (decision 016; one budget across instances on one PostgreSQL, decision 027). */
  SEARCH_RATE_PER_SECOND: z.coerce.number().positive().max(100_000).default(5),
  /** Searches a customer may send at once after a pause (the token bucket's size). */
  SEARCH_BURST: z.coerce.number().int().min(1).max(1_000_000).default(30),
  /**
   * Orders a customer may send per second, sustained (across instances on one PostgreSQL). A sales rep's device sends what it
   * queued offline all at once when the connection returns, so the burst is large.
   */
  ORDER_RATE_PER_SECOND: z.coerce.number().positive().max(100_000).default(2),
  /** Orders a customer may send at once after a pause (the token bucket's size); also buyer-data saves. */
  ORDER_BURST: z.coerce.number().int().min(100).max(1_000_000).default(200),
  /** Memory each catalogue answer cache (searches, URL maps) may use, in MB; least recently used answers go first. */
  SEARCH_CACHE_MB: z.coerce.number().positive().max(4096).default(32),
  /**
   * Which proxies may tell the client address in X-Forwarded-For (rate limits count per address): a hop
   * count, or addresses/CIDRs separated by commas; `true` trusts any sender (see server/http/trust-proxy.ts).
   */
  TRUST_PROXY: z
    .string()
    .default('false')
    .transform((value, ctx): TrustProxySetting => {
      const parsed = parseTrustProxy(value);
      if (parsed.ok) return parsed.value;
      ctx.addIssue({ code: 'custom', message: parsed.problem });
      return z.NEVER;
    }),
});

function isBareOrigin(value: string): boolean {
  // zod runs this refinement even when z.url() has already refused the value.
  if (!URL.canParse(value)) return false;
  const url = new URL(value);
  return (
    (url.protocol === 'http:' || url.protocol === 'https:') &&
    !url.username &&
    !url.password &&
    url.pathname === '/' &&
    !url.search &&
    !url.hash
  );
}

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  supportEmail: string;
  publicUrl: string;
  jwtSecret: string;
  seedProducts: number;
  accessTokenTtlSeconds: number;
  logLevel: string;
  trustProxy: TrustProxySetting;
  loginAttemptsPerAddress: number;
  searchRatePerSecond: number;
  searchBurst: number;
  orderRatePerSecond: number;
  orderBurst: number;
  searchCacheBytes: number;
};

export class ConfigError extends Error {
  readonly code = 'CONFIG_INVALID';
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid environment:\n  ${lines.join('\n  ')}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    supportEmail: e.SUPPORT_EMAIL,
    publicUrl: new URL(e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).origin,
    jwtSecret: e.JWT_SECRET ?? persistedSecret(dataDir),
    seedProducts: e.SEED_PRODUCTS,
    accessTokenTtlSeconds: e.ACCESS_TOKEN_TTL_SECONDS,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    loginAttemptsPerAddress: e.LOGIN_ATTEMPTS_PER_ADDRESS,
    searchRatePerSecond: e.SEARCH_RATE_PER_SECOND,
    searchBurst: e.SEARCH_BURST,
    orderRatePerSecond: e.ORDER_RATE_PER_SECOND,
    orderBurst: e.ORDER_BURST,
    searchCacheBytes: Math.round(e.SEARCH_CACHE_MB * 1024 * 1024),
  };
}

/**
 * Keeps the generated secret in DATA_DIR so access tokens stay valid across restarts. Several bridge
 * instances on one PostgreSQL that share DATA_DIR share the file; if they start together, the first link
 * wins and the others read its secret (the file appears whole or not at all). Instances that do not share
 * DATA_DIR must be given one JWT_SECRET (docs/decisions/027-several-bridge-instances.md).
 */
function persistedSecret(dataDir: string): string {
  const file = path.join(dataDir, 'jwt-secret');
  const stored = readSecret(file);
  if (stored) return stored;
  mkdirSync(dataDir, { recursive: true });
  const draft = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  writeFileSync(draft, `${randomBytes(48).toString('base64url')}\n`, { mode: 0o600 });
  try {
    linkSync(draft, file);
  } catch (error) {
    // Another instance linked its secret first; a short one left from an old version is replaced.
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    const theirs = readSecret(file);
    if (theirs) {
      unlinkSync(draft);
      return theirs;
    }
    renameSync(draft, file);
  }
  rmSync(draft, { force: true });
  return readSecret(file) ?? '';
}

function readSecret(file: string): string | null {
  if (!existsSync(file)) return null;
  const stored = readFileSync(file, 'utf8').trim();
  return stored.length >= 32 ? stored : null;
}
