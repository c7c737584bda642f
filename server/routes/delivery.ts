import type { FastifyInstance } from 'fastify';
import {
  availabilityQuerySchema,
  availabilityResultSchema,
  switchAddressBodySchema,
  switchAddressQuerySchema,
  switchAddressResultSchema,
} from '../../src/contracts/availability';
import { buyerOf, customerIdOf, requireAuth, requireBuyer } from '../http/auth';
import { ok } from '../http/envelope';
import { parseBody, parseInput } from '../http/validate';
import { orderAvailability, switchCartAddress } from '../services/orders/delivery-address';

/** docs/product-rules.md §7 "Orders and cart": a changed delivery address (server/services/orders/delivery-address.ts). */
export async function deliveryRoutes(app: FastifyInstance): Promise<void> {
  const base = '/api/client/buyers/:buyer_id';

  app.get(`${base}/order/check-product-availability`, { preHandler: [requireAuth, requireBuyer] }, async (request, reply) => {
    const query = parseInput(availabilityQuerySchema, request.query);
    const membership = buyerOf(request);
    const scope = { customerId: customerIdOf(request), buyerId: membership.buyerId, isSuperUser: membership.isSuperUser };
    reply.header('cache-control', 'private, no-store');
    return ok(availabilityResultSchema, await orderAvailability(app.db, scope, query.order_id, query.address_id));
  });

  app.get(`${base}/cart/switch-address`, { preHandler: [requireAuth, requireBuyer] }, async (request, reply) => {
    const query = parseInput(switchAddressQuerySchema, request.query);
    const scope = { customerId: customerIdOf(request), buyerId: buyerOf(request).buyerId };
    reply.header('cache-control', 'private, no-store');
    const result = await switchCartAddress(
      app.db,
      scope,
      { currentAddressId: query.current_address_id, newAddressId: query.new_address_id },
      app.clock.now(),
    );
    return ok(switchAddressResultSchema, result);
  });

  app.post(`${base}/cart/switch-address`, { preHandler: [requireAuth, requireBuyer] }, async (request) => {
    const body = parseBody(switchAddressBodySchema, request.body);
    const scope = { customerId: customerIdOf(request), buyerId: buyerOf(request).buyerId };
    const result = await switchCartAddress(
      app.db,
      scope,
      { currentAddressId: body.current_address_id, newAddressId: body.new_address_id, lineIds: body.cartItems },
      app.clock.now(),
    );
    return ok(switchAddressResultSchema, result);
  });
}
