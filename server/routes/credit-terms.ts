import type { FastifyInstance } from 'fastify';
import { creditTermListSchema, creditTermRequestSchema, creditTermSchema } from '../../src/contracts/credit-terms';
import { buyerOf, customerIdOf, requireAuth, requireBuyer } from '../http/auth';
import { customerBuckets, perCustomerLimit } from '../http/customer-rate-limit';
import { ok } from '../http/envelope';
import { parseBody } from '../http/validate';
import { askForCreditTerms, creditTermsOf } from '../services/credit-terms';

/** docs/product-rules.md §7 "Account": the buyer's credit terms, read and asked for by any member of the buyer. */
export async function creditTermRoutes(app: FastifyInstance): Promise<void> {
  const perCustomer = perCustomerLimit(
    customerBuckets(app.limits, 'credit-terms', { perSecond: app.config.orderRatePerSecond, burst: app.config.orderBurst }),
    'CREDIT_TERMS_RATE_LIMITED',
  );
  const base = '/api/bridge/buyer/credit-terms';

  app.get(base, { preHandler: [requireAuth, requireBuyer] }, async (request, reply) => {
    reply.header('cache-control', 'private, no-store');
    return ok(creditTermListSchema, await creditTermsOf(app.db, buyerOf(request).buyerId));
  });

  app.post(base, { preHandler: [requireAuth, perCustomer, requireBuyer] }, async (request) => {
    const body = parseBody(creditTermRequestSchema, request.body);
    const term = await askForCreditTerms(
      app.db,
      { customerId: customerIdOf(request), buyerId: buyerOf(request).buyerId },
      { requestId: body.request_id, supplierId: body.supplier_id },
    );
    return ok(creditTermSchema, term);
  });
}
