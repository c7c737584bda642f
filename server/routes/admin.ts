import type { FastifyInstance } from 'fastify';
import {
  customerSearchQuerySchema,
  customerSearchResultSchema,
  loginAsMetaSchema,
  loginAsRequestSchema,
  logoutAsRequestSchema,
} from '../../src/contracts/admin';
import { loginResultSchema, sessionMetaSchema } from '../../src/contracts/auth';
import { M } from '../../src/contracts/messages';
import { AppError } from '../http/app-error';
import { customerIdOf, requireAdmin, requireAuth, requireLoginAs, sessionOf } from '../http/auth';
import { ok } from '../http/envelope';
import { parseBody, parseInput } from '../http/validate';
import { loginAs, LoginAsError, logoutAs, searchCustomers } from '../services/admin-login-as';

/**
 * Administrators acting as a customer (docs/decisions/025-admin-login-as.md): POST admin/login-as,
 * POST admin/logout-as and the customer search the storefront's login-as dialog uses.
 */
export async function adminRoutes(app: FastifyInstance): Promise<void> {
  app.get('/api/admin/customers', { preHandler: [requireAuth, requireAdmin] }, async (request, reply) => {
    const { q } = parseInput(customerSearchQuerySchema, request.query ?? {});
    reply.header('cache-control', 'private, no-store');
    return ok(customerSearchResultSchema, await searchCustomers(app.db, q));
  });

  // The caller's own session is left open: the storefront ends it (logout) when it switches to the customer.
  app.post('/api/admin/login-as', { preHandler: [requireAuth, requireAdmin] }, async (request) => {
    const { customer_id } = parseBody(loginAsRequestSchema, request.body);
    const adminId = customerIdOf(request);
    try {
      const session = await loginAs(app.db, app.config, adminId, customer_id, app.clock.now(), request.ip);
      request.log.info({ adminId, customerId: customer_id }, 'admin logged in as a customer');
      return ok(loginResultSchema, session.token, loginAsMetaSchema, { ...session.meta, adminId, endsAt: session.endsAtMs });
    } catch (error) {
      if (error instanceof LoginAsError) {
        if (error.code === 'unknown_customer') throw new AppError(404, M.notFound, undefined, 'CUSTOMER_NOT_FOUND');
        throw new AppError(403, M.adminOnly, undefined, 'TARGET_IS_ADMIN');
      }
      throw error;
    }
  });

  app.post('/api/admin/logout-as', { preHandler: [requireAuth, requireLoginAs] }, async (request) => {
    const body = parseBody(logoutAsRequestSchema, request.body ?? {});
    const { customerId, familyId } = sessionOf(request);
    const adminId = request.adminId ?? '';
    if (body.admin_id !== undefined && body.admin_id !== adminId) throw new AppError(403, M.adminOnly, undefined, 'NOT_THIS_ADMIN');
    const session = await logoutAs(app.db, app.config, { adminId, customerId, familyId }, app.clock.now(), request.ip);
    app.sessions.ended([familyId]);
    request.log.info({ adminId, customerId }, 'admin logged out of a customer');
    return ok(loginResultSchema, session.token, sessionMetaSchema, session.meta);
  });
}
