import type { FastifyInstance } from 'fastify';
import {
  communicationPreferencesResultSchema,
  communicationPreferencesSchema,
  deleteAccountRequestSchema,
  deletionRequestSchema,
} from '../../src/contracts/account-requests';
import { customerSchema, priceAppearanceRequestSchema, updateMeMetaSchema, updateMeRequestSchema } from '../../src/contracts/auth';
import { M } from '../../src/contracts/messages';
import { AppError } from '../http/app-error';
import { customerIdOf, requireAuth } from '../http/auth';
import { ok } from '../http/envelope';
import { profileUpdateLimits } from '../http/rate-limits';
import { parseBody } from '../http/validate';
import {
  communicationPreferences,
  openDeletionRequest,
  requestAccountDeletion,
  saveCommunicationPreferences,
} from '../services/account-requests';
import { customerProfile, findCustomerById } from '../services/customers';
import { ProfileError, updateProfile } from '../services/profile-update';

function refusal(error: unknown): unknown {
  if (!(error instanceof ProfileError)) return error;
  if (error.code === 'current_password_required')
    return new AppError(400, M.required, { fields: [{ path: 'current_password', message: M.required }] }, 'CURRENT_PASSWORD_REQUIRED');
  if (error.code === 'current_password_wrong')
    return new AppError(
      400,
      M.currentPasswordWrong,
      { fields: [{ path: 'current_password', message: M.currentPasswordWrong }] },
      'CURRENT_PASSWORD_WRONG',
    );
  return new AppError(401, M.notAuthorized, undefined, 'CUSTOMER_GONE');
}

/** docs/product-rules.md §7: GET and POST bridge/user/me (the signed-in customer's profile). */
export async function accountRoutes(app: FastifyInstance): Promise<void> {
  app.get('/api/bridge/user/me', { preHandler: requireAuth }, async (request) => {
    const customer = await findCustomerById(app.db, customerIdOf(request));
    if (!customer) throw new AppError(401, M.notAuthorized, undefined, 'CUSTOMER_GONE');
    return ok(customerSchema, await customerProfile(app.db, customer));
  });

  // Prices with or without VAT: the customer's own choice, on every device once it reads the profile.
  app.put(
    '/api/client/user/show-prices-with-vat/change',
    { preHandler: requireAuth, config: { limits: profileUpdateLimits } },
    async (request) => {
      const { show_prices_with_vat: withVat } = parseBody(priceAppearanceRequestSchema, request.body);
      await app.db.query('update customers set show_prices_with_vat = $2 where id = $1', [customerIdOf(request), withVat]);
      const customer = await findCustomerById(app.db, customerIdOf(request));
      if (!customer) throw new AppError(401, M.notAuthorized, undefined, 'CUSTOMER_GONE');
      return ok(customerSchema, await customerProfile(app.db, customer));
    },
  );

  // Names change at once; a new email only after the link mailed to it is opened (decision record 017).
  app.post('/api/bridge/user/me', { preHandler: requireAuth, config: { limits: profileUpdateLimits } }, async (request) => {
    const { customer: changes, current_password } = parseBody(updateMeRequestSchema, request.body);
    let update;
    try {
      update = await updateProfile(
        app.db,
        app.mailer,
        app.config.publicUrl,
        customerIdOf(request),
        changes,
        current_password,
        app.clock.now(),
      );
    } catch (error) {
      throw refusal(error);
    }
    update.delivery.catch((error: unknown) => request.log.error({ err: error }, 'email change mail could not be sent'));
    const profile = await customerProfile(app.db, update.customer);
    if (!update.emailChangeRequested) return ok(customerSchema, profile);
    return ok(customerSchema, profile, updateMeMetaSchema, { email_change: 'confirmation_sent' });
  });

  // Deleting an account is customer service's work (decision 024): the request is recorded once and mailed.
  app.get('/api/client/user/delete-account-request', { preHandler: requireAuth }, async (request) =>
    ok(deletionRequestSchema, await openDeletionRequest(app.db, customerIdOf(request))),
  );
  app.post(
    '/api/client/user/delete-account-request',
    { preHandler: requireAuth, config: { limits: profileUpdateLimits } },
    async (request) => {
      const { reason } = parseBody(deleteAccountRequestSchema, request.body);
      const customer = await findCustomerById(app.db, customerIdOf(request));
      if (!customer) throw new AppError(401, M.notAuthorized, undefined, 'CUSTOMER_GONE');
      const outcome = await requestAccountDeletion(app.db, app.mailer, app.config.supportEmail, customer, reason ?? '');
      outcome.delivery.catch((error: unknown) => request.log.error({ err: error }, 'account deletion mails could not be sent'));
      return ok(deletionRequestSchema, outcome.request);
    },
  );

  // Optional mails the customer agreed to (decision 024); transactional mails are not optional.
  app.get('/api/client/user/communication-preferences', { preHandler: requireAuth }, async (request) =>
    ok(communicationPreferencesResultSchema, await communicationPreferences(app.db, customerIdOf(request))),
  );
  app.put(
    '/api/client/user/communication-preferences',
    { preHandler: requireAuth, config: { limits: profileUpdateLimits } },
    async (request) => {
      const choice = parseBody(communicationPreferencesSchema, request.body);
      return ok(communicationPreferencesResultSchema, await saveCommunicationPreferences(app.db, customerIdOf(request), choice));
    },
  );
}
