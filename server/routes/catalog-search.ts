import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { MIN_SEARCH_TERM_LENGTH } from '../../src/domain/search-folding';
import { searchEntitySchema, searchMetaSchema, searchRequestSchema, searchResultSchema } from '../../src/contracts/search';
import { requireAuth } from '../http/auth';
import { ok } from '../http/envelope';
import { parseBody, parseInput } from '../http/validate';
import { catalogSearch } from '../services/search/catalog-search';

const paramsSchema = z.object({ entity: searchEntitySchema });

/**
 * SPEC §7 "Product search to the search bridge" and the separate searches for the other catalogue
 * entities: `POST /api/catalog/{entity}/_search` (body in src/contracts/search.ts). Prices are in the
 * product documents, and SPEC §1 shows prices only after login, so the search needs a token.
 */
export async function catalogSearchRoutes(app: FastifyInstance): Promise<void> {
  app.post('/api/catalog/:entity/_search', { preHandler: requireAuth }, async (request) => {
    const { entity } = parseInput(paramsSchema, request.params);
    const body = parseBody(searchRequestSchema, request.body ?? {});
    const { result, tooShort } = await catalogSearch(app.db, entity, body);
    if (tooShort) return ok(searchResultSchema, result, searchMetaSchema, { notice: 'term_too_short', minTermLength: MIN_SEARCH_TERM_LENGTH });
    return ok(searchResultSchema, result);
  });
}
