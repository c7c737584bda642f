import { z } from 'zod';
import type { AppDatabase } from '../database';
import type { MappedStorageInternals } from '../storage/mapped-storage';
import type { SyncCollection } from '../../contracts/sync';

/**
 * Where the catalogue pull of one collection stands: the bridge's feed seq up to which every change is
 * stored locally. `replicationIdentifier` names the collection, the bridge and the replication version
 * (src/replication/catalog-replication.ts); a checkpoint saved under another identifier is not used.
 *
 * On the mapped storage the checkpoint is saved in the collection's own write log, after the documents it
 * covers, so it lives and dies with them: a new schema version, a removed log or a deleted database
 * downloads the collection again, and a checkpoint never claims documents that are not stored. Elsewhere
 * (RxDB's Dexie storage) it is a database-level local document.
 */
export function catalogCheckpointKey(replicationIdentifier: string): string {
  return `catalog-checkpoint:${replicationIdentifier}`;
}

const storedCheckpointSchema = z.object({ seq: z.number().int().min(0), identifier: z.string().optional() });
export type StoredCatalogCheckpoint = z.infer<typeof storedCheckpointSchema>;

/** The mapped storage's checkpoint access of a collection, or null on another storage. */
export async function mappedCheckpoints(db: AppDatabase, collection: SyncCollection): Promise<MappedStorageInternals<unknown> | null> {
  const internals = (await db.collections[collection].storageInstance.internals) as Partial<MappedStorageInternals<unknown>> | null;
  return internals?.mapped === true && typeof internals.readCheckpoint === 'function'
    ? (internals as MappedStorageInternals<unknown>)
    : null;
}

/** The stored seq, or 0 (download everything) when there is none, it is another identifier's, or it cannot be read. */
export async function readCatalogCheckpoint(db: AppDatabase, collection: SyncCollection, replicationIdentifier: string): Promise<number> {
  const mapped = await mappedCheckpoints(db, collection);
  if (mapped) {
    const parsed = storedCheckpointSchema.safeParse(await mapped.readCheckpoint());
    return parsed.success && parsed.data.identifier === replicationIdentifier ? parsed.data.seq : 0;
  }
  const doc = await db.getLocal<StoredCatalogCheckpoint>(catalogCheckpointKey(replicationIdentifier));
  const parsed = storedCheckpointSchema.safeParse(doc?.toJSON().data);
  return parsed.success ? parsed.data.seq : 0;
}
