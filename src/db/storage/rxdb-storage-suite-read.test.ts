import { IDBFactory } from 'fake-indexeddb';
import {
  fillWithDefaultSettings,
  flattenEvents,
  getChangedDocumentsSince,
  getSortComparator,
  parseRevision,
  randomToken,
  stackCheckpoints,
  type EventBulk,
  type FilledMangoQuery,
  type RxDocumentData,
  type RxJsonSchema,
  type RxStorageChangeEvent,
} from 'rxdb';
import { afterEach, describe, expect, it } from 'vitest';
import { closeOpened, nextVersion, openInstance, prepared, suiteDoc, type SuiteDoc } from '../testing/storage-suite';

/**
 * RxDB's storage implementation tests, the read side: .query(), .count(), .findDocumentsById(),
 * .getChangedDocumentsSince() (through RxDB's helper, which queries when a storage has no method of its
 * own), .changeStream() and .cleanup(), restated for the mapped storage ("Suite: <describe> › <it>").
 */
afterEach(closeOpened);

const context = 'rxdb-storage-suite';

/** The suite's schema with an index on `value`, so queries may sort by it. */
const indexedSchema: RxJsonSchema<RxDocumentData<SuiteDoc>> = fillWithDefaultSettings({
  version: 0,
  type: 'object',
  primaryKey: 'key',
  properties: { key: { type: 'string', maxLength: 100 }, value: { type: 'string', maxLength: 100 } },
  required: ['key', 'value'],
  indexes: ['value'],
});

interface NumberedDoc {
  key: string;
  group: string;
  n: number;
  nes: { ted: string };
}
const numberedSchema: RxJsonSchema<RxDocumentData<NumberedDoc>> = fillWithDefaultSettings({
  version: 0,
  type: 'object',
  primaryKey: 'key',
  properties: {
    key: { type: 'string', maxLength: 100 },
    group: { type: 'string', maxLength: 20 },
    n: { type: 'number', minimum: 0, maximum: 1000, multipleOf: 1 },
    nes: { type: 'object', properties: { ted: { type: 'string', maxLength: 100 } }, required: ['ted'] },
  },
  required: ['key', 'group', 'n', 'nes'],
  indexes: [
    ['group', 'key'],
    ['n', 'key'],
    ['group', 'n', 'key'],
    ['nes.ted', 'key'],
  ],
});

function numbered(n: number): RxDocumentData<NumberedDoc> {
  const { key, _deleted, _attachments, _meta, _rev } = suiteDoc({ key: `k${randomToken(6)}` });
  return { key, group: n % 2 === 0 ? 'even' : 'odd', n, nes: { ted: `t${n % 3}` }, _deleted, _attachments, _meta, _rev };
}

