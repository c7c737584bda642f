import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { boundedText } from '../../src/contracts/bounds';
import { NO_MAPPING_FOUND, PRODUCT_SEARCH_TTL_MS, urlMapRequestSchema, urlMapResultSchema } from '../../src/contracts/search';
import { requireAuth } from '../http/auth';
import { errorEnvelope, ok } from '../http/envelope';
import { parseBody } from '../http/validate';
import { PreparedAnswer } from '../services/search/prepared-answer';
import { CatalogAnswerCache, catalogCacheEnabled } from '../services/search/result-cache';
import { mapUrl, productBySku, productPath } from '../services/search/url-map';

export type UrlMapRouteOptions = {
  /** Answer repeated URL maps from memory where the database reports its commits (PGlite); default as search. */
  cache?: boolean;
};

/**
 * docs/product-rules.md §7 URL mapping: `POST /api/url/map {url, includeFields?, excludeFields?, options?, filters?}` answers
 * `{_type, _source, url_path, filters?}`; an unknown path is a 404 "No mapping found", which the
 * storefront's dispatcher turns into page-not-found (docs/product-rules.md §2).
 *
 * Every page view of the storefront maps its URL, so answers (404s too) are kept like search answers, but
 * only where the database tells this process of every catalogue commit before the write returns (PGlite,
 * decision 012): a product disabled a moment ago must not map (docs/product-rules.md §2), so the search cache's
 * once-a-second version check is not enough here. On PostgreSQL the lookup is a ~1 ms indexed query on a
 * pooled connection that does not hold up other requests, and other instances write too: no cache.
 */
export async function urlMapRoutes(app: FastifyInstance, options: UrlMapRouteOptions = {}): Promise<void> {
  const cache =
    catalogCacheEnabled(options.cache) && app.db.listen
      ? new CatalogAnswerCache<PreparedAnswer | null>(app.db, undefined, { maxBytes: app.config.searchCacheBytes })
      : null;
  const unfollow = await cache?.followCommitsOf(app.db);
  if (unfollow) app.addHook('onClose', unfollow);
  app.post('/api/url/map', { preHandler: requireAuth }, async (request, reply) => {
    const body = parseBody(urlMapRequestSchema, request.body);
    const run = async () => {
      const mapped = await mapUrl(app.db, body);
      return mapped ? new PreparedAnswer(JSON.stringify(ok(urlMapResultSchema, mapped))) : null;
    };
    const answer = cache ? await cache.get(JSON.stringify(body), PRODUCT_SEARCH_TTL_MS, run) : await run();
    // Not an AppError: the text is the docs/product-rules.md §2 protocol word the dispatcher matches, not shown to buyers.
    if (!answer) return reply.code(404).send(errorEnvelope(404, NO_MAPPING_FOUND));
    return answer.send(request, reply);
  });
}

const productParams = z.object({ sku: boundedText(128).pipe(z.string().min(1)), slug: boundedText(300).optional() });

/**
 * docs/product-rules.md §2: a browser opening the URL of a child variant hidden from direct access (visibility 1) gets a
 * 301 to its configurable parent, `/p/{parentSku}/{slug}?childSku={childSku}`. Every other product URL
 * falls through to the not-found handler, which serves the storefront (register this before it).
 */
export async function productRedirectRoutes(app: FastifyInstance): Promise<void> {
  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    const params = productParams.safeParse(request.params);
    if (!params.success) return reply.callNotFound();
    const found = await productBySku(app.db, params.data.sku);
    if (!found?.childSku) return reply.callNotFound();
    return reply.redirect(productPath(found.parent, found.childSku), 301);
  };
  app.get('/p/:sku', handler);
  app.get('/p/:sku/:slug', handler);
}
