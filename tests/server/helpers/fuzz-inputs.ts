import fc from 'fast-check';

/**
 * Hostile inputs for the endpoint fuzz test (tests/server/fuzz-endpoints.test.ts): generic ones that any
 * route gets (random JSON, NUL bytes, numbers beyond their column, deep nesting, long strings, large
 * arrays, malformed path segments) and mutations of a valid body, field by field.
 */

/** A value written into a body as raw JSON text (numbers JSON.stringify cannot write, very deep nesting). */
const RAW_OPEN = '\u0001RAW:';
const RAW_CLOSE = '\u0001';
export const raw = (text: string): string => `${RAW_OPEN}${text}${RAW_CLOSE}`;

/** JSON.stringify, then each raw marker replaced by its text (JSON.stringify escapes \u0001 as `\u0001`). */
export function toJsonText(value: unknown): string {
  return JSON.stringify(value).replace(/"\\u0001RAW:(.*?)\\u0001"/g, (_m, text: string) => JSON.parse(`"${text}"`) as string);
}

export const deepArray = (depth: number): string => `${'['.repeat(depth)}${']'.repeat(depth)}`;
export const deepObject = (depth: number): string => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;

export const HOSTILE_STRINGS = [
  '\u0000',
  'a\u0000b',
  'καφές\u0000',
  '%00',
  '\ud800',
  '',
  ' ',
  'x'.repeat(5000),
  'NaN',
  'Infinity',
  '-0',
  '1e308',
  '2147483648',
  '-2147483649',
  '9007199254740993',
  '0x7fffffff',
  '../../etc/passwd',
  "'; drop table customers; --",
  '__proto__',
  '2026-13-45',
  'null',
] as const;

export const HOSTILE_NUMBERS = [
  2 ** 31,
  -(2 ** 31) - 1,
  2 ** 53 + 2,
  -(2 ** 53) - 2,
  1e308,
  -1e308,
  5e-324,
  1.5,
  -1,
  0,
  4294967296,
  1e21,
  8.64e15 + 1,
] as const;

/** Numbers only raw JSON can carry: JSON.parse turns them into Infinity or an imprecise double. */
export const RAW_NUMBERS = ['1e999', '-1e999', '123456789012345678901234567890', '-0.0'] as const;

export const hostileString = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...HOSTILE_STRINGS) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ maxLength: 20 }).map((s) => `${s}\u0000${s}`) },
);

export const hostileNumber = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...HOSTILE_NUMBERS) },
  { weight: 1, arbitrary: fc.double({ noNaN: true, noDefaultInfinity: true }) },
  { weight: 1, arbitrary: fc.integer() },
  { weight: 1, arbitrary: fc.constantFrom(...RAW_NUMBERS).map(raw) },
);

/** A value to put where a field of a valid body was: anything but what the contract asks for. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: hostileString },
  { weight: 3, arbitrary: hostileNumber },
  { weight: 1, arbitrary: fc.constantFrom(null, true, false, [], {}) },
  { weight: 1, arbitrary: fc.constantFrom(1000, 5000).map((d) => raw(deepArray(d))) },
  { weight: 1, arbitrary: fc.constantFrom(1000, 5000).map((d) => raw(deepObject(d))) },
  { weight: 1, arbitrary: fc.constant(raw(`[${'0,'.repeat(49_999)}0]`)) },
  { weight: 1, arbitrary: fc.constant(raw(`{${Array.from({ length: 5000 }, (_, i) => `"k${i}":${i}`).join(',')}}`)) },
  { weight: 1, arbitrary: fc.array(hostileString, { maxLength: 5 }) },
);

/** Random JSON with hostile leaves, a few levels deep. */
export const hostileJson: fc.Arbitrary<unknown> = fc.letrec<{ node: unknown }>((tie) => ({
  node: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    hostileString,
    hostileNumber,
    fc.constantFrom(null, true, false),
    fc.array(tie('node'), { maxLength: 4 }),
    fc.dictionary(fc.oneof(fc.string({ maxLength: 8 }), hostileString), tie('node'), { maxKeys: 4 }),
  ),
})).node;