describe('query()', () => {
  // Suite: .query() › should find all documents
  it('finds the documents a selector on _deleted matches', async () => {
    const instance = await openInstance({ factory: new IDBFactory() });
    await instance.bulkWrite([{ document: suiteDoc({ key: 'foobar', value: 'barfoo' }) }], context);
    await instance.bulkWrite([{ document: suiteDoc({ key: 'foobar2', value: 'barfoo2' }) }], context);
    const { documents } = await instance.query(prepared(instance, { selector: { _deleted: false } }));
    expect(documents.map((doc) => doc.value)).toEqual(['barfoo', 'barfoo2']);
  });

  // Suite: .query() › should sort in the correct order
  it('sorts descending by an indexed field', async () => {
    const instance = await openInstance({ factory: new IDBFactory(), schema: indexedSchema });
    await instance.bulkWrite(
      ['a', 'b', 'c'].map((value) => ({ document: suiteDoc({ value }) })),
      context,
    );
    const { documents } = await instance.query(prepared(instance, { sort: [{ value: 'desc' }] }));
    expect(documents.map((doc) => doc.value)).toEqual(['c', 'b', 'a']);
  });

  // Suite: .query() › must find deleted documents
  it('returns deleted documents too: hiding them is RxDB’s part, through the selector', async () => {
    const instance = await openInstance({ factory: new IDBFactory() });
    const doc = suiteDoc({ key: 'foobar' });
    await instance.bulkWrite([{ document: doc }], context);
    await instance.bulkWrite([{ previous: doc, document: nextVersion(doc, { _deleted: true }) }], context);
    const { documents } = await instance.query(prepared(instance, {}));
    expect(documents.map((found) => [found.key, found._deleted])).toEqual([['foobar', true]]);
  });

  // Suite: .query() › should have the same deterministic order of .query() and .getSortComparator()
  it('orders as RxDB’s sort comparator does, for every sort the indexes allow', async () => {
    const instance = await openInstance<NumberedDoc>({ factory: new IDBFactory(), schema: numberedSchema });
    const docs = Array.from({ length: 12 }, (_, i) => numbered(i % 5));
    expect(
      (
        await instance.bulkWrite(
          docs.map((document) => ({ document })),
          context,
        )
      ).error,
    ).toEqual([]);
    const sorts = [
      [{ key: 'asc' }],
      [{ group: 'asc' }, { key: 'asc' }],
      [{ n: 'desc' }, { key: 'asc' }],
      [{ group: 'asc' }, { n: 'desc' }, { key: 'asc' }],
    ] as const;
    for (const sort of sorts) {
      const query = prepared(instance, { sort: [...sort] });
      const expected = [...docs].reverse().sort(getSortComparator(instance.schema, query.query));
      expect((await instance.query(query)).documents.map((doc) => doc.key)).toEqual(expected.map((doc) => doc.key));
    }
  });

  // Suite: .query() › should be able to search over a nested object
  it('matches and sorts on a nested field', async () => {
    const instance = await openInstance<NumberedDoc>({ factory: new IDBFactory(), schema: numberedSchema });
    await instance.bulkWrite(
      [0, 1, 2, 3].map((n) => ({ document: numbered(n) })),
      context,
    );
    const query = prepared(instance, { selector: { 'nes.ted': { $eq: 't0' } }, sort: [{ 'nes.ted': 'asc' }, { key: 'asc' }] });
    expect((await instance.query(query)).documents.map((doc) => doc.n).sort()).toEqual([0, 3]);
  });

  // Suite: .query() › querying many documents should work
  it('returns all of many documents', async () => {
    const instance = await openInstance({ factory: new IDBFactory(), schema: indexedSchema });
    const rows = Array.from({ length: 500 }, (_, i) => ({
      document: suiteDoc({ key: `${String(i).padStart(5, '0')}-${randomToken(5)}` }),
    }));
    await instance.bulkWrite(rows, context);
    expect((await instance.query(prepared(instance, {}))).documents).toHaveLength(500);
  });

  // Ours (the suite's multi-instance cases use `limit: 1`): operators, skip and limit after the sort.
  it('applies selector operators, then the sort, then skip and limit', async () => {
    const instance = await openInstance<NumberedDoc>({ factory: new IDBFactory(), schema: numberedSchema });
    await instance.bulkWrite(
      Array.from({ length: 10 }, (_, n) => ({ document: numbered(n) })),
      context,
    );
    const base: Partial<FilledMangoQuery<NumberedDoc>> = {
      selector: { n: { $gte: 2, $ne: 5 }, group: { $in: ['even', 'odd'] } },
      sort: [{ n: 'desc' }, { key: 'asc' }],
    };
    const all = (await instance.query(prepared(instance, base))).documents.map((doc) => doc.n);
    expect(all).toEqual([9, 8, 7, 6, 4, 3, 2]);
    const page = (await instance.query(prepared(instance, { ...base, skip: 2, limit: 3 }))).documents.map((doc) => doc.n);
    expect(page).toEqual([7, 6, 4]);
    expect((await instance.count(prepared(instance, base))).count).toBe(7);
    const even = prepared(instance, { selector: { group: 'even', n: { $lt: 5 } }, sort: [{ n: 'asc' }, { key: 'asc' }] });
    expect((await instance.query(even)).documents.map((doc) => doc.n)).toEqual([0, 2, 4]);
  });
});

describe('count()', () => {
  // Suite: .count() › should count the correct amount
  it('counts deleted documents too, as the storage does not hide them', async () => {
    const instance = await openInstance({ factory: new IDBFactory(), schema: indexedSchema });
    const all = prepared(instance, {});
    expect((await instance.count(all)).count).toBe(0);
    await instance.bulkWrite([{ document: suiteDoc() }], context);
    const doc = suiteDoc();
    await instance.bulkWrite([{ document: doc }], context);
    expect((await instance.count(all)).count).toBe(2);
    await instance.bulkWrite([{ previous: doc, document: nextVersion(doc, { _deleted: true }) }], context);
    expect((await instance.count(all)).count).toBe(2);
    expect((await instance.count(prepared(instance, { selector: { _deleted: false } }))).count).toBe(1);
  });
});

