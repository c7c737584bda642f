import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_MERGE_RULES, mergeCarts, mergeLineQuantity, type MergeRules } from './merge';

const rules = (over: Partial<MergeRules> = {}): MergeRules => ({ ...DEFAULT_MERGE_RULES, ...over });
const U = undefined;

describe('mergeLineQuantity', () => {
  // base = last agreed, server = bridge now, client = device now; undefined = no such line.
  it.each([
    // what happened                                   base server client  rules                                   result
    ['nothing changed', 3, 3, 3, rules(), 3],
    ['a new line on the device is sent', U, U, 2, rules(), 2],
    ['a new line on the bridge is added on the device', U, 4, U, rules(), 4],
    ['a new line on the bridge is dropped when the device state is forced', U, 4, U, rules({ forceClientState: true }), 0],
    ['the device changed the quantity', 3, 3, 5, rules(), 5],
    ['the device removed the line', 3, 3, U, rules(), 0],
    ['the bridge changed the quantity', 3, 6, 3, rules(), 6],
    ['the bridge changed it but may not modify local lines', 3, 6, 3, rules({ serverSyncCanModifyLocalItems: false }), 3],
    ['the bridge removed the line', 3, U, 3, rules(), 0],
    ['the bridge removed it but may not remove local lines', 3, U, 3, rules({ serverSyncCanRemoveLocalItems: false }), 3],
    ['both changed it: quantities merge', 3, 5, 4, rules(), 6],
    ['both changed it, merge off: the bridge wins', 3, 5, 4, rules({ mergeQuantities: false }), 5],
    [
      'both changed it, merge and modify off: the device wins',
      3,
      5,
      4,
      rules({ mergeQuantities: false, serverSyncCanModifyLocalItems: false }),
      4,
    ],
    ['both changed it, device forced', 3, 5, 4, rules({ forceClientState: true }), 4],
    ['both lowered it to the same quantity', 3, 1, 1, rules(), 1],
    ['merge that would go below zero is removed', 5, 1, 2, rules(), 0],
    ['device removed, bridge changed: the removal stands', 3, 5, U, rules(), 0],
    ['bridge removed, device changed: removed', 3, U, 5, rules(), 0],
    ['bridge removed, device changed, may not remove: kept', 3, U, 5, rules({ serverSyncCanRemoveLocalItems: false }), 5],
    ['both added the same product offline: quantities add', U, 2, 3, rules(), 5],
    ['both added it, merge off: the bridge wins', U, 2, 3, rules({ mergeQuantities: false }), 2],
    ['same change on both sides', 3, 7, 7, rules(), 7],
  ] as const)('%s', (_what, base, server, client, r, expected) => {
    expect(mergeLineQuantity({ base, server, client }, r)).toBe(expected);
  });

  const qty = fc.option(fc.integer({ min: 1, max: 50 }), { nil: undefined });
  const anyRules = fc.record({
    forceClientState: fc.boolean(),
    serverSyncCanRemoveLocalItems: fc.boolean(),
    serverSyncCanModifyLocalItems: fc.boolean(),
    mergeQuantities: fc.boolean(),
  });

  it('never answers a negative quantity, and agrees with itself when both sides agree', () => {
    fc.assert(
      fc.property(qty, qty, qty, anyRules, (base, server, client, r) => {
        const merged = mergeLineQuantity({ base, server, client }, r);
        expect(merged).toBeGreaterThanOrEqual(0);
        if ((server ?? 0) === (client ?? 0)) expect(merged).toBe(client ?? 0);
      }),
    );
  });

  it('is stable: merging the answer again with itself as the new base changes nothing', () => {
    fc.assert(
      fc.property(qty, qty, qty, anyRules, (base, server, client, r) => {
        const merged = mergeLineQuantity({ base, server, client }, r);
        expect(mergeLineQuantity({ base: merged, server: merged, client: merged }, r)).toBe(merged);
      }),
    );
  });
});

describe('mergeCarts', () => {
  const line = (key: string, qty: number) => ({ key, qty, name: key });

  it('merges every key and says which side must change', () => {
    const client = [line('a', 2), line('b', 5), line('d', 1)];
    const server = [line('a', 2), line('b', 3), line('c', 4)];
    const base = new Map([
      ['a', 2],
      ['b', 3],
      ['d', 1],
    ]);
    const merged = mergeCarts(client, server, base, DEFAULT_MERGE_RULES);
    // a unchanged; b changed on the device; c new on the bridge; d removed on the bridge.
    expect(merged.lines).toEqual([line('a', 2), line('b', 5), line('c', 4)]);
    expect(merged.toServer).toEqual(['b']);
    expect(merged.toClient).toEqual(['d', 'c']);
  });

  it('with the device state forced, the bridge ends equal to the device', () => {
    const merged = mergeCarts([line('a', 1)], [line('a', 3), line('c', 4)], new Map([['a', 3]]), rules({ forceClientState: true }));
    expect(merged.lines).toEqual([line('a', 1)]);
    expect(merged.toServer).toEqual(['a', 'c']);
    expect(merged.toClient).toEqual([]);
  });
});
