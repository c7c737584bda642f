import type { AppDatabase } from '../database';
import { catalogCheckpointKey, type StoredCatalogCheckpoint } from '../queries/catalog-checkpoint';

/**
 * Records that every feed change up to `seq` is stored. Called only after the documents of those changes
 * were written: a crash in between makes the next start pull the same page again, which is harmless.
 */
export async function saveCatalogCheckpoint(db: AppDatabase, replicationIdentifier: string, seq: number): Promise<void> {
  const data: StoredCatalogCheckpoint = { seq };
  await db.upsertLocal<StoredCatalogCheckpoint>(catalogCheckpointKey(replicationIdentifier), data);
}
