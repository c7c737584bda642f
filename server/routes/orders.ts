import type { FastifyInstance } from 'fastify';
import { orderConfirmationSchema, placeOrderBodySchema } from '../../src/contracts/order';
import { M } from '../../src/contracts/messages';
import { AppError } from '../http/app-error';
import { buyerOf, customerIdOf, requireAuth, requireBuyer, requireConfirmedEmail } from '../http/auth';
import { ok } from '../http/envelope';
import { parseBody } from '../http/validate';
import { OrderError, placeOrder } from '../services/orders/place-order';

/** docs/product-rules.md §7 "Orders and cart": placing an order. */
export async function orderRoutes(app: FastifyInstance): Promise<void> {
  app.post('/api/bridge/buyer/order', { preHandler: [requireAuth, requireBuyer, requireConfirmedEmail] }, async (request) => {
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
}
