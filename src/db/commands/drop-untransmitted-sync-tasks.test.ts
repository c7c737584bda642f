import { afterEach, beforeEach, expect, it } from 'vitest';
import { createAppDatabase, type AppDatabase } from '../database';
import { makeOrder, makeSyncTask } from '../testing/documents';
import { fakeAppStorage } from '../testing/fake-storage';
import { dropUntransmittedSyncTasks } from './drop-untransmitted-sync-tasks';

let db: AppDatabase;

beforeEach(async () => {
  db = await createAppDatabase({ storage: fakeAppStorage(), devMode: true });
});

afterEach(async () => {
  await db.close();
});

it('drops queued tasks but keeps completed tasks and every untransmitted order', async () => {
  await db.sync_tasks.bulkInsert([makeSyncTask({ id: 'queued' }), makeSyncTask({ id: 'cached', transmited: true, cacheable: true })]);
  await db.orders.insert(makeOrder({ id: 'queued-order', transmited: false }));

  expect(await dropUntransmittedSyncTasks(db)).toBe(1);

  expect((await db.sync_tasks.find().exec()).map((t) => t.id)).toEqual(['cached']);
  expect(await db.orders.findOne('queued-order').exec()).not.toBeNull();
});
