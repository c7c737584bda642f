import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { addressDocSchema } from '../../src/contracts/address';
import { buyerOf, requireAuth, requireBuyer } from '../http/auth';
import { ok } from '../http/envelope';
import { addressesOf } from '../services/addresses';

/** docs/product-rules.md §7 "Account": the buyer's saved delivery addresses, for every user of the buyer. */
export async function addressRoutes(app: FastifyInstance): Promise<void> {
  app.get('/api/bridge/buyer/addresses', { preHandler: [requireAuth, requireBuyer] }, async (request, reply) => {
    reply.header('cache-control', 'private, no-store');
    return ok(z.array(addressDocSchema), await addressesOf(app.db, buyerOf(request).buyerId));
  });
}
