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
  type SyncPullQuery,
} from '../../src/contracts/sync';
import { AppError } from '../http/app-error';
import { requireAdmin, requireAuth } from '../http/auth';
import { ok } from '../http/envelope';
import { parseBody, parseInput } from '../http/validate';
import { patchProduct } from '../services/change-feed/admin-products';
import { feedHead, readSerialisedFeedPage } from '../services/change-feed/feed-reader';
import { FeedPageCache, preferredEncoding } from '../services/change-feed/page-cache';

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
  app.get<{ Params: { collection: string } }>('/api/sync/v1/:collection', { preHandler: requireAuth }, async (request, reply) => {
    const collection = syncCollectionSchema.safeParse(request.params.collection);
    if (!collection.success) throw new AppError(404, M.routeNotFound, undefined, 'SYNC_COLLECTION');
    const { after, limit, ahead } = pullQuery(request);
    const nowMs = app.clock.now();
    // The head first: an answer kept in memory is served only while its feed has not moved since it was read.
    const head = await feedHead(app.db, collection.data);
    const encoding = preferredEncoding(request.headers['accept-encoding']);
    const key = `${collection.data}:${after}:${limit}:${ahead}`;
    let answer = pages.get(key, head, nowMs, encoding);
    if (!answer) {
      const page = await readSerialisedFeedPage(app.db, collection.data, after, limit, nowMs, ahead);
      // The envelope of ok(), written out: every document was checked against the contract when it was built
      // (feed-reader.ts) and is sent as serialised then; only the checkpoint and meta are checked here.
      const checkpoint = JSON.stringify(syncCheckpointSchema.parse(page.checkpoint));
      const meta = JSON.stringify(syncPullMetaSchema.parse({ remaining: page.remaining, ahead: page.ahead }));
      const body = `{"code":200,"result":{"documents":[${page.documents.join(',')}],"checkpoint":${checkpoint}},"meta":${meta}}`;
      answer = pages.put(key, head, page.validUntil, body, encoding);
    }
    // Headers only once the answer exists: an error on the way is sent by the error handler, uncompressed.
    // Prices are per signed-in customer: a shared cache must never keep a page.
    reply.header('cache-control', 'private, no-store').header('vary', 'accept-encoding').type('application/json; charset=utf-8');
    if (encoding !== 'identity') reply.header('content-encoding', encoding);
    return answer;
  });

  app.patch<{ Params: { sku: string } }>('/api/admin/products/:sku', { preHandler: [requireAuth, requireAdmin] }, async (request) => {
    const { sku } = parseInput(productParamsSchema, request.params);
    const patch = parseBody(adminProductPatchSchema, request.body);
    const patched = await patchProduct(app.db, sku, patch, new Date(app.clock.now()));
    if (!patched) throw new AppError(404, M.notFound, undefined, 'PRODUCT_NOT_FOUND');
    return ok(patchedProductSchema, patched);
  });
}
