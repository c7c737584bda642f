import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { createWorkGate } from './work-gate';

/**
 * Memory-hard password hashing with Node's built-in scrypt (no native add-on to build). Format:
 * `scrypt$N$r$p$salt$hash` (base64url). Cost: the OWASP Password Storage Cheat Sheet's scrypt minimum,
 * N=2^17, r=8, p=1 (128 MiB and about 0.4–0.8 s per hash here; docs/decisions/015-bridge-hardening.md).
 * Hashes stored with another cost still verify and are rewritten at the next successful login.
 */
type Cost = { n: number; r: number; p: number };

export const PRODUCTION_SCRYPT_COST = { n: 2 ** 17, r: 8, p: 1 } as const;

/**
 * The cost in force. Only under the test runner (VITEST set) may SCRYPT_TEST_LOG2_N lower N, to 2^12 at
 * least: the server suites log in hundreds of times and spend minutes hashing otherwise. Everywhere else,
 * the end-to-end tests' bridge included, the production cost holds whatever the environment says.
 */
export function scryptCostFor(env: Record<string, string | undefined>): Cost {
  const log2 = Number(env.SCRYPT_TEST_LOG2_N);
  if (!env.VITEST || !Number.isInteger(log2) || log2 < 12 || log2 > 17) return { ...PRODUCTION_SCRYPT_COST };
  return { ...PRODUCTION_SCRYPT_COST, n: 2 ** log2 };
}

export const SCRYPT_COST: Readonly<Cost> = scryptCostFor(process.env);
const KEYLEN = 32;

/**
 * Every hash, verification and decoy comparison passes through this gate: two at a time (scrypt runs on
 * libuv's pool of four threads, which file reads and compression share) and six waiting. A flood of logins
 * is then refused at once (`WorkGateFull`, answered 503) instead of making every login wait seconds.
 */
const hashing = createWorkGate('password hashing', 2, 6);

function derive(password: string, salt: Buffer, cost: Cost): Promise<Buffer> {
  return hashing.run(
    () =>
      new Promise((resolve, reject) => {
        const { n, r, p } = cost;
        scrypt(password.normalize('NFKC'), salt, KEYLEN, { N: n, r, p, maxmem: 256 * n * r * p }, (err, key) => {
          if (err) reject(err);
          else resolve(key);
        });
      }),
  );
}

type Parsed = Cost & { salt: Buffer; hash: Buffer };

const isPowerOfTwo = (value: number) => Number.isInteger(value) && value > 1 && (value & (value - 1)) === 0;

/** Bounds keep a corrupted row from asking for gigabytes: N up to 2^20, r up to 32, p up to 4. */
function parse(stored: string | null): Parsed | undefined {
  if (!stored) return undefined;
  const [scheme, n, r, p, salt, hash, ...rest] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash || rest.length > 0) return undefined;
  const cost = { n: Number(n), r: Number(r), p: Number(p) };
  if (!isPowerOfTwo(cost.n) || cost.n > 2 ** 20) return undefined;
  if (!Number.isInteger(cost.r) || cost.r < 1 || cost.r > 32 || !Number.isInteger(cost.p) || cost.p < 1 || cost.p > 4) return undefined;
  return { ...cost, salt: Buffer.from(salt, 'base64url'), hash: Buffer.from(hash, 'base64url') };
}

export async function hashPassword(password: string, cost: Cost = SCRYPT_COST): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, cost);
  return ['scrypt', cost.n, cost.r, cost.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

export async function verifyPassword(password: string, stored: string | null): Promise<boolean> {
  const parsed = parse(stored);
  if (!parsed) return false;
  const actual = await derive(password, parsed.salt, parsed);
  return actual.length === parsed.hash.length && timingSafeEqual(actual, parsed.hash);
}

/** True when a (verified) stored hash was made with another cost than today's and should be rewritten. */
export function needsRehash(stored: string): boolean {
  const parsed = parse(stored);
  return parsed !== undefined && (parsed.n !== SCRYPT_COST.n || parsed.r !== SCRYPT_COST.r || parsed.p !== SCRYPT_COST.p);
}
