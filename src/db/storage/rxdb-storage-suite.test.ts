import { IDBFactory } from 'fake-indexeddb';
import {
  fillWithDefaultSettings,
  getPseudoSchemaForVersion,
  getWrittenDocumentsFromBulkWriteResponse,
  parseRevision,
  randomToken,
  type RxDocumentData,
} from 'rxdb';
import { wrappedKeyCompressionStorage } from 'rxdb/plugins/key-compression';
import { afterEach, describe, expect, it } from 'vitest';
import {
  closeOpened,
  mappedSuiteStorage,
  opened,
  prepared,
  nextVersion,
  openInstance,
  rev,
  suiteDoc,
  type SuiteDoc,
  type SuiteInstance,
} from '../testing/storage-suite';

/**
 * RxDB's storage implementation tests (test/unit/rx-storage-implementations.test.ts in RxDB's repository),
 * the creation and write parts, restated for the mapped storage with every collection mapped. Each test
 * names the suite case it mirrors ("Suite: <describe> › <it>"); the checks are ours, not copied. Queries,
 * counts, change events and cleanup: ./rxdb-storage-suite-read.test.ts; lifecycle and several instances:
 * ./rxdb-storage-suite-instances.test.ts.
 */
afterEach(closeOpened);

const context = 'rxdb-storage-suite';

describe('creation', () => {
  // Suite: creation › open and close
  it('opens and removes an instance without changing its names', async () => {
    const databaseName = randomToken(12);
    const collectionName = randomToken(12);
    const instance = await openInstance({ factory: new IDBFactory(), databaseName, collectionName });
    expect([instance.databaseName, instance.collectionName]).toEqual([databaseName, collectionName]);
    await instance.remove();
  });

  // Suite: creation › open many instances on the same database name
  it('opens twenty collections of one database at once', async () => {
    const factory = new IDBFactory();
    const databaseName = randomToken(12);
    const instances = await Promise.all(Array.from({ length: 20 }, () => openInstance({ factory, databaseName })));
    await Promise.all(instances.map((instance) => instance.remove()));
  });

  // Suite: creation › must throw if keyCompression is set but no key-compression plugin is used
  it('refuses a schema asking for key compression (UT5), which only RxDB’s wrapper can provide', async () => {
    const schema = getPseudoSchemaForVersion<SuiteDoc>(0, 'key');
    schema.keyCompression = true;
    await expect(openInstance({ factory: new IDBFactory(), schema })).rejects.toThrow(/UT5/);
  });

  // Suite: creation › must throw if encryption is defined in schema is set but no encryption plugin is used
  it('refuses a schema with encrypted fields (UT6)', async () => {
    const schema = getPseudoSchemaForVersion<SuiteDoc>(0, 'key');
    schema.encrypted = ['value'];
    await expect(openInstance({ factory: new IDBFactory(), schema })).rejects.toThrow(/UT6/);
  });
});

