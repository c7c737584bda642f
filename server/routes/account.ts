import type { FastifyInstance } from 'fastify';
import { customerSchema, updateMeRequestSchema } from '../../src/contracts/auth';
import { M } from '../../src/contracts/messages';
import { AppError } from '../http/app-error';
import { customerIdOf, requireAuth } from '../http/auth';
import { ok } from '../http/envelope';
import { parseBody } from '../http/validate';
import { customerProfile, findCustomerByEmail, findCustomerById, isUniqueViolation } from '../services/customers';

/** SPEC §7: GET and POST bridge/user/me (the signed-in customer's profile). */
export async function accountRoutes(app: FastifyInstance): Promise<void> {
  app.get('/api/bridge/user/me', { preHandler: requireAuth }, async (request) => {
    const customer = await findCustomerById(app.db, customerIdOf(request));
    if (!customer) throw new AppError(401, M.notAuthorized, undefined, 'CUSTOMER_GONE');
    return ok(customerSchema, await customerProfile(app.db, customer));
  });

  app.post('/api/bridge/user/me', { preHandler: requireAuth }, async (request) => {
    const { customer: changes } = parseBody(updateMeRequestSchema, request.body);
    const id = customerIdOf(request);
    const owner = await findCustomerByEmail(app.db, changes.email);
    if (owner && owner.id !== id) throw new AppError(409, M.userExists, undefined, 'USER_EXISTS');
    try {
      await app.db.query('update customers set firstname = $2, lastname = $3, email = $4, updated_at = $5 where id = $1', [
        id,
        changes.firstname,
        changes.lastname,
        changes.email,
        new Date(app.clock.now()),
      ]);
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError(409, M.userExists, undefined, 'USER_EXISTS');
      throw error;
    }
    const updated = await findCustomerById(app.db, id);
    if (!updated) throw new AppError(401, M.notAuthorized, undefined, 'CUSTOMER_GONE');
    return ok(customerSchema, await customerProfile(app.db, updated));
  });
}