describe('findDocumentsById()', () => {
  // Suite: .findDocumentsById() › should find the documents / should find deleted documents / if withDeleted=true then even the non-deleted document must be found
  it('finds live documents, and deleted ones with their fields only when asked', async () => {
    const instance = await openInstance({ factory: new IDBFactory() });
    const del = suiteDoc({ key: 'del' });
    await instance.bulkWrite([{ document: del }, { document: suiteDoc({ key: 'non-del', value: 'kept' }) }], context);
    await instance.bulkWrite([{ previous: del, document: nextVersion(del, { value: 'barfoo2', _deleted: true }) }], context);
    expect((await instance.findDocumentsById(['del', 'non-del'], false)).map((doc) => doc.key)).toEqual(['non-del']);
    const both = await instance.findDocumentsById(['del', 'non-del'], true);
    expect(both.map((doc) => [doc.key, doc.value, doc._deleted])).toEqual([
      ['del', 'barfoo2', true],
      ['non-del', 'kept', false],
    ]);
    expect(await instance.findDocumentsById(['missing'], true)).toEqual([]);
  });

  // Suite: .findDocumentsById() › should be able to insert and fetch many documents
  it('inserts and fetches 10,000 documents in one call each', async () => {
    const instance = await openInstance({ factory: new IDBFactory(), schema: indexedSchema });
    const rows = Array.from({ length: 10_000 }, () => ({ document: suiteDoc() }));
    expect((await instance.bulkWrite(rows, context)).error).toEqual([]);
    expect(
      await instance.findDocumentsById(
        rows.map((row) => row.document.key),
        false,
      ),
    ).toHaveLength(10_000);
  });
});

describe('getChangedDocumentsSince() through RxDB’s helper', () => {
  // Suite: .getChangedDocumentsSince() › should get the latest change / should return the correct amount of documents
  it('lists each changed document once, at its latest version, from a checkpoint on', async () => {
    const instance = await openInstance({ factory: new IDBFactory(), schema: indexedSchema });
    const empty = await getChangedDocumentsSince(instance, 10);
    expect(empty.documents).toEqual([]);
    let doc = suiteDoc({ key: 'foobar', value: '0' });
    await instance.bulkWrite([{ document: doc }, { document: suiteDoc() }], context);
    for (let t = 1; t <= 10; t += 1) {
      const next = nextVersion(doc, { value: String(t), _meta: { lwt: doc._meta.lwt + t } });
      await instance.bulkWrite([{ previous: doc, document: next }], context);
      doc = next;
    }
    const both = await getChangedDocumentsSince(instance, 10);
    expect(both.documents.map((found) => found.value).sort()).toEqual(['10', 'barfoo']);
    // No newer documents: the same checkpoint comes back.
    const none = await getChangedDocumentsSince(instance, 10, both.checkpoint);
    expect([none.documents, none.checkpoint]).toEqual([[], both.checkpoint]);
    const deleted = nextVersion(doc, { _deleted: true, _meta: { lwt: doc._meta.lwt + 1 } });
    await instance.bulkWrite([{ previous: doc, document: deleted }], context);
    const after = await getChangedDocumentsSince(instance, 10, both.checkpoint);
    expect(after.documents.map((found) => [found.key, found._deleted])).toEqual([['foobar', true]]);
  });

  // Suite: .getChangedDocumentsSince() › should be able to correctly iterate over the checkpoints
  it('pages through documents written between the pages without missing one', async () => {
    const instance = await openInstance({ factory: new IDBFactory(), schema: indexedSchema });
    const seen = new Set<string>();
    let checkpoint: unknown;
    let writes = 0;
    let runs = 0;
    while (seen.size < 40) {
      if (writes < 40) {
        await instance.bulkWrite(
          Array.from({ length: 8 }, () => ({ document: suiteDoc() })),
          context,
        );
        writes += 8;
      }
      const page = await getChangedDocumentsSince(instance, 4, checkpoint);
      for (const doc of page.documents) seen.add(doc.key);
      checkpoint = page.checkpoint;
      runs += 1;
    }
    expect([seen.size, runs]).toEqual([40, 10]);
  });
});