describe('bulkWrite()', () => {
  // Suite: .bulkWrite() › should write the document
  it('writes a document and reports no error', async () => {
    const instance = await openInstance({ factory: new IDBFactory() });
    const rows = [{ document: suiteDoc({ key: 'foobar', value: 'barfoo1' }) }];
    const response = await instance.bulkWrite(rows, context);
    expect(response.error).toEqual([]);
    const [written] = getWrittenDocumentsFromBulkWriteResponse('key', rows, response);
    expect(written).toEqual(rows[0]!.document);
  });

  // Suite: .bulkWrite() › should error on conflict
  it('answers a second insert of one key with a 409 that carries the stored document and the row', async () => {
    const instance = await openInstance({ factory: new IDBFactory() });
    const doc = suiteDoc({ key: 'foobar' });
    await instance.bulkWrite([{ document: doc }], context);
    const { error } = await instance.bulkWrite([{ document: doc }], context);
    expect(error).toHaveLength(1);
    const conflict = error[0]!;
    expect([conflict.status, conflict.documentId]).toEqual([409, 'foobar']);
    const inDb = (conflict as { documentInDb?: RxDocumentData<SuiteDoc> }).documentInDb;
    expect(inDb?.value).toBe('barfoo');
    // Nothing but the document's own fields: no storage bookkeeping leaks into the conflict.
    expect(Object.keys(inDb!).sort()).toEqual(Object.keys(doc).sort());
    expect(conflict.writeRow.document).toEqual(doc);
  });

  // Suite: .bulkWrite() › when inserting the same document at the same time, the first call must succeed while the second has a conflict
  it('lets the first of two concurrent inserts of one key win', async () => {
    const instance = await openInstance({ factory: new IDBFactory() });
    const [first, second] = await Promise.all([
      instance.bulkWrite([{ document: suiteDoc({ key: 'foobar', value: 'first' }) }], context),
      instance.bulkWrite([{ document: suiteDoc({ key: 'foobar', value: 'second' }) }], context),
    ]);
    expect(first.error).toEqual([]);
    expect(second.error.map((e) => [e.status, e.writeRow.document.value])).toEqual([[409, 'second']]);
    expect((await instance.findDocumentsById(['foobar'], false))[0]?.value).toBe('first');
  });

  // Suite: .bulkWrite() › should not find the deleted document when findDocumentsById(false)
  it('hides a document after insert, update and delete from findDocumentsById(ids, false)', async () => {
    const instance = await openInstance({ factory: new IDBFactory() });
    const inserted = suiteDoc({ key: 'foobar', value: 'barfoo1' });
    const updated = nextVersion(inserted, { value: 'barfoo2' });
    const deleted = nextVersion(updated, { value: 'barfoo_deleted', _deleted: true });
    expect((await instance.bulkWrite([{ document: inserted }], context)).error).toEqual([]);
    expect((await instance.bulkWrite([{ previous: inserted, document: updated }], context)).error).toEqual([]);
    expect((await instance.bulkWrite([{ previous: updated, document: deleted }], context)).error).toEqual([]);
    expect(await instance.findDocumentsById(['foobar'], false)).toEqual([]);
  });

  // Suite: .bulkWrite() › should NOT be able to overwrite a deleted the document
  it('un-deletes only when the write names the deleted version as previous', async () => {
    const instance = await openInstance({ factory: new IDBFactory() });
    const doc1 = suiteDoc({ key: 'undeleteMe', value: 'barfoo1' });
    const doc2 = nextVersion(doc1, { value: 'barfoo2' });
    const doc3 = nextVersion(doc2, { _deleted: true });
    await instance.bulkWrite([{ document: doc1 }], context);
    await instance.bulkWrite([{ previous: doc1, document: doc2 }], context);
    await instance.bulkWrite([{ previous: doc2, document: doc3 }], context);
    const revived = nextVersion(doc3, { _deleted: false, value: 'aaa' });
    expect((await instance.bulkWrite([{ document: revived }], context)).error).toHaveLength(1);
    expect((await instance.bulkWrite([{ previous: doc3, document: revived }], context)).error).toEqual([]);
    expect((await instance.findDocumentsById(['undeleteMe'], false))[0]?.value).toBe('aaa');
  });

  // Suite: .bulkWrite() › should be able to update the state of a deleted document
  it('updates a field of a deleted document, which stays deleted', async () => {
    const instance = await openInstance({ factory: new IDBFactory() });
    const doc1 = suiteDoc({ key: 'foobar', value: 'barfoo1' });
    const doc2 = nextVersion(doc1, { _deleted: true });
    const doc3 = nextVersion(doc2, { value: 'barfoo2' });
    await instance.bulkWrite([{ document: doc1 }], context);
    await instance.bulkWrite([{ previous: doc1, document: doc2 }], context);
    expect((await instance.bulkWrite([{ previous: doc2, document: doc3 }], context)).error).toEqual([]);
    const [found] = await instance.findDocumentsById(['foobar'], true);
    expect([found?.value, found?._deleted]).toEqual(['barfoo2', true]);
  });

  // Suite: .bulkWrite() › should be able to unset a property
  it('drops a property the new version leaves out, also after a reopen', async () => {
    const factory = new IDBFactory();
    const databaseName = randomToken(12);
    const collectionName = randomToken(12);
    const instance = await openInstance({ factory, databaseName, collectionName });
    const doc1 = suiteDoc({ key: 'foobar', value: 'barfoo1' });
    const { value: _dropped, ...withoutValue } = nextVersion(doc1);
    expect(_dropped).toBe('barfoo1');
    await instance.bulkWrite([{ document: doc1 }], context);
    await instance.bulkWrite([{ previous: doc1, document: withoutValue as RxDocumentData<SuiteDoc> }], context);
    expect((await instance.findDocumentsById(['foobar'], false))[0]).not.toHaveProperty('value');
    await instance.close();
    const again = await openInstance({ factory, databaseName, collectionName });
    expect((await again.findDocumentsById(['foobar'], false))[0]).not.toHaveProperty('value');
  });

  // Suite: .bulkWrite() › should be able to store a complex document with key compression
  it('stores nested documents under RxDB’s key-compression wrapper and gives them back whole, also after a reopen', async () => {
    interface Nested {
      key: string;
      name: { first: string; last: string };
      tags: string[];
    }
    const factory = new IDBFactory();
    const names = { databaseName: randomToken(12), collectionName: randomToken(12) };
    const schema = fillWithDefaultSettings<Nested>({
      version: 0,
      type: 'object',
      primaryKey: 'key',
      keyCompression: true,
      properties: {
        key: { type: 'string', maxLength: 100 },
        name: { type: 'object', properties: { first: { type: 'string' }, last: { type: 'string', maxLength: 50 } } },
        tags: { type: 'array', items: { type: 'string' } },
      },
      required: ['key', 'name'],
      indexes: ['name.last'],
    });
    const open = async (): Promise<SuiteInstance<Nested>> => {
      const storage = wrappedKeyCompressionStorage({ storage: mappedSuiteStorage(factory) });
      const instance = await storage.createStorageInstance<Nested>({
        ...names,
        databaseInstanceToken: randomToken(10),
        schema,
        options: {},
        multiInstance: false,
        devMode: true,
      });
      opened.push(instance);
      return instance as SuiteInstance<Nested>;
    };
    const { _deleted, _attachments, _meta, _rev } = suiteDoc();
    const doc = { key: 'k1', name: { first: 'Ada', last: 'Lovelace' }, tags: ['a', 'b'], _deleted, _attachments, _meta, _rev };
    const instance = await open();
    expect((await instance.bulkWrite([{ document: doc }], context)).error).toEqual([]);
    expect((await instance.findDocumentsById(['k1'], false))[0]).toEqual(doc);
    await instance.close();
    const again = await open();
    expect((await again.findDocumentsById(['k1'], false))[0]).toEqual(doc);
    const query = prepared(again, { selector: { 'name.last': 'Lovelace' }, sort: [{ key: 'asc' }] });
    expect((await again.query(query)).documents.map((found) => found.key)).toEqual(['k1']);
  });

  // Suite: .bulkWrite() › should be able to do a write where only _meta fields are changed
  it('writes versions that change only _meta', async () => {
    const instance = await openInstance({ factory: new IDBFactory() });
    const doc1 = suiteDoc({ key: 'foobar', _meta: { lwt: 1, foobar: 0 } });
    const doc2 = nextVersion(doc1, { _meta: { lwt: 2, foobar: 1 } });
    const doc3 = nextVersion(doc2, { _meta: { lwt: 3, foobar: 2 } });
    await instance.bulkWrite([{ document: doc1 }], context);
    expect((await instance.bulkWrite([{ previous: doc1, document: doc2 }], context)).error).toEqual([]);
    expect((await instance.bulkWrite([{ previous: doc2, document: doc3 }], context)).error).toEqual([]);
    const [found] = await instance.findDocumentsById(['foobar'], true);
    expect([parseRevision(found!._rev).height, found!._meta.foobar]).toEqual([3, 2]);
  });

  // Suite: .bulkWrite() › should be able to create another instance after a write
  it('keeps one key apart in two collections of one database', async () => {
    const factory = new IDBFactory();
    const databaseName = randomToken(12);
    const first = await openInstance({ factory, databaseName });
    await first.bulkWrite([{ document: suiteDoc({ key: 'foobar', value: 'one' }) }], context);
    const second = await openInstance({ factory, databaseName });
    expect((await second.bulkWrite([{ document: suiteDoc({ key: 'foobar', value: 'two', _rev: rev(2) }) }], context)).error).toEqual([]);
    expect((await first.findDocumentsById(['foobar'], false))[0]?.value).toBe('one');
    expect((await second.findDocumentsById(['foobar'], false))[0]?.value).toBe('two');
  });

  // Suite: .bulkWrite() › should be able to jump more then 1 revision height in a single write operation
  it('accepts a new revision more than one height above the previous', async () => {
    const instance = await openInstance({ factory: new IDBFactory() });
    const doc = suiteDoc({ key: 'foobar' });
    await instance.bulkWrite([{ document: doc }], context);
    const jumped = { ...doc, value: 'barfoo2', _rev: rev(4) };
    expect((await instance.bulkWrite([{ previous: doc, document: jumped }], context)).error).toEqual([]);
    expect((await instance.findDocumentsById(['foobar'], false))[0]?._rev).toBe(rev(4));
  });

  // Suite: .bulkWrite() › must be able create multiple storage instances on the same database and write documents
  it('writes into three collections of one database at once', async () => {
    const factory = new IDBFactory();
    const databaseName = randomToken(10);
    const instances = await Promise.all(
      Array.from({ length: 3 }, async () => {
        const instance = await openInstance({ factory, databaseName });
        const results = await Promise.all(
          ['0', '1', '2'].map((key) => instance.bulkWrite([{ document: suiteDoc({ key, value: randomToken(5) }) }], context)),
        );
        expect(results.flatMap((result) => result.error)).toEqual([]);
        return instance;
      }),
    );
    for (const instance of instances) expect(await instance.findDocumentsById(['0', '1', '2'], false)).toHaveLength(3);
    await Promise.all(instances.map((instance) => instance.remove()));
  });

  // Suite: .bulkWrite() › write and read with umlauts
  it('keeps non-ASCII keys and values, also after a reopen', async () => {
    const factory = new IDBFactory();
    const databaseName = randomToken(12);
    const collectionName = randomToken(12);
    const umlauts = 'äöüßé';
    const instance = await openInstance({ factory, databaseName, collectionName });
    await instance.bulkWrite([{ document: suiteDoc({ key: `foobar${umlauts}`, value: `value${umlauts}` }) }], context);
    await instance.bulkWrite([{ document: suiteDoc({ key: `foobar2${umlauts}`, value: `value2${umlauts}` }) }], context);
    await instance.close();
    const again = await openInstance({ factory, databaseName, collectionName });
    const found = await again.findDocumentsById([`foobar${umlauts}`, `foobar2${umlauts}`], false);
    expect(found.map((doc) => doc.value)).toEqual([`value${umlauts}`, `value2${umlauts}`]);
  });

  // Suite: .bulkWrite() › the plain storage should throw when overwriting a deleted doc with an insert without passing the previous
  it('answers an insert over a deleted document with a 409', async () => {
    const instance = await openInstance({ factory: new IDBFactory() });
    const doc = suiteDoc({ key: 'foobar' });
    await instance.bulkWrite([{ document: doc }], context);
    await instance.bulkWrite([{ previous: doc, document: nextVersion(doc, { _deleted: true }) }], context);
    const { error } = await instance.bulkWrite([{ document: suiteDoc({ key: 'foobar' }) }], context);
    expect(error.map((e) => e.status)).toEqual([409]);
  });
});
