import { normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { M } from '../../src/contracts/messages';
import { AppError } from './app-error';
import type { LimitStore } from './limit-store';

/**
 * Rate limits where guessing or flooding pays off: passwords, reset mails, registration. A route lists its
 * rules in `config.limits`; they are checked in order after the route's own preHandlers (so a rule may
 * count per signed-in customer) and the first one over its budget answers 429 without charging the rest.
 * On PostgreSQL the counts are rows every bridge instance shares (limit-store.ts, decision 027), so
 * several instances behind one address allow one budget; on embedded PGlite (one process) they are in
 * memory. Windows use the wall clock (the database's on PostgreSQL), not the app's injectable clock.
 */
export type LimitRule = {
  /** Names the counter; two rules with one name share it. */
  name: string;
  max: number;
  windowMs: number;
  /** What is counted (an address, an account); undefined skips the rule for this request. */
  key: (request: FastifyRequest) => string | undefined;
  /**
   * Only these outcomes count (error codes such as 'WRONG_CREDENTIALS'); any other answer gives the attempt
   * back. For per-account budgets: they count wrong guesses, so a person who signs in on many devices, or
   * who was turned away while the bridge was busy, is not locked out, while a guesser is.
   */
  countOnly?: readonly string[];
};

declare module 'fastify' {
  interface FastifyContextConfig {
    limits?: readonly LimitRule[];
  }
  interface FastifyInstance {
    /** Rate-limit counts: rows every instance shares on PostgreSQL, this process's memory on PGlite. */
    limits: LimitStore;
  }
  interface FastifyRequest {
    limitCharges: Charge[] | null;
    /** The `code` of the error this request was answered with, if any. */
    failureCode: string | null;
  }
}

export class RateLimitSetupError extends Error {
  readonly code = 'RATE_LIMIT_SETUP';
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

type Charge = { counter: string; key: string; countOnly: readonly string[] };

const counterId = (rule: LimitRule): string => `${rule.name}/${rule.windowMs}`;

function limitHook(rules: readonly LimitRule[], store: LimitStore) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    for (const rule of rules) {
      const key = rule.key(request);
      if (key === undefined) continue;
      const counter = counterId(rule);
      const { count, msLeft } = await store.hit(counter, key, rule.windowMs);
      if (rule.countOnly) (request.limitCharges ??= []).push({ counter, key, countOnly: rule.countOnly });
      if (count > rule.max) {
        reply.header('retry-after', String(Math.max(1, Math.ceil(msLeft / 1000))));
        request.log.warn({ limit: rule.name }, 'rate limit reached');
        throw new AppError(429, M.tooManyRequests, undefined, 'RATE_LIMITED');
      }
    }
  };
}

/**
 * Attaches each route's `config.limits`, counted in `store` (shared rows on PostgreSQL, this process's
 * memory on PGlite), and hangs the store on the app as `limits` for per-customer buckets; call before the
 * routes are registered.
 */
export function installRateLimits(app: FastifyInstance, store: LimitStore): void {
  app.decorate('limits', store);
  app.addHook('onClose', () => store.close());
  app.decorateRequest('limitCharges', null);
  app.decorateRequest('failureCode', null);
  app.addHook('onRoute', (route) => {
    const config = route.config as { limits?: readonly LimitRule[]; rateLimit?: unknown } | undefined;
    // The @fastify/rate-limit option is no longer installed: a route that still uses it must not go unlimited.
    if (config?.rateLimit !== undefined) {
      throw new RateLimitSetupError(`${route.method} ${route.url}: use config.limits (server/http/rate-limits.ts)`);
    }
    if (!config?.limits?.length) return;
    const hook = limitHook(config.limits, store);
    const existing = route.preHandler;
    route.preHandler = existing === undefined ? [hook] : [...(Array.isArray(existing) ? existing : [existing]), hook];
  });
  app.addHook('onError', async (request, _reply, error) => {
    const code = (error as { code?: unknown }).code;
    request.failureCode = typeof code === 'string' ? code : 'ERROR';
  });
  app.addHook('onResponse', async (request) => {
    if (!request.limitCharges) return;
    const failure = request.failureCode;
    for (const { counter, key, countOnly } of request.limitCharges) {
      if (failure === null || !countOnly.includes(failure)) await app.limits.refund(counter, key);
    }
  });
}

/** The client's address; IPv6 counts per /64, the block one subscriber usually holds. */
export function clientAddress(request: FastifyRequest): string {
  return normalizeIP(request.ip, 64);
}

function bodyField(name: string) {
  return (request: FastifyRequest): string | undefined => {
    const body = request.body;
    if (typeof body !== 'object' || body === null) return undefined;
    const value = (body as Record<string, unknown>)[name];
    if (typeof value !== 'string') return undefined;
    const normalised = value.trim().toLowerCase().slice(0, 200);
    return normalised === '' ? undefined : normalised;
  };
}

