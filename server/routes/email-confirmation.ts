import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { confirmEmailRequestSchema, confirmEmailResultSchema, resendConfirmationRequestSchema } from '../../src/contracts/auth';
import { M } from '../../src/contracts/messages';
import { AppError } from '../http/app-error';
import { ok } from '../http/envelope';
import { confirmationMailLimits, passwordTokenLimits } from '../http/rate-limits';
import { parseBody } from '../http/validate';
import { confirmEmail, EmailConfirmationError, resendConfirmation } from '../services/email-confirmation';
import { notifyJoinRequests } from '../services/join-requests';

function refusal(error: unknown): unknown {
  if (!(error instanceof EmailConfirmationError)) return error;
  if (error.code === 'email_taken') return new AppError(409, M.emailTaken, undefined, 'EMAIL_TAKEN');
  return new AppError(400, M.tokenExpired, undefined, 'TOKEN_INVALID');
}

/** The links of the confirmation and email-change mails, and a new confirmation link on request. */
export async function emailConfirmationRoutes(app: FastifyInstance): Promise<void> {
  // No session needed: the token is the proof, and the link may be opened on another device.
  app.post('/api/client/user/confirm-email', { config: { limits: passwordTokenLimits } }, async (request) => {
    const { token } = parseBody(confirmEmailRequestSchema, request.body);
    const now = app.clock.now();
    let outcome;
    try {
      outcome = await confirmEmail(app.db, token, now);
    } catch (error) {
      throw refusal(error);
    }
    // A newcomer waiting to join a company: its super users hear of the request now that the address is proven.
    notifyJoinRequests(app.db, app.mailer, app.config.publicUrl, outcome.customerId, now).catch((error: unknown) =>
      request.log.error({ err: error }, 'join request mail could not be sent'),
    );
    return ok(confirmEmailResultSchema, outcome.outcome === 'changed' ? M.emailChanged : M.emailConfirmed);
  });

  app.post('/api/client/user/confirm-email/resend', { config: { limits: confirmationMailLimits } }, async (request) => {
    const { email } = parseBody(resendConfirmationRequestSchema, request.body);
    const { delivery } = resendConfirmation(app.db, app.mailer, app.config.publicUrl, email, app.clock.now());
    delivery.catch((error: unknown) => request.log.error({ err: error }, 'confirmation mail could not be sent'));
    return ok(z.string(), M.confirmationMailSent);
  });
}
