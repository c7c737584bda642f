import type { SyncCollection } from '../../contracts/sync';
import type { AppDatabase } from '../database';
import { catalogCheckpointKey, mappedCheckpoints, type StoredCatalogCheckpoint } from '../queries/catalog-checkpoint';

/**
 * Records that every feed change up to `seq` is stored (where: src/db/queries/catalog-checkpoint.ts). Called
 * only after the documents of those changes were written: a crash in between makes the next start pull the
 * same page again, which is harmless.
 */
export async function saveCatalogCheckpoint(
  db: AppDatabase,
  collection: SyncCollection,
  replicationIdentifier: string,
  seq: number,
): Promise<void> {
  const mapped = await mappedCheckpoints(db, collection);
  if (mapped) {
    const data: StoredCatalogCheckpoint = { seq, identifier: replicationIdentifier };
    await mapped.saveCheckpoint(data);
    return;
  }
  await db.upsertLocal<StoredCatalogCheckpoint>(catalogCheckpointKey(replicationIdentifier), { seq });
}