const signedInCustomer = (request: FastifyRequest): string | undefined => request.customerId ?? undefined;

/**
 * Login: 30 attempts a minute per address by default (LOGIN_ATTEMPTS_PER_ADDRESS: many usernames from one
 * place), and 10 wrong passwords per 15 minutes per account from anywhere (one username from many places).
 */
export const DEFAULT_LOGINS_PER_ADDRESS = 30;

export const loginLimits = (perAddressPerMinute = DEFAULT_LOGINS_PER_ADDRESS): readonly LimitRule[] => [
  { name: 'login-address', max: perAddressPerMinute, windowMs: MINUTE, key: clientAddress },
  { name: 'login-account', max: 10, windowMs: 15 * MINUTE, key: bodyField('username'), countOnly: ['WRONG_CREDENTIALS'] },
];

/** Reset mails: 5 a minute per address, 5 an hour per mailbox (nobody gets flooded with reset mails). */
export const passwordResetLimits: readonly LimitRule[] = [
  { name: 'reset-mail-address', max: 5, windowMs: MINUTE, key: clientAddress },
  { name: 'reset-mail-email', max: 5, windowMs: HOUR, key: bodyField('email') },
];

/** Setting a new password with a mailed token: 10 a minute per address. */
export const passwordTokenLimits: readonly LimitRule[] = [
  { name: 'password-token-address', max: 10, windowMs: MINUTE, key: clientAddress },
];

/** First password of an invited user: 5 a minute per address, 10 wrong tokens an hour per email. */
export const createPasswordLimits: readonly LimitRule[] = [
  { name: 'create-password-address', max: 5, windowMs: MINUTE, key: clientAddress },
  { name: 'create-password-email', max: 10, windowMs: HOUR, key: bodyField('email'), countOnly: ['TOKEN_INVALID'] },
];

/** Change password (signed in): 5 wrong old passwords per 15 minutes per customer, 20 a minute per address. */
export const changePasswordLimits: readonly LimitRule[] = [
  { name: 'change-password-address', max: 20, windowMs: MINUTE, key: clientAddress },
  { name: 'change-password-customer', max: 5, windowMs: 15 * MINUTE, key: signedInCustomer, countOnly: ['OLD_PASSWORD_WRONG'] },
];

/** Tax number lookup: 10 a minute per address. */
export const taxIdLookupLimits: readonly LimitRule[] = [{ name: 'tax-id-address', max: 10, windowMs: MINUTE, key: clientAddress }];

/** Account creation: 10 a minute and 30 an hour per address. */
export const registrationLimits: readonly LimitRule[] = [
  { name: 'register-address', max: 10, windowMs: MINUTE, key: clientAddress },
  { name: 'register-address-hour', max: 30, windowMs: HOUR, key: clientAddress },
];

/**
 * Profile update: an email change checks the current password, so the route is a password oracle for
 * whoever holds an access token: like the login's per-account budget, 10 wrong current passwords per 15
 * minutes per customer (whatever the address), and 20 calls a minute per address.
 */
export const profileUpdateLimits: readonly LimitRule[] = [
  { name: 'profile-update-address', max: 20, windowMs: MINUTE, key: clientAddress },
  { name: 'profile-update-customer', max: 10, windowMs: 15 * MINUTE, key: signedInCustomer, countOnly: ['CURRENT_PASSWORD_WRONG'] },
];

/** Email confirmation mails sent again: like reset mails, 5 a minute per address and 5 an hour per mailbox. */
export const confirmationMailLimits: readonly LimitRule[] = [
  { name: 'confirmation-mail-address', max: 5, windowMs: MINUTE, key: clientAddress },
  { name: 'confirmation-mail-email', max: 5, windowMs: HOUR, key: bodyField('email') },
];

/** Invitation mails (send, resend): 20 a minute per address, 50 an hour per super user. */
export const invitationMailLimits: readonly LimitRule[] = [
  { name: 'invitation-mail-address', max: 20, windowMs: MINUTE, key: clientAddress },
  { name: 'invitation-mail-customer', max: 50, windowMs: HOUR, key: signedInCustomer },
];

/** Checking and accepting an invitation link: 10 a minute per address (tokens are not guessable, but still). */
export const invitationTokenLimits: readonly LimitRule[] = [
  { name: 'invitation-token-address', max: 10, windowMs: MINUTE, key: clientAddress },
];

/** Adding a company when signed in: like registration per address, and 30 an hour per customer. */
export const addCompanyLimits: readonly LimitRule[] = [
  ...registrationLimits,
  { name: 'add-company-customer', max: 30, windowMs: HOUR, key: signedInCustomer },
];
