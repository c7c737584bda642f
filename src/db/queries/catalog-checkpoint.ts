import { z } from 'zod';
import type { AppDatabase } from '../database';

/**
 * Where the catalogue pull of one collection stands: the bridge's feed seq up to which every change is
 * stored locally. Kept as a database-level local document (not a collection), so it lives and dies with
 * the IndexedDB data it describes; `replicationIdentifier` names the collection, the bridge and the
 * replication version (src/replication/catalog-replication.ts).
 */
export function catalogCheckpointKey(replicationIdentifier: string): string {
  return `catalog-checkpoint:${replicationIdentifier}`;
}

const storedCheckpointSchema = z.object({ seq: z.number().int().min(0) });
export type StoredCatalogCheckpoint = z.infer<typeof storedCheckpointSchema>;

/** The stored seq, or 0 (download everything) when there is none or it cannot be read. */
export async function readCatalogCheckpoint(db: AppDatabase, replicationIdentifier: string): Promise<number> {
  const doc = await db.getLocal<StoredCatalogCheckpoint>(catalogCheckpointKey(replicationIdentifier));
  const parsed = storedCheckpointSchema.safeParse(doc?.toJSON().data);
  return parsed.success ? parsed.data.seq : 0;
}
