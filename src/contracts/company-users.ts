import { z } from 'zod';
import { mailTokenSchema, sessionMetaSchema } from './auth';
import { emailSchema, passwordSchema, personNameSchema } from './fields';
import { M } from './messages';

/**
 * Users of a buyer and invitations (docs/product-rules.md §6.4, docs/decisions/026-company-users.md). Every call
 * under `bridge/buyers/{buyer_id}/` is for super users of that buyer with a confirmed address:
 *
 * - `GET users` the users of the buyer with their role;
 * - `PUT users/role` `{customer_id, role}` → M.roleChanged; the sole super user cannot be unset (M.soleSuperUser);
 * - `POST users/remove` `{remove_user_email}` → M.userRemoved; oneself too, unless the sole super user;
 * - `GET invitations` the invitations still waiting (sent); `POST invitations` `{email}` mails one;
 * - `PUT invitations/{invitation_id}/resend` a new link (the old one stops working); `PUT …/revoke` cancels.
 *
 * Open to anyone holding a mailed link: `POST client/user/invitations/check` `{token}` says what the link is for,
 * `POST client/user/invitations/accept` `{token, firstname, lastname, password}` creates the invited account (signed
 * in at once), and `POST client/user/invitations/join` `{token}` (signed in) adds the company to the signed-in
 * customer the invitation was sent to.
 */

export const ROLES = ['super_user', 'user'] as const;
export type Role = (typeof ROLES)[number];

const buyerIdParam = z.string().min(1).max(100);
const customerIdSchema = z.string({ error: M.userNotFound }).min(1, M.userNotFound).max(100, M.userNotFound);

export const buyerUsersParamsSchema = z.object({ buyer_id: buyerIdParam });

export const buyerUserSchema = z.object({
  id: z.string(),
  firstname: z.string(),
  lastname: z.string(),
  email: z.string(),
  isSuperUser: z.boolean(),
});
export type BuyerUser = z.infer<typeof buyerUserSchema>;
export const buyerUserListSchema = z.array(buyerUserSchema);

export const changeRoleRequestSchema = z.object({
  buyer_id: buyerIdParam.optional(),
  customer_id: customerIdSchema,
  role: z.enum(ROLES, { error: M.invalidRequest }),
});
export type ChangeRoleRequest = z.input<typeof changeRoleRequestSchema>;
export const changeRoleResultSchema = z.literal(M.roleChanged);

export const removeUserRequestSchema = z.object({ buyer_id: buyerIdParam.optional(), remove_user_email: emailSchema });
export type RemoveUserRequest = z.input<typeof removeUserRequestSchema>;
export const removeUserResultSchema = z.literal(M.userRemoved);

export const invitationSchema = z.object({
  id: z.string(),
  email: z.string(),
  created_at: z.string(),
  expires_at: z.string(),
});
export type Invitation = z.infer<typeof invitationSchema>;
export const invitationListSchema = z.array(invitationSchema);

export const sendInvitationRequestSchema = z.object({ buyer_id: buyerIdParam.optional(), email: emailSchema });
export type SendInvitationRequest = z.input<typeof sendInvitationRequestSchema>;
export const invitationParamsSchema = z.object({
  buyer_id: buyerIdParam,
  invitation_id: z.uuid({ error: M.invitationNotFound }),
});
export const invitationSentResultSchema = z.literal(M.invitationSent);
export const invitationRevokedResultSchema = z.literal(M.invitationRevoked);

export const checkInvitationRequestSchema = z.object({ token: mailTokenSchema });
/** What a link is for: the company, the invited address, whether that address already has an account. */
export const invitationInfoSchema = z.object({ company: z.string(), email: z.string(), has_account: z.boolean() });
export type InvitationInfo = z.infer<typeof invitationInfoSchema>;

export const acceptInvitationRequestSchema = z.object({
  token: mailTokenSchema,
  firstname: personNameSchema,
  lastname: personNameSchema,
  password: passwordSchema,
});
export type AcceptInvitationRequest = z.input<typeof acceptInvitationRequestSchema>;
/** `accept` signs the new account in: the access token with the session meta, as login answers. */
export const acceptInvitationResultSchema = z.string();
export const acceptInvitationMetaSchema = sessionMetaSchema;

export const joinByInvitationRequestSchema = z.object({ token: mailTokenSchema });
export const joinByInvitationResultSchema = z.literal(M.invitationAccepted);
