import { APP_COLLECTION_SCHEMAS, MAPPED_COLLECTIONS } from '../database';

/**
 * Before decision 014 the catalogue collections were stored by RxDB's Dexie storage, one IndexedDB
 * database per collection (`rxdb-dexie-<db>--<schema version>--<collection>`, RxDB's naming). The mapped
 * storage pulls the catalogue again (replication identifier v3), so those copies (~20 MB for 15,000
 * products) only take space. Call it from the leader tab only: a tab of the previous build that is still
 * open as leader keeps its catalogue (it pulls into those stores). A follower tab of the previous build
 * loses its copy; it is showing the update prompt by then. Best effort.
 */
export async function dropLegacyCatalogStores(databaseName: string, indexedDB: IDBFactory = globalThis.indexedDB): Promise<string[]> {
  const legacy = new Set(
    MAPPED_COLLECTIONS.map((collection) => `rxdb-dexie-${databaseName}--${APP_COLLECTION_SCHEMAS[collection].version}--${collection}`),
  );
  const present = (await indexedDB.databases())
    .map((info) => info.name)
    .filter((name): name is string => name !== undefined && legacy.has(name));
  await Promise.all(
    present.map(
      (name) =>
        new Promise<void>((resolve, reject) => {
          const request = indexedDB.deleteDatabase(name);
          request.onsuccess = () => resolve();
          request.onerror = () => reject(request.error ?? new Error(`could not delete ${name}`));
        }),
    ),
  );
  return present;
}
