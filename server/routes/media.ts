import type { FastifyInstance } from 'fastify';
import { isImageSize, productSvg, supplierSvg } from '../seed/product-image';

/**
 * Product and supplier pictures drawn on request from the sku or id (the seed stores only paths such as
 * /media/product/<sku>/gallery.svg). The same URL always gives the same bytes, hence `immutable`.
 */
const CACHE_CONTROL = 'public, max-age=86400, immutable';
const SKU = /^[A-Za-z0-9._-]{1,64}$/;

export async function mediaRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Params: { sku: string; size: string } }>('/media/product/:sku/:size.svg', async (request, reply) => {
    const { sku, size } = request.params;
    if (!isImageSize(size) || !SKU.test(sku)) {
      return reply.code(404).send({ code: 404, result: 'Image not found', errors: [{ description: 'Image not found' }] });
    }
    return reply.header('cache-control', CACHE_CONTROL).type('image/svg+xml; charset=utf-8').send(productSvg(sku, size));
  });

  app.get<{ Params: { id: string } }>('/media/supplier/:id.svg', async (request, reply) => {
    const id = Number(request.params.id);
    if (!/^\d{1,9}$/.test(request.params.id) || id < 1) {
      return reply.code(404).send({ code: 404, result: 'Image not found', errors: [{ description: 'Image not found' }] });
    }
    return reply.header('cache-control', CACHE_CONTROL).type('image/svg+xml; charset=utf-8').send(supplierSvg(id));
  });
}
