import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import {
  addCompanyRequestSchema,
  addCompanyResultSchema,
  checkTaxIdRequestSchema,
  companyInfoSchema,
  loginResultSchema,
  registerRequestSchema,
  requestInvitationRequestSchema,
  sessionMetaSchema,
} from '../../src/contracts/auth';
import { M, type MessageText } from '../../src/contracts/messages';
import { AppError } from '../http/app-error';
import { ok } from '../http/envelope';
import { customerIdOf, requireAuth } from '../http/auth';
import { addCompanyLimits, registrationLimits, taxIdLookupLimits } from '../http/rate-limits';
import { parseBody } from '../http/validate';
import { confirmationMail } from '../services/account-mails';
import { addCompany, AlreadyUserError } from '../services/add-company';
import { notifyJoinRequests, requestToJoin } from '../services/join-requests';
import type { Mailer } from '../services/mailer';
import {
  companyForRegistration,
  registerBuyer,
  RegistrationError,
  type Registered,
  type RegistrationProblem,
} from '../services/registration';

const REFUSALS: Record<RegistrationProblem, { status: number; message: MessageText }> = {
  buyer_exists: { status: 409, message: M.buyerExists },
  user_exists: { status: 409, message: M.userExists },
  company_not_found: { status: 404, message: M.companyNotFound },
  company_not_member: { status: 404, message: M.companyNotMember },
};

function refusal(error: unknown): unknown {
  if (error instanceof AlreadyUserError) return new AppError(409, M.alreadyUserOfBuyer, undefined, 'ALREADY_USER');
  if (!(error instanceof RegistrationError)) return error;
  const r = REFUSALS[error.code];
  return new AppError(r.status, r.message, undefined, error.code.toUpperCase());
}

/** The confirmation mail goes out after the answer: a slow mail server must not hold the new account. */
function mailConfirmation(mailer: Mailer, publicUrl: string, log: FastifyBaseLogger, registered: Registered): void {
  mailer
    .send(confirmationMail(publicUrl, registered.customer, registered.confirmToken))
    .catch((error: unknown) => log.error({ err: error }, 'confirmation mail could not be sent'));
}

/** Registration (docs/product-rules.md §2 "company tax number lookup, then password creation") and asking to join a company. */
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
    let registered: Registered;
    try {
      registered = await registerBuyer(
        app.db,
        app.companyRegistry,
        app.config,
        { email: customer.email, firstname: customer.firstname, lastname: customer.lastname, afm: customer.taxvat, password },
        app.clock.now(),
      );
    } catch (error) {
      throw refusal(error);
    }
    mailConfirmation(app.mailer, app.config.publicUrl, request.log, registered);
    return ok(loginResultSchema, registered.session.token, sessionMetaSchema, registered.session.meta);
  });

  // The company is already a buyer (check-tax-id said 409 M.buyerExists): the newcomer asks to join it.
  app.post('/api/client/user/request-invitation', { config: { limits: registrationLimits } }, async (request) => {
    const { customer, password } = parseBody(requestInvitationRequestSchema, request.body);
    let registered: Registered;
    try {
      registered = await requestToJoin(
        app.db,
        app.config,
        { email: customer.email, firstname: customer.firstname, lastname: customer.lastname, afm: customer.taxvat, password },
        app.clock.now(),
      );
    } catch (error) {
      throw refusal(error);
    }
    mailConfirmation(app.mailer, app.config.publicUrl, request.log, registered);
    return ok(loginResultSchema, registered.session.token, sessionMetaSchema, registered.session.meta);
  });

  // A signed-in customer adds another company (docs/product-rules.md §6.2): created, or a request to join it.
  app.post('/api/bridge/user/buyers', { preHandler: requireAuth, config: { limits: addCompanyLimits } }, async (request) => {
    const { taxvat } = parseBody(addCompanyRequestSchema, request.body);
    const customerId = customerIdOf(request);
    const now = app.clock.now();
    let added: Awaited<ReturnType<typeof addCompany>>;
    try {
      added = await addCompany(app.db, app.companyRegistry, customerId, taxvat, now);
    } catch (error) {
      throw refusal(error);
    }
    if (added.outcome === 'created') return ok(addCompanyResultSchema, { ...added, message: M.companyAdded });
    // The super users hear of it now if the address is confirmed, otherwise once it is (email confirmation).
    notifyJoinRequests(app.db, app.mailer, app.config.publicUrl, customerId, now).catch((error: unknown) =>
      request.log.error({ err: error }, 'join request mail could not be sent'),
    );
    return ok(addCompanyResultSchema, { ...added, message: M.joinRequestSent });
  });
}
