import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { MIN_SEARCH_TERM_LENGTH } from '../../src/domain/search-folding';
import {
  productSearchResultSchema,
  SEARCH_ENTITIES,
  SEARCH_TIME_LIMIT_MS,
  searchAnswerTtl,
  searchEntitySchema,
  searchMetaSchema,
  searchRequestSchemaFor,
  searchResultSchema,
  type SearchEntity,
} from '../../src/contracts/search';
import { requireAuth } from '../http/auth';
import { customerBuckets, perCustomerLimit } from '../http/customer-rate-limit';
import { ok } from '../http/envelope';
import { parseBody, parseInput } from '../http/validate';
import { catalogSearch, type CatalogSearchOutcome } from '../services/search/catalog-search';
import { PreparedAnswer } from '../services/search/prepared-answer';
import { CatalogAnswerCache, catalogCacheEnabled } from '../services/search/result-cache';
import { wantSearch } from '../services/search/search-turns';
import { withinSearchTimeLimit } from '../services/search/time-limit';

const paramsSchema = z.object({ entity: searchEntitySchema });
const bodySchemas = Object.fromEntries(SEARCH_ENTITIES.map((e) => [e, searchRequestSchemaFor(e)])) as Record<
  SearchEntity,
  ReturnType<typeof searchRequestSchemaFor>
>;

export type CatalogSearchRouteOptions = {
  /**
   * Answer repeated searches from memory. Default true, unless SEARCH_CACHE=off: app.ts registers these
   * routes with their defaults, and the benchmark sets that variable to measure the database alone.
   */
  cache?: boolean;
};

/**
 * docs/product-rules.md §7 "Product search to the search bridge" and the separate searches for the other catalogue
 * entities: `POST /api/catalog/{entity}/_search` (body in src/contracts/search.ts). Prices are in the
 * product documents, and docs/product-rules.md §1 shows prices only after login, so the search needs a token.
 */
export async function catalogSearchRoutes(app: FastifyInstance, options: CatalogSearchRouteOptions = {}): Promise<void> {
  const cache = catalogCacheEnabled(options.cache)
    ? new CatalogAnswerCache<PreparedAnswer>(app.db, undefined, { maxBytes: app.config.searchCacheBytes })
    : null;
  const unfollow = await cache?.followCommitsOf(app.db);
  if (unfollow) app.addHook('onClose', unfollow);
  // A buyer typing fast sends at most ~4 searches a second (the panel waits 250 ms after a keystroke); a
  // script sends hundreds. Per customer (decision 016), across every instance on one PostgreSQL (decision 027).
  const perCustomer = perCustomerLimit(
    customerBuckets(app.limits, 'search', { perSecond: app.config.searchRatePerSecond, burst: app.config.searchBurst }),
    'SEARCH_RATE_LIMITED',
  );
  app.post('/api/catalog/:entity/_search', { preHandler: [requireAuth, perCustomer] }, async (request, reply) => {
    const started = performance.now();
    const deadline = started + SEARCH_TIME_LIMIT_MS;
    const { entity } = parseInput(paramsSchema, request.params);
    const body = parseBody(bodySchemas[entity], request.body ?? {});
    const key = `${entity}\u0000${JSON.stringify(body)}`;
    const run = async () => prepare(entity, await catalogSearch(app.db, entity, body, { key, deadline }));
    const pending = cache ? cache.get(key, searchAnswerTtl(entity), run) : run();
    wantSearch(app.db, key, deadline);
    const answer = await withinSearchTimeLimit(pending, SEARCH_TIME_LIMIT_MS, started);
    return answer.send(request, reply);
  });
}

/** Product answers are checked against the product item contract the storefront reads them with. */
function prepare(entity: SearchEntity, { result, tooShort }: CatalogSearchOutcome): PreparedAnswer {
  const schema = entity === 'product' ? productSearchResultSchema : searchResultSchema;
  const envelope = tooShort
    ? ok(schema, result, searchMetaSchema, { notice: 'term_too_short', minTermLength: MIN_SEARCH_TERM_LENGTH })
    : ok(schema, result);
  return new PreparedAnswer(JSON.stringify(envelope));
}
