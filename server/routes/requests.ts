import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  addSuppliersRequestSchema,
  buyerRequestDocSchema,
  buyerRequestResultSchema,
  lockedSupplierRequestSchema,
  wholesalePriceRequestSchema,
} from '../../src/contracts/requests';
import { buyerOf, customerIdOf, requireAuth, requireBuyer } from '../http/auth';
import { customerBuckets, perCustomerLimit } from '../http/customer-rate-limit';
import { ok } from '../http/envelope';
import { parseBody } from '../http/validate';
import { buyerRequests, storeBuyerRequest } from '../services/buyer-requests';

/** docs/product-rules.md §7: the buyer's requests, each stored once under the device's request id. */
export async function requestRoutes(app: FastifyInstance): Promise<void> {
  const perCustomer = perCustomerLimit(
    customerBuckets(app.limits, 'requests', { perSecond: app.config.orderRatePerSecond, burst: app.config.orderBurst }),
    'REQUEST_RATE_LIMITED',
  );
  const preHandler = [requireAuth, perCustomer, requireBuyer];
  const base = '/api/bridge/buyer/requests';
  const scopeOf = (request: Parameters<typeof buyerOf>[0]) => ({ customerId: customerIdOf(request), buyerId: buyerOf(request).buyerId });

  app.get(base, { preHandler: [requireAuth, requireBuyer] }, async (request, reply) => {
    const membership = buyerOf(request);
    reply.header('cache-control', 'private, no-store');
    const scope = { customerId: customerIdOf(request), buyerId: membership.buyerId, isSuperUser: membership.isSuperUser };
    return ok(z.array(buyerRequestDocSchema), await buyerRequests(app.db, scope));
  });

  app.post(`${base}/wholesale-price`, { preHandler }, async (request) => {
    const body = parseBody(wholesalePriceRequestSchema, request.body);
    const result = await storeBuyerRequest(app.db, scopeOf(request), {
      kind: 'wholesale_price',
      requestId: body.request_id,
      message: body.message ?? '',
      supplierId: body.supplier_id,
      sku: body.sku,
      path: body.path,
    });
    return ok(buyerRequestResultSchema, result);
  });

  app.post(`${base}/add-suppliers`, { preHandler }, async (request) => {
    const body = parseBody(addSuppliersRequestSchema, request.body);
    const result = await storeBuyerRequest(app.db, scopeOf(request), {
      kind: 'add_suppliers',
      requestId: body.request_id,
      message: body.message ?? '',
    });
    return ok(buyerRequestResultSchema, result);
  });

  app.post(`${base}/locked-supplier`, { preHandler }, async (request) => {
    const body = parseBody(lockedSupplierRequestSchema, request.body);
    const result = await storeBuyerRequest(app.db, scopeOf(request), {
      kind: 'locked_supplier',
      requestId: body.request_id,
      message: body.message ?? '',
      supplierId: body.supplier_id,
      type: body.type,
    });
    return ok(buyerRequestResultSchema, result);
  });
}
