import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import fc from 'fast-check';
import { fillWithDefaultSettings, type RxDocumentData, type RxStorageInstance } from 'rxdb';
import { getRxStorageMemory } from 'rxdb/plugins/storage-memory';
import { describe, expect, it } from 'vitest';
import { productSchema, type ProductDoc } from '../schema/products';
import { makeProduct } from '../testing/documents';
import { compactedState, getRxStorageMapped, writeLogName, type MappedStorageInternals } from './mapped-storage';
import { decodeDocuments, streamName } from './document-columns';
import { WriteLog } from './write-log';

/**
 * Randomised: three tabs on one write log write, race, catch up, reload and compact in any order. However
 * they interleave, every tab ends with the state of the successful writes in commit order, a reload reads
 * the same, a write from an up-to-date copy is never refused, a write from a stale copy never overwrites
 * (no lost update), and a compaction leaves no tombstone.
 */
const schema = fillWithDefaultSettings(productSchema);
const IDS = ['A', 'B', 'C'] as const;
const STREAM = streamName('products', 0);
type Tab = RxStorageInstance<ProductDoc, unknown, unknown>;
type Doc = RxDocumentData<ProductDoc>;

type Op =
  | { kind: 'write'; tab: number; id: string; remove: boolean }
  | { kind: 'race'; id: string }
  | { kind: 'catchUp'; tab: number }
  | { kind: 'reload'; tab: number }
  | { kind: 'compact'; chunkSize: number };

const tabIndex = fc.integer({ min: 0, max: 2 });
const id = fc.constantFrom(...IDS);
const op: fc.Arbitrary<Op> = fc.oneof(
  { weight: 5, arbitrary: fc.record({ kind: fc.constant('write' as const), tab: tabIndex, id, remove: fc.boolean() }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('race' as const), id }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('catchUp' as const), tab: tabIndex }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('reload' as const), tab: tabIndex }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('compact' as const), chunkSize: fc.integer({ min: 1, max: 3 }) }) },
);

let opened = 0;
async function openTab(factory: IDBFactory): Promise<Tab> {
  opened += 1;
  const storage = getRxStorageMapped({ persistent: getRxStorageMemory(), mapped: ['products'], indexedDB: factory, IDBKeyRange });
  return storage.createStorageInstance<ProductDoc>({
    databaseInstanceToken: `tab-${opened}`,
    databaseName: 'model',
    collectionName: 'products',
    schema,
    options: {},
    // Without a channel: tabs learn of each other only by catching up, the hardest case.
    multiInstance: false,
    devMode: false,
  });
}

let written = 0;
/** The next version of `id` as a tab sees it: an insert, an update or a removal. */
function nextVersion(view: Doc | undefined, docId: string, remove: boolean): { previous?: Doc; document: Doc } {
  written += 1;
  const height = view ? Number.parseInt(view._rev, 10) + 1 : 1;
  const base: Doc = view ?? { ...makeProduct({ sku: docId }), _deleted: false, _attachments: {}, _meta: { lwt: 0 }, _rev: '' };
  // A clock that wanders: order must come from commits, never from lwt.
  const document: Doc = {
    ...base,
    name: `v${written}`,
    _deleted: remove,
    _rev: `${height}-w${written}`,
    _meta: { lwt: (written * 7919) % 1000 },
  };
  return view ? { previous: view, document } : { document };
}

const live = (doc: Doc | undefined): Doc | undefined => (doc && !doc._deleted ? doc : undefined);
const summary = (doc: Doc | undefined): string | null => (doc ? `${doc._rev}:${doc.name}` : null);

async function viewOf(tab: Tab, docId: string): Promise<Doc | undefined> {
  return (await tab.findDocumentsById([docId], true))[0];
}

async function liveState(tab: Tab): Promise<Record<string, string | null>> {
  const docs = await tab.findDocumentsById([...IDS], false);
  return Object.fromEntries(IDS.map((key) => [key, summary(docs.find((doc) => doc.sku === key))]));
}

async function run(ops: readonly Op[]): Promise<void> {
  const factory = new IDBFactory();
  const tabs = [await openTab(factory), await openTab(factory), await openTab(factory)];
  const compactor = new WriteLog(writeLogName('model'), { indexedDB: factory, IDBKeyRange });
  /** The successful writes, applied in commit order. */
  const model = new Map<string, Doc>();
  try {
    for (const step of ops) {
      if (step.kind === 'write') {
        const tab = tabs[step.tab]!;
        const view = await viewOf(tab, step.id);
        const current = live(model.get(step.id));
        const row = nextVersion(view, step.id, step.remove);
        const { error } = await tab.bulkWrite([row], 'model');
        if (error.length === 0) model.set(step.id, row.document);
        // From a live copy that is up to date the write goes through; from a stale one it is refused.
        if (live(view)) expect(error.map((e) => e.status)).toEqual(view?._rev === current?._rev ? [] : [409]);
      } else if (step.kind === 'race') {
        const views = await Promise.all([viewOf(tabs[0]!, step.id), viewOf(tabs[1]!, step.id)]);
        const rows = views.map((view) => nextVersion(view, step.id, false));
        const results = await Promise.all(rows.map((row, i) => tabs[i]!.bulkWrite([row], 'model')));
        const winners = rows.filter((_, i) => results[i]!.error.length === 0);
        // Two writes from the same copy: one wins, never both.
        if (views[0]?._rev === views[1]?._rev) expect(winners.length).toBeLessThanOrEqual(1);
        // Two winners can only be two different copies, applied one after the other in commit order.
        for (const row of winners) model.set(step.id, row.document);
        if (winners.length === 2) {
          const ids = (await compactor.readIds(STREAM, 0)).slice(-2);
          const [first, second] = await compactor.readMany(ids);
          const last = decodeDocuments(second!.docs)[0] as unknown as Doc;
          expect(decodeDocuments(first!.docs)).toHaveLength(1);
          model.set(step.id, last);
        }
      } else if (step.kind === 'catchUp') {
        await (tabs[step.tab]!.internals as MappedStorageInternals<ProductDoc>).catchUp();
      } else if (step.kind === 'reload') {
        await tabs[step.tab]!.close();
        tabs[step.tab] = await openTab(factory);
      } else {
        await compactor.compact(STREAM, (all) => compactedState(all, 'sku'), step.chunkSize);
        const records = await compactor.read(STREAM, 0);
        for (const record of records.filter((r) => r.compactedThrough !== undefined)) {
          expect(decodeDocuments(record.docs).filter((doc) => doc._deleted)).toEqual([]);
        }
      }
    }
    for (const tab of tabs) await (tab.internals as MappedStorageInternals<ProductDoc>).catchUp();
    const expected = Object.fromEntries(IDS.map((key) => [key, summary(live(model.get(key)))]));
    for (const tab of tabs) expect(await liveState(tab)).toEqual(expected);
    const reloaded = await openTab(factory);
    tabs.push(reloaded);
    expect(await liveState(reloaded)).toEqual(expected);
  } finally {
    for (const tab of tabs) await tab.close();
    compactor.close();
  }
}

describe('three tabs on one write log, in any order', () => {
  it('converge on the successful writes in commit order, with no lost update and no tombstone after compaction', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 24 }), (ops) => run(ops)),
      { numRuns: 40 },
    );
  }, 120_000);
});
