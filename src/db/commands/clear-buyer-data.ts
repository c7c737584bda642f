import type { AppCollectionName, AppDatabase } from '../database';

/** The collections logout touches; catalogue collections are shared by every buyer and stay. */
export type BuyerScopedCollection = Extract<AppCollectionName, 'orders' | 'sync_tasks' | 'addresses' | 'account'>;

export interface ClearBuyerDataResult {
  removed: Record<BuyerScopedCollection, number>;
  /** Untransmitted orders still waiting to be sent. */
  keptOrders: number;
  /** Untransmitted sync tasks still waiting to be sent. */
  keptSyncTasks: number;
  /** Cart lines kept on the device under their customer (see below). */
  keptCartLines: number;
  /** Favourites kept on the device under their buyer (see below). */
  keptFavorites: number;
}

/**
 * Logout (docs/product-rules.md §4 Session): clears the profile, addresses and checkout details of every buyer
 * on this device. An untransmitted order or sync task is the buyer's only copy of something they
 * asked for, so it is kept and sent when a member of that buyer signs in again. Cart lines and per-supplier
 * choices stay too, under the customer who made them: a line added offline may not be on the bridge yet, and
 * every cart read names its customer, so the next person on the device sees none of it (decision 018). The
 * selected buyer per customer is a device preference and is kept too. Favourites stay for the same reason, under
 * their buyer (decision 022): a favourite marked offline reaches the bridge when a member of that buyer signs in
 * again, and every favourites read names the buyer, which the signed-in customer must belong to.
 *
 * Stop the buyer-data replications before calling this: a running push would send the removals.
 * Tombstones are purged afterwards so that a later push has nothing to send ("without sync").
 */
export async function clearBuyerData(db: AppDatabase): Promise<ClearBuyerDataResult> {
  const addresses = await db.addresses.find().exec();
  const [orders, syncTasks, account] = await Promise.all([
    db.orders.find({ selector: { transmited: true } }).exec(),
    db.sync_tasks.find({ selector: { transmited: true } }).exec(),
    db.account.find({ selector: { kind: { $ne: 'selected_buyer' } } }).exec(),
  ]);

  await Promise.all([
    db.addresses.bulkRemove(addresses),
    db.orders.bulkRemove(orders),
    db.sync_tasks.bulkRemove(syncTasks),
    db.account.bulkRemove(account),
  ]);
  await purgeTombstones(db);

  const [keptOrders, keptSyncTasks] = await Promise.all([
    db.orders.find({ selector: { transmited: false } }).exec(),
    db.sync_tasks.find({ selector: { transmited: false } }).exec(),
  ]);
  return {
    removed: {
      addresses: addresses.length,
      orders: orders.length,
      sync_tasks: syncTasks.length,
      account: account.length,
    },
    keptOrders: keptOrders.length,
    keptSyncTasks: keptSyncTasks.length,
    keptCartLines: await db.cart_items.count().exec(),
    keptFavorites: await db.favorites.count().exec(),
  };
}

/**
 * Calls the storage directly instead of RxCollection.cleanup(): the cleanup plugin waits until
 * every replication is in sync, which never happens offline and would hang the logout.
 */
async function purgeTombstones(db: AppDatabase): Promise<void> {
  const collections = [db.addresses, db.orders, db.sync_tasks, db.account];
  for (const collection of collections) {
    await collection.storageInstance.cleanup(0);
  }
}
