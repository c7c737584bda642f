import type { FastifyInstance, FastifyRequest } from 'fastify';
import { loginResultSchema, sessionMetaSchema } from '../../src/contracts/auth';
import {
  acceptInvitationRequestSchema,
  buyerUserListSchema,
  changeRoleRequestSchema,
  changeRoleResultSchema,
  checkInvitationRequestSchema,
  invitationInfoSchema,
  invitationListSchema,
  invitationParamsSchema,
  invitationRevokedResultSchema,
  invitationSentResultSchema,
  joinByInvitationRequestSchema,
  joinByInvitationResultSchema,
  removeUserRequestSchema,
  removeUserResultSchema,
  sendInvitationRequestSchema,
} from '../../src/contracts/company-users';
import { M, type MessageText } from '../../src/contracts/messages';
import { AppError } from '../http/app-error';
import { buyerOf, customerIdOf, requireAuth, requireBuyer, requireConfirmedEmail, requireSuperUser } from '../http/auth';
import { ok } from '../http/envelope';
import { invitationMailLimits, invitationTokenLimits } from '../http/rate-limits';
import { parseBody, parseInput } from '../http/validate';
import {
  acceptAsCustomer,
  acceptAsNewCustomer,
  changeRole,
  CompanyUsersError,
  invitationInfo,
  openInvitations,
  removeUser,
  resendInvitation,
  revokeInvitation,
  sendInvitation,
  usersOfBuyer,
  type CompanyUsersProblem,
} from '../services/company-users';

/** Like join requests: a super user of the buyer with a confirmed address (docs/decisions/026-company-users.md). */
const superUserOfBuyer = [requireAuth, requireBuyer, requireSuperUser, requireConfirmedEmail];

const REFUSALS: Record<CompanyUsersProblem, { status: number; message: MessageText }> = {
  user_not_found: { status: 404, message: M.userNotFound },
  sole_super_user: { status: 409, message: M.soleSuperUser },
  already_user: { status: 409, message: M.alreadyUserOfBuyer },
  invitation_not_found: { status: 404, message: M.invitationNotFound },
  invitation_other_user: { status: 403, message: M.invitationOtherUser },
  invitation_accepted: { status: 409, message: M.invitationAlreadyAccepted },
  sign_in_to_accept: { status: 409, message: M.invitationSignIn },
};

async function refusing<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof CompanyUsersError)) throw error;
    const r = REFUSALS[error.code];
    throw new AppError(r.status, r.message, undefined, error.code.toUpperCase());
  }
}

function logFailedMail(request: FastifyRequest, delivery: Promise<void>): void {
  delivery.catch((error: unknown) => request.log.error({ err: error }, 'invitation mail could not be sent'));
}

export async function companyUserRoutes(app: FastifyInstance): Promise<void> {
  app.get('/api/bridge/buyers/:buyer_id/users', { preHandler: superUserOfBuyer }, async (request) => {
    return ok(buyerUserListSchema, await usersOfBuyer(app.db, buyerOf(request).buyerId));
  });

  app.put('/api/bridge/buyers/:buyer_id/users/role', { preHandler: superUserOfBuyer }, async (request) => {
    const { customer_id, role } = parseBody(changeRoleRequestSchema, request.body);
    await refusing(() => changeRole(app.db, buyerOf(request).buyerId, customer_id, role));
    return ok(changeRoleResultSchema, M.roleChanged);
  });

  app.post('/api/bridge/buyers/:buyer_id/users/remove', { preHandler: superUserOfBuyer }, async (request) => {
    const { remove_user_email } = parseBody(removeUserRequestSchema, request.body);
    await refusing(() => removeUser(app.db, buyerOf(request).buyerId, remove_user_email));
    return ok(removeUserResultSchema, M.userRemoved);
  });

  app.get('/api/bridge/buyers/:buyer_id/invitations', { preHandler: superUserOfBuyer }, async (request) => {
    return ok(invitationListSchema, await openInvitations(app.db, buyerOf(request).buyerId));
  });

  app.post(
    '/api/bridge/buyers/:buyer_id/invitations',
    { preHandler: superUserOfBuyer, config: { limits: invitationMailLimits } },
    async (request) => {
      const { email } = parseBody(sendInvitationRequestSchema, request.body);
      const input = { buyerId: buyerOf(request).buyerId, inviterId: customerIdOf(request), email };
      const { delivery } = await refusing(() => sendInvitation(app.db, app.mailer, app.config.publicUrl, input, app.clock.now()));
      logFailedMail(request, delivery);
      return ok(invitationSentResultSchema, M.invitationSent);
    },
  );

  app.put(
    '/api/bridge/buyers/:buyer_id/invitations/:invitation_id/resend',
    { preHandler: superUserOfBuyer, config: { limits: invitationMailLimits } },
    async (request) => {
      const { invitation_id } = parseInput(invitationParamsSchema, request.params);
      const input = { buyerId: buyerOf(request).buyerId, inviterId: customerIdOf(request), invitationId: invitation_id };
      const { delivery } = await refusing(() => resendInvitation(app.db, app.mailer, app.config.publicUrl, input, app.clock.now()));
      logFailedMail(request, delivery);
      return ok(invitationSentResultSchema, M.invitationSent);
    },
  );

  app.put('/api/bridge/buyers/:buyer_id/invitations/:invitation_id/revoke', { preHandler: superUserOfBuyer }, async (request) => {
    const { invitation_id } = parseInput(invitationParamsSchema, request.params);
    await refusing(() => revokeInvitation(app.db, buyerOf(request).buyerId, invitation_id));
    return ok(invitationRevokedResultSchema, M.invitationRevoked);
  });

  // Whoever holds the mailed link: the token is the proof.
  app.post('/api/client/user/invitations/check', { config: { limits: invitationTokenLimits } }, async (request) => {
    const { token } = parseBody(checkInvitationRequestSchema, request.body);
    return ok(invitationInfoSchema, await refusing(() => invitationInfo(app.db, token, app.clock.now())));
  });

  app.post('/api/client/user/invitations/accept', { config: { limits: invitationTokenLimits } }, async (request) => {
    const input = parseBody(acceptInvitationRequestSchema, request.body);
    const session = await refusing(() => acceptAsNewCustomer(app.db, app.config, input, app.clock.now()));
    return ok(loginResultSchema, session.token, sessionMetaSchema, session.meta);
  });

  app.post('/api/client/user/invitations/join', { preHandler: requireAuth, config: { limits: invitationTokenLimits } }, async (request) => {
    const { token } = parseBody(joinByInvitationRequestSchema, request.body);
    await refusing(() => acceptAsCustomer(app.db, customerIdOf(request), token, app.clock.now()));
    return ok(joinByInvitationResultSchema, M.invitationAccepted);
  });
}
