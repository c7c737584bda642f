import type { FastifyInstance } from 'fastify';
import {
  joinRequestDecisionResultSchema,
  joinRequestListSchema,
  joinRequestParamsSchema,
  type JoinRequestDecision,
} from '../../src/contracts/auth';
import { M } from '../../src/contracts/messages';
import { AppError } from '../http/app-error';
import { buyerOf, customerIdOf, requireAuth, requireBuyer, requireConfirmedEmail, requireSuperUser } from '../http/auth';
import { ok } from '../http/envelope';
import { parseInput } from '../http/validate';
import { decideJoinRequest, JoinRequestError, pendingJoinRequests } from '../services/join-requests';

/**
 * A super user of the buyer (403 M.notMember for outsiders, M.notSuperUser for plain users) with a
 * confirmed address: someone who only knew the tax number must not let others into the company.
 */
const superUserOfBuyer = [requireAuth, requireBuyer, requireSuperUser, requireConfirmedEmail];

const VERDICTS: Record<JoinRequestDecision, typeof M.joinRequestApproved | typeof M.joinRequestRejected> = {
  approve: M.joinRequestApproved,
  reject: M.joinRequestRejected,
};

/** Requests to join a buyer, reviewed by its super users (decision record 017). */
export async function joinRequestRoutes(app: FastifyInstance): Promise<void> {
  app.get('/api/bridge/buyers/:buyer_id/join-requests', { preHandler: superUserOfBuyer }, async (request) => {
    return ok(joinRequestListSchema, await pendingJoinRequests(app.db, buyerOf(request).buyerId));
  });

  for (const verdict of Object.keys(VERDICTS) as JoinRequestDecision[]) {
    app.post(`/api/bridge/buyers/:buyer_id/join-requests/:request_id/${verdict}`, { preHandler: superUserOfBuyer }, async (request) => {
      const { request_id } = parseInput(joinRequestParamsSchema, request.params);
      const decision = { buyerId: buyerOf(request).buyerId, requestId: request_id, verdict, deciderId: customerIdOf(request) };
      let delivery: Promise<void>;
      try {
        ({ delivery } = await decideJoinRequest(app.db, app.mailer, app.config.publicUrl, decision, app.clock.now()));
      } catch (error) {
        if (error instanceof JoinRequestError) throw new AppError(404, M.joinRequestNotFound, undefined, 'JOIN_REQUEST_NOT_FOUND');
        throw error;
      }
      delivery.catch((error: unknown) => request.log.error({ err: error }, 'join decision mail could not be sent'));
      return ok(joinRequestDecisionResultSchema, VERDICTS[verdict]);
    });
  }
}
