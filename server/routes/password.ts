import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  changePasswordSchema,
  createPasswordSchema,
  loginResultSchema,
  requestResetSchema,
  resetPasswordSchema,
  sessionMetaSchema,
} from '../../src/contracts/auth';
import { M } from '../../src/contracts/messages';
import { AppError } from '../http/app-error';
import { customerIdOf, requireAuth } from '../http/auth';
import { ok } from '../http/envelope';
import { changePasswordLimits, createPasswordLimits, passwordResetLimits, passwordTokenLimits } from '../http/rate-limits';
import { parseBody } from '../http/validate';
import { changePassword, createPassword, PasswordError, requestPasswordReset, resetPassword } from '../services/passwords';
import { openSession } from '../services/session';

const messageResult = z.string();

function refusal(error: unknown): unknown {
  if (!(error instanceof PasswordError)) return error;
  if (error.code === 'old_password_wrong') return new AppError(400, M.oldPasswordWrong, undefined, 'OLD_PASSWORD_WRONG');
  if (error.code === 'unknown_customer') return new AppError(401, M.notAuthorized, undefined, 'CUSTOMER_GONE');
  return new AppError(400, M.tokenExpired, undefined, 'TOKEN_INVALID');
}

/** docs/product-rules.md §7 password calls: request-reset, reset, change, create-password. */
export async function passwordRoutes(app: FastifyInstance): Promise<void> {
  app.post('/api/client/user/password/request-reset', { config: { limits: passwordResetLimits } }, async (request) => {
    const { email, url } = parseBody(requestResetSchema, request.body);
    const { delivery } = await requestPasswordReset(app.db, app.mailer, app.config.publicUrl, email, url, app.clock.now());
    delivery.catch((error: unknown) => request.log.error({ err: error }, 'reset mail could not be sent'));
    return ok(messageResult, M.resetMailSent);
  });

  app.post('/api/client/user/password/reset', { config: { limits: passwordTokenLimits } }, async (request) => {
    const { token, password } = parseBody(resetPasswordSchema, request.body);
    try {
      const { endedFamilies } = await resetPassword(app.db, token, password, app.clock.now());
      app.sessions.ended(endedFamilies);
    } catch (error) {
      throw refusal(error);
    }
    return ok(messageResult, M.passwordChanged);
  });

  app.post('/api/client/user/password/change', { preHandler: requireAuth, config: { limits: changePasswordLimits } }, async (request) => {
    const { old_password, new_password } = parseBody(changePasswordSchema, request.body);
    try {
      // Every session ends, this one too: the storefront then logs in again with the new password (docs/product-rules.md §5).
      const { endedFamilies } = await changePassword(app.db, customerIdOf(request), old_password, new_password, app.clock.now());
      app.sessions.ended(endedFamilies);
    } catch (error) {
      throw refusal(error);
    }
    return ok(messageResult, M.passwordChanged);
  });

  // An invited user proves the mailbox with the token, so the answer signs them in like login does.
  app.post('/api/client/user/password/create-password', { config: { limits: createPasswordLimits } }, async (request) => {
    const { email, newPassword, resetToken } = parseBody(createPasswordSchema, request.body);
    const now = app.clock.now();
    let customerId: string;
    try {
      const set = await createPassword(app.db, email, resetToken, newPassword, now);
      app.sessions.ended(set.endedFamilies);
      customerId = set.customerId;
    } catch (error) {
      throw refusal(error);
    }
    const session = await openSession(app.db, app.config, customerId, now);
    return ok(loginResultSchema, session.token, sessionMetaSchema, session.meta);
  });
}
