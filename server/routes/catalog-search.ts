import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { MIN_SEARCH_TERM_LENGTH } from '../../src/domain/search-folding';
import { searchEntitySchema, searchMetaSchema, searchRequestSchema, searchResultSchema } from '../../src/contracts/search';
import { requireAuth } from '../http/auth';
import { ok } from '../http/envelope';
import { parseBody, parseInput } from '../http/validate';
import { catalogSearch, type CatalogSearchOutcome } from '../services/search/catalog-search';
import { SearchResultCache } from '../services/search/result-cache';

const paramsSchema = z.object({ entity: searchEntitySchema });

export type CatalogSearchRouteOptions = {
  /** Answer repeated searches from memory (default true; the benchmark turns it off to measure the database). */
  cache?: boolean;
};

/**
 * SPEC §7 "Product search to the search bridge" and the separate searches for the other catalogue
 * entities: `POST /api/catalog/{entity}/_search` (body in src/contracts/search.ts). Prices are in the
 * product documents, and SPEC §1 shows prices only after login, so the search needs a token.
 */
export async function catalogSearchRoutes(app: FastifyInstance, options: CatalogSearchRouteOptions = {}): Promise<void> {
  const cache = options.cache === false ? null : new SearchResultCache<CatalogSearchOutcome>(app.db);
  app.post('/api/catalog/:entity/_search', { preHandler: requireAuth }, async (request) => {
    const { entity } = parseInput(paramsSchema, request.params);
    const body = parseBody(searchRequestSchema, request.body ?? {});
    const run = () => catalogSearch(app.db, entity, body);
    const { result, tooShort } = cache ? await cache.get(entity, JSON.stringify(body), run) : await run();
    if (tooShort) return ok(searchResultSchema, result, searchMetaSchema, { notice: 'term_too_short', minTermLength: MIN_SEARCH_TERM_LENGTH });
    return ok(searchResultSchema, result);
  });
}