/** Every path to a value inside a JSON body (objects and arrays), the root excluded. */
export function pathsOf(value: unknown, prefix: (string | number)[] = []): (string | number)[][] {
  if (Array.isArray(value)) return value.flatMap((v, i) => [[...prefix, i], ...pathsOf(v, [...prefix, i])]);
  if (typeof value === 'object' && value !== null)
    return Object.entries(value).flatMap(([k, v]) => [[...prefix, k], ...pathsOf(v, [...prefix, k])]);
  return [];
}

/** A copy of `value` with the value at `path` replaced (or removed, for `undefined`). */
export function withValueAt(value: unknown, path: (string | number)[], replacement: unknown): unknown {
  const copy = structuredClone(value) as Record<string | number, unknown>;
  let at: Record<string | number, unknown> = copy;
  for (const key of path.slice(0, -1)) at = at[key] as Record<string | number, unknown>;
  const last = path[path.length - 1] as string | number;
  if (replacement === undefined && !Array.isArray(at)) delete at[last];
  else at[last] = replacement;
  return copy;
}

function valueAt(value: unknown, path: (string | number)[]): unknown {
  return path.reduce<unknown>((at, key) => (at as Record<string | number, unknown>)[key], value);
}

/** Mostly a hostile value of the original's own type (a number beyond its column, a string with NUL). */
function replacementFor(original: unknown): fc.Arbitrary<unknown> {
  const typed = typeof original === 'number' ? hostileNumber : typeof original === 'string' ? hostileString : hostileValue;
  return fc.oneof({ weight: 3, arbitrary: typed }, { weight: 1, arbitrary: hostileValue });
}

/** A valid body mutated once: one field replaced, removed, or an unknown field added. */
export function mutated(sample: Record<string, unknown>): fc.Arbitrary<unknown> {
  const paths = pathsOf(sample);
  const replace =
    paths.length > 0
      ? fc.constantFrom(...paths).chain((path) => replacementFor(valueAt(sample, path)).map((v) => withValueAt(sample, path, v)))
      : hostileJson.map((v) => ({ field: v }));
  const remove = paths.length > 0 ? fc.constantFrom(...paths).map((path) => withValueAt(sample, path, undefined)) : fc.constant({});
  const extra = fc.tuple(hostileString, hostileValue).map(([k, v]) => ({ ...sample, [k]: v }));
  return fc.oneof({ weight: 6, arbitrary: replace }, { weight: 1, arbitrary: remove }, { weight: 1, arbitrary: extra });
}

/** Raw request bodies that are not a JSON object: malformed, empty, non-UTF-8, too large, too deep. */
export const RAW_BODIES: readonly (string | Buffer)[] = [
  '',
  '{',
  'null',
  '"text"',
  '[]',
  '123',
  '{"a":1e999}',
  '\ufeff{}',
  Buffer.from([0xff, 0xfe, 0x7b, 0x7d]),
  Buffer.from('{"a":"\xff\xfe"}', 'latin1'),
  '{"__proto__":{"admin":true}}',
  '{"constructor":{"prototype":{"admin":true}}}',
  deepArray(100_000),
  deepObject(100_000),
  `[${'0,'.repeat(99_999)}0]`,
  `{"a":"${'x'.repeat(900_000)}"}`,
  `{"a":"${'x'.repeat(1_100_000)}"}`,
];

/** Path segments a route's parameters get besides valid values: encoded NUL, bad escapes, huge numbers. */
export const HOSTILE_SEGMENTS = [
  '%00',
  'a%00b',
  '%ff',
  '%',
  '%E0%A4%A',
  '..',
  '.',
  'a%2Fb',
  '%2e%2e',
  'x'.repeat(3000),
  '2147483648',
  '99999999999999999999',
  '-1',
  '0',
  '1e308',
  'NaN',
  '%20',
  '%F0%9F%98%80',
  '__proto__',
] as const;

export const hostileSegment = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...HOSTILE_SEGMENTS) },
  { weight: 1, arbitrary: hostileString.map((s) => encodeURIComponent(s.replace(/[\ud800-\udfff]/g, 'x'))) },
);
