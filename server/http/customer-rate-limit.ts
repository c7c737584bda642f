import type { FastifyReply, FastifyRequest } from 'fastify';
import { M } from '../../src/contracts/messages';
import { AppError } from './app-error';
import { customerIdOf } from './auth';
import type { LimitStore } from './limit-store';

export type TokenBucketOptions = {
  /** Tokens added per second (the sustained rate allowed). */
  perSecond: number;
  /** Tokens a full bucket holds (the burst allowed after a pause). */
  burst: number;
  /** Buckets kept at most; full buckets (idle callers) are dropped first. */
  maxBuckets?: number;
  now?: () => number;
};

type Bucket = { tokens: number; at: number };

/**
 * One token bucket per key, in this process's memory: the embedded-PGlite store (one process). On
 * PostgreSQL the buckets are rows every instance shares (limit-store.ts, decision 027).
 */
export class TokenBuckets {
  private readonly buckets = new Map<string, Bucket>();
  private readonly now: () => number;
  private readonly maxBuckets: number;

  constructor(private readonly options: TokenBucketOptions) {
    this.now = options.now ?? (() => performance.now());
    this.maxBuckets = options.maxBuckets ?? 100_000;
  }

  private level(bucket: Bucket, now: number): number {
    return Math.min(this.options.burst, bucket.tokens + ((now - bucket.at) / 1000) * this.options.perSecond);
  }

  /** Takes one token for `key`: 0 when it was there, else the milliseconds until one will be. */
  take(key: string): number {
    const now = this.now();
    const bucket = this.buckets.get(key) ?? { tokens: this.options.burst, at: now };
    const tokens = this.level(bucket, now);
    if (tokens < 1) return Math.ceil(((1 - tokens) / this.options.perSecond) * 1000);
    this.buckets.delete(key);
    this.buckets.set(key, { tokens: tokens - 1, at: now });
    if (this.buckets.size > this.maxBuckets) this.evict(now);
    return 0;
  }

  /** Drops full buckets (a caller idle long enough is no different from a new one), else the oldest. */
  private evict(now: number): void {
    for (const [key, bucket] of this.buckets) if (this.level(bucket, now) >= this.options.burst) this.buckets.delete(key);
    while (this.buckets.size > this.maxBuckets) this.buckets.delete(this.buckets.keys().next().value ?? '');
  }

  get size(): number {
    return this.buckets.size;
  }
}

/** Takes a token for a key: 0 when there was one, else the ms until one will be. */
export interface CustomerBuckets {
  take(key: string): number | Promise<number>;
}

/** The bucket `name` in `store` (the app's `limits`: shared on PostgreSQL, this process's on PGlite). */
export function customerBuckets(store: LimitStore, name: string, options: { perSecond: number; burst: number }): CustomerBuckets {
  return { take: (key) => store.take(name, key, options.perSecond, options.burst) };
}

/**
 * preHandler after requireAuth: at most `perSecond` requests a second per customer (the access token's),
 * with bursts up to `burst`; beyond, 429 with M.tooManyRequests and Retry-After.
 */
export function perCustomerLimit(buckets: CustomerBuckets, code: string) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const waitMs = await buckets.take(customerIdOf(request));
    if (waitMs === 0) return;
    request.log.warn({ customerId: request.customerId, code }, 'rate limited');
    reply.header('retry-after', String(Math.max(1, Math.ceil(waitMs / 1000))));
    throw new AppError(429, M.tooManyRequests, undefined, code);
  };
}
