import { isIP } from 'node:net';

/**
 * Which peers may state the client's address in X-Forwarded-For. Rate limits count per address, so a
 * setting that believes a client-written header lets anyone pick a fresh address per request.
 *
 * - `false` (default): the socket's peer is the client; the header is ignored.
 * - a hop count `N` (`1` = one reverse proxy): the address N entries from the right of the chain is the
 *   client. Proxies append the address they saw, so whatever the client wrote sits further left and is
 *   skipped. Only safe when the bridge cannot be reached except through those proxies (bind HOST to
 *   127.0.0.1 or firewall the port): a direct client could otherwise write the header itself.
 * - addresses or CIDRs (`10.0.0.0/8,127.0.0.1`, also `loopback`, `linklocal`, `uniquelocal`): hops from
 *   those addresses are trusted, whoever else connects directly is the client. The safest choice.
 * - `true`: every hop is trusted and the LEFT-most address, which the client chooses, is the client. Unsafe
 *   unless the proxy in front replaces (not appends to) X-Forwarded-For.
 */
export type TrustProxySetting = boolean | number | readonly string[];

const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);
const MAX_HOPS = 10;

function isAddressOrRange(entry: string): boolean {
  if (NAMED_RANGES.has(entry)) return true;
  // Stryker disable next-line StringLiteral: equivalent, split() always yields a first element
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (family === 4 ? 32 : 128);
}

export type ParsedTrustProxy = { ok: true; value: TrustProxySetting } | { ok: false; problem: string };

export function parseTrustProxy(raw: string): ParsedTrustProxy {
  const value = raw.trim().toLowerCase();
  if (value === 'true') return { ok: true, value: true };
  if (value === 'false' || value === '' || value === '0') return { ok: true, value: false };
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    if (hops > MAX_HOPS) return { ok: false, problem: `TRUST_PROXY hop count must be at most ${MAX_HOPS}` };
    return { ok: true, value: hops };
  }
  const entries = value.split(',').map((entry) => entry.trim());
  const bad = entries.filter((entry) => !isAddressOrRange(entry));
  if (bad.length > 0) {
    return {
      ok: false,
      problem: `TRUST_PROXY must be true, false, a hop count or addresses/CIDRs separated by commas; not understood: ${bad.join(', ')}`,
    };
  }
  return { ok: true, value: entries };
}

/**
 * Fastify's form of the setting. Fastify 5.12 ignores a numeric trustProxy entirely (it trusts no hop,
 * because a hop count cannot check who connected), so a hop count becomes the equivalent trust function.
 */
export function fastifyTrustProxy(setting: TrustProxySetting): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof setting === 'number') return (_address: string, hop: number) => hop < setting;
  if (typeof setting === 'boolean') return setting;
  return [...setting];
}
