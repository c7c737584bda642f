import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  favoritesPullQuerySchema,
  favoritesPullResultSchema,
  favoritesPushBodySchema,
  favoritesPushResultSchema,
} from '../../src/contracts/favorites';
import { M } from '../../src/contracts/messages';
import { AppError } from '../http/app-error';
import { buyerOf, customerIdOf, requireAuth, requireBuyer } from '../http/auth';
import { ok } from '../http/envelope';
import { parseBody, parseInput } from '../http/validate';
import { pullDocuments, pushDocuments, type DocumentScope } from '../services/document-replication';
import { FAVORITES, FavoritesError, storableRows } from '../services/favorites/favorites';

/** Any user of the buyer reads and changes its favourites (docs/decisions/022-favourites.md). */
const member = [requireAuth, requireBuyer];

function scopeOf(request: FastifyRequest): DocumentScope {
  return { customerId: customerIdOf(request), buyerId: buyerOf(request).buyerId };
}

/** The favourites list and edit of docs/product-rules.md §7, as RxDB's pull and push. */
export async function favoritesRoutes(app: FastifyInstance): Promise<void> {
  const base = '/api/bridge/buyer/favorites/v1';

  app.get(`${base}/pull`, { preHandler: member }, async (request) => {
    const query = parseInput(favoritesPullQuerySchema, request.query, { forMachines: true });
    return ok(favoritesPullResultSchema, await pullDocuments(app.db, FAVORITES, scopeOf(request), query.after, query.limit));
  });

  app.post(`${base}/push`, { preHandler: member }, async (request) => {
    const body = parseBody(favoritesPushBodySchema, request.body);
    try {
      const rows = await storableRows(app.db, body.rows);
      const { conflicts } = await pushDocuments(app.db, FAVORITES, scopeOf(request), rows);
      return ok(favoritesPushResultSchema, { conflicts });
    } catch (error) {
      if (!(error instanceof FavoritesError)) throw error;
      if (error.code === 'too_many') throw new AppError(400, M.favoritesTooMany, undefined, 'FAVORITES_TOO_MANY');
      throw new AppError(400, M.invalidRequest, undefined, 'FAVORITES_UNKNOWN_PRODUCT');
    }
  });
}
