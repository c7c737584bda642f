import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  cartDeleteBodySchema,
  cartLineDocSchema,
  cartPullQuerySchema,
  cartPullResultSchema,
  cartPushBodySchema,
  cartPushResultSchema,
  cartSupplierDocSchema,
  cartTotalsSchema,
  cartUpdateBodySchema,
  couponBodySchema,
  paymentMethodsResultSchema,
  shippingInformationBodySchema,
  shippingInformationResultSchema,
  shippingMethodSchema,
  shippingMethodsBodySchema,
  stockQuerySchema,
  stockResultSchema,
  wholeCartSchema,
} from '../../src/contracts/cart';
import { M, type MessageText } from '../../src/contracts/messages';
import { AppError } from '../http/app-error';
import { buyerOf, customerIdOf, requireAuth, requireBuyer, requireConfirmedEmail } from '../http/auth';
import { ok } from '../http/envelope';
import { parseBody, parseInput } from '../http/validate';
import {
  applyCoupon,
  cartTotals,
  deleteLine,
  paymentMethods,
  removeCoupon,
  setShippingInformation,
  shippingMethodsFor,
  stockOf,
  updateLine,
  wholeCart,
} from '../services/cart/cart';
import { CartError, type CartScope } from '../services/cart/documents';
import { LINES, SUPPLIERS } from '../services/cart/replication';
import { pullDocuments, pushDocuments, type Kind, type PushRow } from '../services/document-replication';

/** Reading needs a member of the buyer; changing the cart commits the buyer, so it needs a confirmed address too. */
const read = [requireAuth, requireBuyer];
const write = [requireAuth, requireBuyer, requireConfirmedEmail];

const CART_ERRORS: Record<CartError['code'], { status: number; message: MessageText }> = {
  unknown_product: { status: 400, message: M.invalidRequest },
  too_many_lines: { status: 400, message: M.cartTooLarge },
  credit_not_available: { status: 400, message: M.creditNotAvailable },
  shipping_method_unknown: { status: 400, message: M.shippingMethodUnknown },
  coupon_unknown: { status: 400, message: M.couponUnknown },
  coupon_expired: { status: 400, message: M.couponExpired },
  coupon_not_applicable: { status: 400, message: M.couponNotApplicable },
};

async function answering<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof CartError) {
      const { status, message } = CART_ERRORS[error.code];
      throw new AppError(status, message, undefined, `CART_${error.code.toUpperCase()}`);
    }
    throw error;
  }
}

function scopeOf(request: FastifyRequest): CartScope {
  return { customerId: customerIdOf(request), buyerId: buyerOf(request).buyerId };
}

/** RxDB's pull and push for one kind of cart document (docs/decisions/018-cart.md). */
function documentRoutes<S extends typeof cartLineDocSchema | typeof cartSupplierDocSchema>(
  app: FastifyInstance,
  path: string,
  kind: Kind<z.output<S>>,
  schema: S,
): void {
  app.get(`${path}/pull`, { preHandler: read }, async (request) => {
    const query = parseInput(cartPullQuerySchema, request.query, { forMachines: true });
    return ok(cartPullResultSchema(schema), await pullDocuments(app.db, kind, scopeOf(request), query.after, query.limit));
  });
  app.post(`${path}/push`, { preHandler: write }, async (request) => {
    const body = parseBody(cartPushBodySchema(schema), request.body) as { rows: PushRow<z.output<S>>[] };
    const { conflicts } = await answering(() => pushDocuments(app.db, kind, scopeOf(request), body.rows));
    return ok(cartPushResultSchema(schema), { conflicts });
  });
}

/** The cart calls of docs/product-rules.md §7 "Orders and cart", and the stock lookup of "Catalogue and stock". */
export async function cartRoutes(app: FastifyInstance): Promise<void> {
  const base = '/api/bridge/buyer/cart';

  documentRoutes(app, `${base}/v1/lines`, LINES, cartLineDocSchema);
  documentRoutes(app, `${base}/v1/suppliers`, SUPPLIERS, cartSupplierDocSchema);

  app.post(`${base}/create`, { preHandler: write }, async (request) => {
    // The cart exists implicitly per customer and buyer; its token names the buyer it belongs to.
    return ok(z.object({ cart_token: z.string() }), { cart_token: buyerOf(request).buyerId });
  });

  app.get(`${base}/pull`, { preHandler: read }, async (request) => ok(wholeCartSchema, await wholeCart(app.db, scopeOf(request))));

  app.post(`${base}/update`, { preHandler: write }, async (request) => {
    const body = parseBody(cartUpdateBodySchema, request.body);
    const line = await answering(() => updateLine(app.db, scopeOf(request), body.cartItem, body.base_qty));
    return ok(cartLineDocSchema, line);
  });

  app.post(`${base}/delete`, { preHandler: write }, async (request) => {
    const body = parseBody(cartDeleteBodySchema, request.body);
    if (!(await deleteLine(app.db, scopeOf(request), body.cartItem.id, body.cartItem.updated_at))) {
      throw new AppError(404, M.notFound, undefined, 'CART_LINE_NOT_FOUND');
    }
    return ok(z.boolean(), true);
  });

  app.get(`${base}/totals`, { preHandler: read }, async (request) => {
    return ok(cartTotalsSchema, await cartTotals(app.db, scopeOf(request), app.clock.now()));
  });

  app.get(`${base}/payment-methods`, { preHandler: read }, async (request) => {
    return ok(paymentMethodsResultSchema, await paymentMethods(app.db, scopeOf(request)));
  });

  app.post(`${base}/shipping-methods`, { preHandler: read }, async (request) => {
    const body = parseBody(shippingMethodsBodySchema, request.body);
    return ok(z.array(shippingMethodSchema), shippingMethodsFor(body.address));
  });

  app.post(`${base}/shipping-information`, { preHandler: write }, async (request) => {
    const { addressInformation: info } = parseBody(shippingInformationBodySchema, request.body);
    const input = { address: info.shipping_address, methodCode: info.shipping_method_code, carrierCode: info.shipping_carrier_code };
    return ok(
      shippingInformationResultSchema,
      await answering(() => setShippingInformation(app.db, scopeOf(request), input, app.clock.now())),
    );
  });

  app.post(`${base}/apply-coupon`, { preHandler: write }, async (request) => {
    const body = parseBody(couponBodySchema, request.body);
    return ok(cartTotalsSchema, await answering(() => applyCoupon(app.db, scopeOf(request), body.coupon, app.clock.now())));
  });

  app.post(`${base}/delete-coupon`, { preHandler: write }, async (request) => {
    return ok(cartTotalsSchema, await removeCoupon(app.db, scopeOf(request), app.clock.now()));
  });

  app.get('/api/bridge/stock', { preHandler: read }, async (request) => {
    const query = parseInput(stockQuerySchema, request.query);
    return ok(stockResultSchema, await stockOf(app.db, query.skus));
  });
}
