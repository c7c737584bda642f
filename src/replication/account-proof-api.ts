import { z } from 'zod';
import type { JoinRequest, JoinRequestDecision, RequestInvitationRequest } from '../contracts/auth';
import {
  confirmEmailResultSchema,
  joinRequestDecisionResultSchema,
  joinRequestListSchema,
  loginResultSchema,
  sessionMetaSchema,
} from '../contracts/auth';
import type { SessionGrant } from './auth-api';
import type { BridgeClient } from './bridge-client';

/** Calls that prove control of an address or of a company (decision record 017), one function each. */

/** Uses the token of a confirmation or email-change link; the answer is the `M` text to show. */
export async function confirmEmail(client: BridgeClient, token: string): Promise<string> {
  const { result } = await client.request({
    method: 'POST',
    path: '/api/client/user/confirm-email',
    body: { token },
    result: confirmEmailResultSchema,
    auth: false,
  });
  return result;
}

/** Asks for a new confirmation link; the answer (an `M` text) is the same for every address. */
export async function resendConfirmation(client: BridgeClient, email: string): Promise<string> {
  const { result } = await client.request({
    method: 'POST',
    path: '/api/client/user/confirm-email/resend',
    body: { email },
    result: z.string(),
    auth: false,
  });
  return result;
}

/** The company is already a buyer: creates the account and asks its super users to let it join. */
export async function requestInvitation(client: BridgeClient, body: RequestInvitationRequest): Promise<SessionGrant> {
  const { result, meta } = await client.request({
    method: 'POST',
    path: '/api/client/user/request-invitation',
    body,
    result: loginResultSchema,
    meta: sessionMetaSchema,
    auth: false,
  });
  return { accessToken: result, meta };
}

const joinRequestsPath = (buyerId: string) => `/api/bridge/buyers/${encodeURIComponent(buyerId)}/join-requests`;

export async function listJoinRequests(client: BridgeClient, buyerId: string): Promise<JoinRequest[]> {
  const { result } = await client.request({ path: joinRequestsPath(buyerId), result: joinRequestListSchema });
  return result;
}

/** Approves or rejects; the answer is the `M` text to show. */
export async function decideJoinRequest(
  client: BridgeClient,
  buyerId: string,
  requestId: string,
  decision: JoinRequestDecision,
): Promise<string> {
  const { result } = await client.request({
    method: 'POST',
    path: `${joinRequestsPath(buyerId)}/${encodeURIComponent(requestId)}/${decision}`,
    body: {},
    result: joinRequestDecisionResultSchema,
  });
  return result;
}
