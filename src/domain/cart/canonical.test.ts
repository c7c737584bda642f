import { describe, expect, it } from 'vitest';
import { canonicalJson, sameDocument } from './canonical';

describe('canonicalJson', () => {
  it('ignores key order and undefined values, keeps arrays in order', () => {
    expect(canonicalJson({ b: 1, a: { d: [2, 1], c: undefined } })).toBe('{"a":{"d":[2,1]},"b":1}');
    expect(sameDocument({ a: 1, b: 'x' }, { b: 'x', a: 1 })).toBe(true);
    expect(sameDocument({ a: [1, 2] }, { a: [2, 1] })).toBe(false);
    expect(sameDocument({ a: 1 }, { a: 1, b: null })).toBe(false);
    expect(canonicalJson('x')).toBe('"x"');
  });
});
