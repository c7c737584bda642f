import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { boundedText } from '../../src/contracts/bounds';
import { M } from '../../src/contracts/messages';
import {
  adminProductPatchSchema,
  syncCheckpointSchema,
  syncCollectionSchema,
  syncPullMetaSchema,
  syncPullQuerySchema,
  type SyncCollection,
  type SyncPullQuery,
} from '../../src/contracts/sync';
import { AppError } from '../http/app-error';
import { requireAdmin, requireAuth } from '../http/auth';
import { ok } from '../http/envelope';
import { parseBody, parseInput } from '../http/validate';
import { patchProduct } from '../services/change-feed/admin-products';
import { feedHead, readSerialisedFeedPage } from '../services/change-feed/feed-reader';
import { FeedPageCache, preferredEncoding, type FeedEncoding } from '../services/change-feed/page-cache';

/** A sku as the catalogue writes them ("PAP-000123", "YGE-000042-BLUE-L"); anything else names no product. */
const productParamsSchema = z.object({ sku: boundedText(128).pipe(z.string().min(1)) });

const patchedProductSchema = z.object({
  sku: z.string(),
  price: z.number().int(),
  qty: z.number(),
  is_in_stock: z.boolean(),
  updated_at: z.number().int(),
});

/** after/limit/ahead are read by the replication code, not typed by a person: the exact rule goes into meta. */
function pullQuery(request: FastifyRequest): SyncPullQuery {
  const query = typeof request.query === 'object' && request.query !== null ? request.query : {};
  return parseInput(syncPullQuerySchema, query, { code: 'SYNC_QUERY', forMachines: true });
}

/**
 * The catalogue change feed (docs/architecture.md §4.1): `GET /api/sync/v1/<collection>?after=&limit=`,
 * for any signed-in customer (prices are shown only after login), and the admin/ops product change that
 * the demo and end-to-end tests use to make the feed move.
 */
export async function syncRoutes(app: FastifyInstance, options: { pageCacheBytes?: number } = {}): Promise<void> {
  const pages = new FeedPageCache(options.pageCacheBytes);
  /** Reads under way, by page and head: buyers asking for the same page at once share one database read. */
  const reading = new Map<string, Promise<{ body: string; validUntil: number | null }>>();

  /**
   * The answer to one pull: from memory, else from the read under way for the same page and head, else from a
   * new read, which keeps its answer in memory before it counts as done. The look-up and the check for a read
   * under way are one synchronous step, so a request never starts a second read of a page another one just kept.
   */
  const answer = async (collection: SyncCollection, query: SyncPullQuery, head: number, nowMs: number, encoding: FeedEncoding) => {
    const key = `${collection}:${query.after}:${query.limit}:${query.ahead}`;
    const kept = pages.lookup(collection, key, head, nowMs);
    if (kept) return kept(encoding);
    const flight = `${key}:${head}`;
    let read = reading.get(flight);
    if (!read) {
      read = (async () => {
        const page = await readSerialisedFeedPage(app.db, collection, query.after, query.limit, nowMs, query.ahead);
        // The envelope of ok(), written out: every document was checked against the contract when it was built
        // (feed-reader.ts) and is sent as serialised then; only the checkpoint and meta are checked here.
        const checkpoint = JSON.stringify(syncCheckpointSchema.parse(page.checkpoint));
        const meta = JSON.stringify(syncPullMetaSchema.parse({ remaining: page.remaining, ahead: page.ahead }));
        const body = `{"code":200,"result":{"documents":[${page.documentsJson}],"checkpoint":${checkpoint}},"meta":${meta}}`;
        await pages.put(collection, key, head, page.validUntil, body, encoding);
        return { body, validUntil: page.validUntil };
      })().finally(() => reading.delete(flight));
      reading.set(flight, read);
    }
    const { body, validUntil } = await read;
    // Kept by the read (in some encoding) unless dropped meanwhile; then this request keeps it again.
    const now = pages.lookup(collection, key, head, nowMs);
    return now ? now(encoding) : pages.put(collection, key, head, validUntil, body, encoding);
  };

  app.get<{ Params: { collection: string } }>('/api/sync/v1/:collection', { preHandler: requireAuth }, async (request, reply) => {
    const collection = syncCollectionSchema.safeParse(request.params.collection);
    if (!collection.success) throw new AppError(404, M.routeNotFound, undefined, 'SYNC_COLLECTION');
    const query = pullQuery(request);
    const nowMs = app.clock.now();
    // The head first: an answer kept in memory is served only while its feed has not moved since it was read.
    const head = await feedHead(app.db, collection.data);
    // A client that asks for no compression (x-no-compression, as @fastify/compress honours it) gets none.
    const encoding = request.headers['x-no-compression'] === undefined ? preferredEncoding(request.headers['accept-encoding']) : 'identity';
    const body = await answer(collection.data, query, head, nowMs, encoding);
    // Headers only once the answer exists: an error on the way is sent by the error handler, uncompressed.
    // No shared HTTP cache may keep a page: the feed is for signed-in customers only.
    reply.header('cache-control', 'private, no-store').header('vary', 'accept-encoding').type('application/json; charset=utf-8');
    if (encoding !== 'identity') reply.header('content-encoding', encoding);
    return body;
  });

  app.patch<{ Params: { sku: string } }>('/api/admin/products/:sku', { preHandler: [requireAuth, requireAdmin] }, async (request) => {
    const { sku } = parseInput(productParamsSchema, request.params);
    const patch = parseBody(adminProductPatchSchema, request.body);
    const patched = await patchProduct(app.db, sku, patch, new Date(app.clock.now()));
    if (!patched) throw new AppError(404, M.notFound, undefined, 'PRODUCT_NOT_FOUND');
    return ok(patchedProductSchema, patched);
  });
}
