import type { FastifyInstance } from 'fastify';
import {
  orderConfirmationSchema,
  orderIdParamsSchema,
  orderPullQuerySchema,
  orderPullResultSchema,
  orderStatusBodySchema,
  placeOrderBodySchema,
} from '../../src/contracts/order';
import { z } from 'zod';
import { M } from '../../src/contracts/messages';
import { AppError } from '../http/app-error';
import { buyerOf, customerIdOf, requireAdmin, requireAuth, requireBuyer, requireConfirmedEmail } from '../http/auth';
import { customerBuckets, perCustomerLimit } from '../http/customer-rate-limit';
import { ok } from '../http/envelope';
import { parseBody, parseInput } from '../http/validate';
import { pullOrders, setOrderStatus } from '../services/orders/history';
import { OrderError, placeOrder } from '../services/orders/place-order';

/** docs/product-rules.md §7 "Orders and cart": placing an order, the buyer's orders, and moving an order's status on. */
export async function orderRoutes(app: FastifyInstance): Promise<void> {
  // A device sends everything it queued offline at once on reconnecting (the burst); a script sends without end.
  const perCustomer = perCustomerLimit(
    customerBuckets(app.limits, 'orders', { perSecond: app.config.orderRatePerSecond, burst: app.config.orderBurst }),
    'ORDER_RATE_LIMITED',
  );
  app.post('/api/bridge/buyer/order', { preHandler: [requireAuth, perCustomer, requireBuyer, requireConfirmedEmail] }, async (request) => {
    const body = parseBody(placeOrderBodySchema, request.body);
    const scope = { customerId: customerIdOf(request), buyerId: buyerOf(request).buyerId };
    try {
      return ok(orderConfirmationSchema, await placeOrder(app.db, scope, body, app.clock.now()));
    } catch (error) {
      if (!(error instanceof OrderError)) throw error;
      switch (error.code) {
        case 'rejected':
          throw new AppError(422, M.orderNeedsChanges, { problems: error.problems }, 'ORDER_REJECTED');
        case 'id_reused':
          throw new AppError(409, M.orderIdReused, undefined, 'ORDER_ID_REUSED');
        case 'hash_mismatch':
          throw new AppError(400, M.invalidRequest, undefined, 'ORDER_HASH_MISMATCH');
        case 'duplicate_line':
          throw new AppError(400, M.invalidRequest, undefined, 'ORDER_DUPLICATE_LINE');
      }
    }
  });

  app.get('/api/bridge/buyer/orders/v1/pull', { preHandler: [requireAuth, requireBuyer] }, async (request, reply) => {
    const query = parseInput(orderPullQuerySchema, request.query, { forMachines: true });
    const membership = buyerOf(request);
    const scope = { customerId: customerIdOf(request), buyerId: membership.buyerId, isSuperUser: membership.isSuperUser };
    reply.header('cache-control', 'private, no-store');
    return ok(orderPullResultSchema, await pullOrders(app.db, scope, query.after, query.limit));
  });

  app.put('/api/admin/orders/:backendOrderId/status', { preHandler: [requireAuth, requireAdmin] }, async (request) => {
    const params = parseInput(orderIdParamsSchema, request.params);
    const body = parseBody(orderStatusBodySchema, request.body);
    if (!(await setOrderStatus(app.db, params.backendOrderId, body.status)))
      throw new AppError(404, M.notFound, undefined, 'ORDER_NOT_FOUND');
    return ok(z.boolean(), true);
  });
}
