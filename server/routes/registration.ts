import type { FastifyInstance } from 'fastify';
import {
  checkTaxIdRequestSchema,
  companyInfoSchema,
  loginResultSchema,
  registerRequestSchema,
  sessionMetaSchema,
} from '../../src/contracts/auth';
import { M, type MessageText } from '../../src/contracts/messages';
import { AppError } from '../http/app-error';
import { ok } from '../http/envelope';
import { registrationLimits, taxIdLookupLimits } from '../http/rate-limits';
import { parseBody } from '../http/validate';
import { companyForRegistration, registerBuyer, RegistrationError, type RegistrationProblem } from '../services/registration';

const REFUSALS: Record<RegistrationProblem, { status: number; message: MessageText }> = {
  buyer_exists: { status: 409, message: M.buyerExists },
  user_exists: { status: 409, message: M.userExists },
  company_not_found: { status: 404, message: M.companyNotFound },
};

function refusal(error: unknown): unknown {
  if (!(error instanceof RegistrationError)) return error;
  const r = REFUSALS[error.code];
  return new AppError(r.status, r.message, undefined, error.code.toUpperCase());
}

/** Registration (SPEC §2 "company tax number lookup, then password creation"). */
export async function registrationRoutes(app: FastifyInstance): Promise<void> {
  app.post('/api/client/user/check-tax-id', { config: { limits: taxIdLookupLimits } }, async (request) => {
    const { tax_id } = parseBody(checkTaxIdRequestSchema, request.body);
    try {
      return ok(companyInfoSchema, await companyForRegistration(app.db, app.companyRegistry, tax_id));
    } catch (error) {
      throw refusal(error);
    }
  });

  app.post('/api/bridge/buyers', { config: { limits: registrationLimits } }, async (request) => {
    const { customer, password } = parseBody(registerRequestSchema, request.body);
    try {
      const session = await registerBuyer(
        app.db,
        app.companyRegistry,
        app.config,
        { email: customer.email, firstname: customer.firstname, lastname: customer.lastname, afm: customer.taxvat, password },
        app.clock.now(),
      );
      return ok(loginResultSchema, session.token, sessionMetaSchema, session.meta);
    } catch (error) {
      throw refusal(error);
    }
  });
}
