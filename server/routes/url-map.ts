import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { NO_MAPPING_FOUND, urlMapRequestSchema, urlMapResultSchema } from '../../src/contracts/search';
import { requireAuth } from '../http/auth';
import { errorEnvelope, ok } from '../http/envelope';
import { parseBody } from '../http/validate';
import { mapUrl, productBySku, productPath } from '../services/search/url-map';

/**
 * SPEC §7 URL mapping: `POST /api/url/map {url, includeFields?, excludeFields?, options?, filters?}` answers
 * `{_type, _source, url_path, filters?}`; an unknown path is a 404 "No mapping found", which the
 * storefront's dispatcher turns into page-not-found (SPEC §2).
 */
export async function urlMapRoutes(app: FastifyInstance): Promise<void> {
  app.post('/api/url/map', { preHandler: requireAuth }, async (request, reply) => {
    const body = parseBody(urlMapRequestSchema, request.body);
    const mapped = await mapUrl(app.db, body);
    // Not an AppError: the text is the SPEC §2 protocol word the dispatcher matches, not shown to buyers.
    if (!mapped) return reply.code(404).send(errorEnvelope(404, NO_MAPPING_FOUND));
    return ok(urlMapResultSchema, mapped);
  });
}

const productParams = z.object({ sku: z.string().min(1).max(128), slug: z.string().max(300).optional() });

/**
 * SPEC §2: a browser opening the URL of a child variant hidden from direct access (visibility 1) gets a
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
