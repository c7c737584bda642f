import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { addressDocSchema, addressIdSchema, addressSaveBodySchema } from '../../src/contracts/address';
import { billingDocSchema, billingSaveBodySchema } from '../../src/contracts/billing';
import { buyerOf, customerIdOf, requireAuth, requireBuyer } from '../http/auth';
import { customerBuckets, perCustomerLimit } from '../http/customer-rate-limit';
import { ok } from '../http/envelope';
import { parseBody, parseInput } from '../http/validate';
import { addressesOf } from '../services/addresses';
import { toCompanyInfo } from '../services/company-registry';
import { AppError } from '../http/app-error';
import { M } from '../../src/contracts/messages';
import { companyInfoSchema } from '../../src/contracts/auth';
import { billingOf, saveBilling, saveBuyerAddress } from '../services/buyer-data';

const addressParamsSchema = z.strictObject({ id: addressIdSchema });

/**
 * docs/product-rules.md §7 "Account": the buyer's saved delivery addresses and billing details, read and
 * saved by every user of the buyer. Saves come from the device's outbox, maybe days after they were made.
 */
export async function addressRoutes(app: FastifyInstance): Promise<void> {
  const perCustomer = perCustomerLimit(
    customerBuckets(app.limits, 'addresses', { perSecond: app.config.orderRatePerSecond, burst: app.config.orderBurst }),
    'BUYER_DATA_RATE_LIMITED',
  );

  app.get('/api/bridge/buyer/addresses', { preHandler: [requireAuth, requireBuyer] }, async (request, reply) => {
    reply.header('cache-control', 'private, no-store');
    return ok(z.array(addressDocSchema), await addressesOf(app.db, buyerOf(request).buyerId));
  });

  app.put('/api/bridge/buyer/addresses/:id', { preHandler: [requireAuth, perCustomer, requireBuyer] }, async (request) => {
    const { id } = parseInput(addressParamsSchema, request.params);
    const body = parseBody(addressSaveBodySchema, request.body);
    const saved = await saveBuyerAddress(app.db, {
      buyerId: buyerOf(request).buyerId,
      customerId: customerIdOf(request),
      id,
      address: body.address,
      savedAt: body.updated_at,
    });
    return ok(addressDocSchema, saved);
  });

  app.get('/api/bridge/buyer/billing', { preHandler: [requireAuth, requireBuyer] }, async (request, reply) => {
    reply.header('cache-control', 'private, no-store');
    return ok(billingDocSchema, await billingOf(app.db, buyerOf(request).buyerId));
  });

  // The company as the registry knows it today, by the tax number it registered with (billing details refresh).
  app.get('/api/bridge/buyer/billing/registry', { preHandler: [requireAuth, perCustomer, requireBuyer] }, async (request, reply) => {
    reply.header('cache-control', 'private, no-store');
    const [buyer] = await app.db.query<{ afm: string }>('select afm from buyers where id = $1', [buyerOf(request).buyerId]);
    const entry = buyer ? await app.companyRegistry.lookup(buyer.afm) : undefined;
    if (!entry) throw new AppError(404, M.companyNotFound, undefined, 'COMPANY_NOT_FOUND');
    return ok(companyInfoSchema, toCompanyInfo(entry));
  });

  app.put('/api/bridge/buyer/billing', { preHandler: [requireAuth, perCustomer, requireBuyer] }, async (request) => {
    const body = parseBody(billingSaveBodySchema, request.body);
    const saved = await saveBilling(app.db, {
      buyerId: buyerOf(request).buyerId,
      customerId: customerIdOf(request),
      billing: body.billing,
      savedAt: body.updated_at,
    });
    return ok(billingDocSchema, saved);
  });
}
