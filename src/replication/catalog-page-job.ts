import { z } from 'zod';
import { syncCollectionSchema, syncPullMetaSchema, syncPullResultSchema, type SyncCollection } from '../contracts/sync';
import { exchange, type ExchangeOutcome, type FetchLike, type HttpCall } from './http-call';

/**
 * meta of a pull (src/contracts/sync.ts). Optional here so that an older bridge without it still
 * replicates (the progress bar then shows no total).
 */
export const catalogPullMetaSchema = syncPullMetaSchema.partial().optional();
export type CatalogPullMeta = z.infer<typeof catalogPullMetaSchema>;

const resultSchemas = new Map<SyncCollection, ReturnType<typeof syncPullResultSchema>>();

/** The checked result of one pull of `collection` (built once per collection). */
export function catalogPullResultSchema<C extends SyncCollection>(collection: C): ReturnType<typeof syncPullResultSchema<C>> {
  let schema = resultSchemas.get(collection);
  if (!schema) {
    schema = syncPullResultSchema(collection);
    resultSchemas.set(collection, schema);
  }
  return schema as ReturnType<typeof syncPullResultSchema<C>>;
}

export type CatalogPageOutcome<C extends SyncCollection = SyncCollection> = ExchangeOutcome<
  z.infer<ReturnType<typeof syncPullResultSchema<C>>>,
  CatalogPullMeta
>;

/** One pull for the page worker: what the main thread sends. */
export interface CatalogPageJob {
  id: number;
  collection: SyncCollection;
  baseUrl: string;
  call: HttpCall;
}

/** The worker's reply: the exchange's outcome, or why it could not be made (the pull then fails and is retried). */
export type CatalogPageReply = { id: number; outcome: CatalogPageOutcome } | { id: number; failure: string };

const jobSchema = z
  .object({
    id: z.number().int().nonnegative(),
    collection: syncCollectionSchema,
    baseUrl: z.string().max(2048),
    call: z.object({
      method: z.literal('GET'),
      // What syncPullPath (src/replication/catalog-pull.ts) writes, nothing else.
      path: z.string().regex(/^\/api\/sync\/v1\/[a-z_]{1,32}\?after=\d{1,16}&limit=\d{1,5}(&ahead=\d{1,3})?$/),
      token: z.string().max(8192).nullable().optional(),
    }),
  })
  .refine((job) => job.call.path.startsWith(`/api/sync/v1/${job.collection}?`));

/**
 * Makes one catalogue pull where it runs (src/replication/catalog-page-worker.ts): the request, reading and
 * parsing the body, and the contract check, so that none of it takes the page's main thread. Only catalogue
 * pulls (GET of the change feed) of `origin`, the worker's own, are accepted.
 */
export async function runCatalogPageJob(fetchImpl: FetchLike, message: unknown, origin: string): Promise<CatalogPageReply> {
  const job = jobSchema.safeParse(message);
  // The token goes only to the origin the worker came from: a base URL of '' (relative) or exactly that origin.
  if (!job.success || (job.data.baseUrl !== '' && job.data.baseUrl !== origin)) {
    const id = typeof message === 'object' && message !== null && 'id' in message && typeof message.id === 'number' ? message.id : -1;
    return { id, failure: 'not a catalogue pull' };
  }
  const { id, collection, baseUrl, call } = job.data;
  try {
    const outcome = await exchange(fetchImpl, baseUrl, call, catalogPullResultSchema(collection), catalogPullMetaSchema);
    return { id, outcome };
  } catch (error) {
    return { id, failure: error instanceof Error ? `${error.name}: ${error.message}` : String(error) };
  }
}
