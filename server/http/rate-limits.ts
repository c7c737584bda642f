import rateLimit, { type RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { M } from '../../src/contracts/messages';
import { AppError } from './app-error';

/**
 * Rate limits only where guessing pays off (passwords, reset mails, registration). Counters live in
 * memory per instance; behind several instances each allows the limit, which still stops brute force.
 */
export async function installRateLimits(app: FastifyInstance): Promise<void> {
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: () => new AppError(429, M.tooManyRequests, undefined, 'RATE_LIMITED'),
  });
}

function bodyField(request: FastifyRequest, name: string): string {
  const body = request.body;
  if (typeof body !== 'object' || body === null) return '';
  const value = (body as Record<string, unknown>)[name];
  return typeof value === 'string' ? value.trim().toLowerCase().slice(0, 200) : '';
}

/** Login: 10 a minute per IP and username, so one attacker cannot lock out everyone behind a shared IP. */
export const loginLimit: RateLimitOptions = {
  max: 10,
  timeWindow: 60_000,
  hook: 'preHandler',
  keyGenerator: (request) => `${request.ip}|${bodyField(request, 'username')}`,
};

/** Reset mails: 5 a minute per IP. */
export const passwordResetLimit: RateLimitOptions = { max: 5, timeWindow: 60_000 };

/** Registration steps (tax number lookup, account creation): 10 a minute per IP each. */
export const registrationLimit: RateLimitOptions = { max: 10, timeWindow: 60_000 };
