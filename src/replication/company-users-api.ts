import { sessionMetaSchema, loginResultSchema } from '../contracts/auth';
import {
  buyerUserListSchema,
  changeRoleResultSchema,
  invitationInfoSchema,
  invitationListSchema,
  invitationRevokedResultSchema,
  invitationSentResultSchema,
  joinByInvitationResultSchema,
  removeUserResultSchema,
  type AcceptInvitationRequest,
  type BuyerUser,
  type Invitation,
  type InvitationInfo,
  type Role,
} from '../contracts/company-users';
import type { SessionGrant } from './auth-api';
import type { BridgeClient } from './bridge-client';

/** The users of a buyer and its invitations (docs/decisions/026-company-users.md); answers are `M` texts to show. */

const buyerPath = (buyerId: string, rest: string) => `/api/bridge/buyers/${encodeURIComponent(buyerId)}/${rest}`;

export async function listBuyerUsers(client: BridgeClient, buyerId: string): Promise<BuyerUser[]> {
  return (await client.request({ path: buyerPath(buyerId, 'users'), result: buyerUserListSchema })).result;
}

export async function changeUserRole(client: BridgeClient, buyerId: string, customerId: string, role: Role): Promise<string> {
  const body = { customer_id: customerId, role };
  return (await client.request({ method: 'PUT', path: buyerPath(buyerId, 'users/role'), body, result: changeRoleResultSchema })).result;
}

export async function removeBuyerUser(client: BridgeClient, buyerId: string, email: string): Promise<string> {
  const body = { remove_user_email: email };
  return (await client.request({ method: 'POST', path: buyerPath(buyerId, 'users/remove'), body, result: removeUserResultSchema })).result;
}

export async function listInvitations(client: BridgeClient, buyerId: string): Promise<Invitation[]> {
  return (await client.request({ path: buyerPath(buyerId, 'invitations'), result: invitationListSchema })).result;
}

export async function sendInvitation(client: BridgeClient, buyerId: string, email: string): Promise<string> {
  const path = buyerPath(buyerId, 'invitations');
  return (await client.request({ method: 'POST', path, body: { email }, result: invitationSentResultSchema })).result;
}

export async function resendInvitation(client: BridgeClient, buyerId: string, invitationId: string): Promise<string> {
  const path = buyerPath(buyerId, `invitations/${encodeURIComponent(invitationId)}/resend`);
  return (await client.request({ method: 'PUT', path, body: {}, result: invitationSentResultSchema })).result;
}

export async function revokeInvitation(client: BridgeClient, buyerId: string, invitationId: string): Promise<string> {
  const path = buyerPath(buyerId, `invitations/${encodeURIComponent(invitationId)}/revoke`);
  return (await client.request({ method: 'PUT', path, body: {}, result: invitationRevokedResultSchema })).result;
}

/** What a mailed invitation link is for (no session needed). */
export async function checkInvitation(client: BridgeClient, token: string): Promise<InvitationInfo> {
  const path = '/api/client/user/invitations/check';
  return (await client.request({ method: 'POST', path, body: { token }, result: invitationInfoSchema, auth: false })).result;
}

/** Creates the invited account; the answer signs it in. */
export async function acceptInvitation(client: BridgeClient, body: AcceptInvitationRequest): Promise<SessionGrant> {
  const { result, meta } = await client.request({
    method: 'POST',
    path: '/api/client/user/invitations/accept',
    body,
    result: loginResultSchema,
    meta: sessionMetaSchema,
    auth: false,
  });
  return { accessToken: result, meta };
}

/** The signed-in customer the invitation was sent to joins the company. */
export async function joinByInvitation(client: BridgeClient, token: string): Promise<string> {
  const path = '/api/client/user/invitations/join';
  return (await client.request({ method: 'POST', path, body: { token }, result: joinByInvitationResultSchema })).result;
}
