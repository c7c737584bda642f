import { describe, expect, it } from 'vitest';
import { fastifyTrustProxy, parseTrustProxy } from './trust-proxy';

describe('parseTrustProxy', () => {
  it.each([
    ['true', true],
    [' TRUE ', true],
    ['false', false],
    ['', false],
    ['0', false],
    ['1', 1],
    ['10', 10],
    ['127.0.0.1', ['127.0.0.1']],
    ['10.0.0.0/8, 127.0.0.1', ['10.0.0.0/8', '127.0.0.1']],
    ['loopback,linklocal,uniquelocal', ['loopback', 'linklocal', 'uniquelocal']],
    ['::1/128,fd00::/8', ['::1/128', 'fd00::/8']],
    ['192.168.0.0/32', ['192.168.0.0/32']],
    ['192.168.0.0/0', ['192.168.0.0/0']],
  ])('understands %j', (raw, value) => {
    expect(parseTrustProxy(raw)).toEqual({ ok: true, value });
  });

  it.each([
    '11',
    'yes',
    '10.0.0.0/33',
    '::1/129',
    '10.0.0.0/8/1',
    '10.0.0.0/x',
    '10.0.0.0/1234',
    '10.0.0.0/+8',
    '10.0.0.0/8e0',
    '300.1.1.1',
    'loopback,',
    'intranet',
  ])('refuses %j and says what it did not understand', (raw) => {
    const parsed = parseTrustProxy(raw);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.problem).toMatch(/TRUST_PROXY/);
  });

  it('names the entries it did not understand', () => {
    expect(parseTrustProxy('127.0.0.1,bogus,10.0.0.0/99')).toEqual({
      ok: false,
      problem: expect.stringContaining('bogus, 10.0.0.0/99') as string,
    });
    expect(parseTrustProxy('11')).toEqual({ ok: false, problem: 'TRUST_PROXY hop count must be at most 10' });
  });
});

describe('fastifyTrustProxy', () => {
  it('turns a hop count into a function trusting that many hops', () => {
    const trust = fastifyTrustProxy(2);
    if (typeof trust !== 'function') throw new Error('expected a function');
    expect([0, 1, 2, 3].map((hop) => trust('203.0.113.9', hop))).toEqual([true, true, false, false]);
  });

  it('passes booleans through and copies address lists', () => {
    expect(fastifyTrustProxy(true)).toBe(true);
    expect(fastifyTrustProxy(false)).toBe(false);
    const list = ['127.0.0.1'];
    const copy = fastifyTrustProxy(list);
    expect(copy).toEqual(list);
    expect(copy).not.toBe(list);
  });
});