type Bulk = EventBulk<RxStorageChangeEvent<SuiteDoc>, unknown>;

describe('changeStream()', () => {
  // Suite: .changeStream() › should emit exactly one event on write
  it('emits one bulk per write before bulkWrite() resolves, with _meta, the context and a checkpoint', async () => {
    const instance = await openInstance({ factory: new IDBFactory() });
    const emitted: Bulk[] = [];
    const subscription = instance.changeStream().subscribe((bulk) => emitted.push(bulk));
    const context1 = randomToken(8);
    await instance.bulkWrite([{ document: suiteDoc({ key: 'foobar' }) }], context1);
    expect(emitted).toHaveLength(1);
    expect(emitted[0]!.events).toHaveLength(1);
    expect(emitted[0]!.events[0]!.documentData._meta.lwt).toBeGreaterThan(0);
    expect([emitted[0]!.context, emitted[0]!.checkpoint]).toEqual([context1, expect.anything()]);

    await instance.bulkWrite(
      Array.from({ length: 10 }, () => ({ document: suiteDoc() })),
      context1,
    );
    expect(emitted).toHaveLength(2);
    // From the stacked checkpoints of all events on, there is nothing new.
    const after = await getChangedDocumentsSince(instance, 100, stackCheckpoints(emitted.map((bulk) => bulk.checkpoint)));
    expect(after.documents).toEqual([]);
    subscription.unsubscribe();
  });

  // Suite: .changeStream() › should emit all events
  it('emits INSERT, UPDATE and DELETE, the delete with the previous version, without touching the input', async () => {
    const instance = await openInstance({ factory: new IDBFactory() });
    const emitted: Bulk[] = [];
    const subscription = instance.changeStream().subscribe((bulk) => emitted.push(bulk));
    const doc1 = suiteDoc({ key: 'foobar', value: 'one' });
    const doc2 = nextVersion(doc1);
    const input = structuredClone(doc2);
    await instance.bulkWrite([{ document: doc1 }], context);
    await instance.bulkWrite([{ previous: doc1, document: doc2 }], context);
    await instance.bulkWrite([{ previous: doc2, document: nextVersion(doc2, { _deleted: true }) }], context);
    expect(doc2).toEqual(input);
    const events = flattenEvents(emitted);
    expect(events.map((event) => event.operation)).toEqual(['INSERT', 'UPDATE', 'DELETE']);
    expect(parseRevision(events[2]!.previousDocumentData!._rev).height).toBe(2);
    subscription.unsubscribe();
  });

  // Suite: .changeStream() › it should not emit an empty eventBulk when the write had only errors
  it('emits nothing for a write that only conflicted', async () => {
    const instance = await openInstance({ factory: new IDBFactory() });
    const emitted: Bulk[] = [];
    const subscription = instance.changeStream().subscribe((bulk) => emitted.push(bulk));
    const doc = suiteDoc({ key: 'foobar' });
    await instance.bulkWrite([{ document: doc }], context);
    expect((await instance.bulkWrite([{ document: doc }], context)).error).toHaveLength(1);
    expect(emitted.map((bulk) => bulk.events.length)).toEqual([1]);
    subscription.unsubscribe();
  });
});

describe('cleanup()', () => {
  // Suite: .cleanup › should have cleaned up the deleted document / should at some time return true (when all docs are cleaned up)
  it('drops tombstones older than the given time only, keeps live documents, and reports done', async () => {
    const instance = await openInstance({ factory: new IDBFactory() });
    expect(await instance.cleanup(0)).toBe(true);
    const doc = suiteDoc({ key: 'foobar' });
    await instance.bulkWrite([{ document: suiteDoc({ key: 'nonDeletedId' }) }, { document: doc }], context);
    await instance.bulkWrite([{ previous: doc, document: nextVersion(doc, { _deleted: true }) }], context);
    expect(await instance.cleanup(6 * 60 * 1000)).toBe(true);
    expect((await instance.findDocumentsById(['foobar'], true))[0]?._deleted).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(await instance.cleanup(0)).toBe(true);
    expect(await instance.findDocumentsById(['foobar'], true)).toEqual([]);
    expect(await instance.findDocumentsById(['nonDeletedId'], true)).toHaveLength(1);
  });
});
