import { z } from 'zod';
import { PASSWORD_MAX } from '../domain/password';
import { afmSchema, emailSchema, loginPasswordSchema, passwordSchema, personNameSchema } from './fields';
import { noNul } from './bounds';
import { M } from './messages';

/** Wire format of docs/product-rules.md §7 "Authentication and account". Paths are `/api/` + the path the product rules name. */

export const buyerSummarySchema = z.object({
  id: z.string(),
  company: z.string(),
  afm: z.string(),
  isSuperUser: z.boolean(),
});
export type BuyerSummary = z.infer<typeof buyerSummarySchema>;

/** The signed-in customer's own requests to join a company that are not approved (approved ones are buyers). */
export const ownJoinRequestSchema = z.object({
  id: z.string(),
  company: z.string(),
  status: z.enum(['pending', 'rejected']),
  created_at: z.string(),
});
export type OwnJoinRequest = z.infer<typeof ownJoinRequestSchema>;

export const customerSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstname: z.string(),
  lastname: z.string(),
  isAdmin: z.boolean(),
  show_prices_with_vat: z.boolean(),
  group_id: z.number().int(),
  default_shipping: z.string().nullable(),
  buyers: z.array(buyerSummarySchema),
  // The bridge always sends both. The defaults only read profiles the storefront cached before these
  // fields existed: those accounts predate email confirmation, and the migration counts them confirmed.
  email_confirmed: z.boolean().default(true),
  join_requests: z.array(ownJoinRequestSchema).max(100).default([]),
});
export type Customer = z.infer<typeof customerSchema>;

// POST client/user/login
export const loginRequestSchema = z.object({ username: emailSchema, password: loginPasswordSchema });
export type LoginRequest = z.input<typeof loginRequestSchema>;
export const sessionMetaSchema = z.object({
  refreshToken: z.string(),
  expiresIn: z.number().int().positive(),
  userData: z.object({ buyers: z.array(buyerSummarySchema) }),
});
export const loginResultSchema = z.string(); // the access token
export type SessionMeta = z.infer<typeof sessionMetaSchema>;

// POST client/user/refresh
export const refreshRequestSchema = z.object({ refreshToken: noNul(z.string().min(1, M.required).max(200)) });
export const refreshMetaSchema = z.object({ refreshToken: z.string(), expiresIn: z.number().int().positive() });

// POST client/user/logout: ends the session (refresh-token family) the token belongs to, on every device
// and bridge instance. The refresh token proves the session is the caller's, so no access token is needed
// (it may have expired); the answer is the same whether the session was open, already ended or unknown.
export const logoutRequestSchema = z.object({ refreshToken: z.string().min(1, M.required).max(200) });
export type LogoutRequest = z.input<typeof logoutRequestSchema>;
export const logoutResultSchema = z.string(); // M.loggedOut

// GET / POST bridge/user/me. Names change at once; a new email needs the current password and changes
// only when the link mailed to the new address is opened (the answer then says a link was sent).
export const updateMeRequestSchema = z.object({
  customer: z.object({
    firstname: personNameSchema,
    lastname: personNameSchema,
    email: emailSchema,
  }),
  current_password: loginPasswordSchema.optional(),
});
export type UpdateMeRequest = z.input<typeof updateMeRequestSchema>;
export const updateMeMetaSchema = z.object({ email_change: z.literal('confirmation_sent') });

/** PUT client/user/show-prices-with-vat/change: how the customer sees prices (docs/product-rules.md §1). */
export const priceAppearanceRequestSchema = z.strictObject({ show_prices_with_vat: z.boolean() });

/** The opaque token of a mailed link (base64url); anything else cannot be one of ours. */
export const mailTokenSchema = z
  .string({ error: M.tokenExpired })
  .min(1, M.tokenExpired)
  .max(200, M.tokenExpired)
  .regex(/^[A-Za-z0-9_-]+$/, M.tokenExpired);

// POST client/user/confirm-email: the link from a confirmation or email-change mail.
export const confirmEmailRequestSchema = z.object({ token: mailTokenSchema });
export const confirmEmailResultSchema = z.enum([M.emailConfirmed, M.emailChanged]);

// POST client/user/confirm-email/resend: the same answer whether or not the address has an account.
export const resendConfirmationRequestSchema = z.object({ email: emailSchema });

// POST client/user/check-tax-id: registration step 1, the company behind a tax number.
export const checkTaxIdRequestSchema = z.object({ tax_id: afmSchema });
export const companyInfoSchema = z.object({
  afm: z.string(),
  legal_name: z.string(),
  trade_name: z.string().nullable(),
  tax_office: z.string(),
  legal_form: z.string(),
  street: z.string(),
  city: z.string(),
  postcode: z.string(),
  activity: z.string(),
});
export type CompanyInfo = z.infer<typeof companyInfoSchema>;

// POST bridge/buyers: registration step 2, the first user of the company sets a password.
export const registerRequestSchema = z.object({
  customer: z.object({
    email: emailSchema,
    firstname: personNameSchema,
    lastname: personNameSchema,
    taxvat: afmSchema,
  }),
  password: passwordSchema,
});
export type RegisterRequest = z.input<typeof registerRequestSchema>;

// POST client/user/request-invitation: the company is already a buyer; the newcomer creates an account
// (same body as registration) that joins the company once one of its super users approves.
export const requestInvitationRequestSchema = registerRequestSchema;
export type RequestInvitationRequest = z.input<typeof requestInvitationRequestSchema>;

// POST bridge/user/buyers (signed in): add another company by its tax number (docs/product-rules.md §6.2).
// The company is created with the customer as its super user, or, when it is already a buyer, its super
// users are asked to let the customer in.
export const addCompanyRequestSchema = z.strictObject({ taxvat: afmSchema });
export type AddCompanyRequest = z.input<typeof addCompanyRequestSchema>;
export const addCompanyResultSchema = z.discriminatedUnion('outcome', [
  z.object({ outcome: z.literal('created'), buyer: buyerSummarySchema, message: z.literal(M.companyAdded) }),
  z.object({ outcome: z.literal('request_sent'), company: z.string(), message: z.literal(M.joinRequestSent) }),
]);
export type AddCompanyResult = z.infer<typeof addCompanyResultSchema>;

// GET bridge/buyers/{buyer_id}/join-requests (super users of that buyer): who is waiting to join.
export const joinRequestSchema = z.object({
  id: z.string(),
  firstname: z.string(),
  lastname: z.string(),
  email: z.string(),
  created_at: z.string(),
});
export type JoinRequest = z.infer<typeof joinRequestSchema>;
export const joinRequestListSchema = z.array(joinRequestSchema);
export const joinRequestParamsSchema = z.object({
  buyer_id: z.string().min(1).max(100),
  request_id: z.uuid({ error: M.joinRequestNotFound }),
});
export const joinRequestDecisionSchema = z.enum(['approve', 'reject']);
export type JoinRequestDecision = z.infer<typeof joinRequestDecisionSchema>;
export const joinRequestDecisionResultSchema = z.enum([M.joinRequestApproved, M.joinRequestRejected]);

// POST client/user/password/request-reset
export const requestResetSchema = z.object({ email: emailSchema, url: noNul(z.string().max(400)).optional() });

// POST client/user/password/reset
export const resetPasswordSchema = z
  .object({
    password: passwordSchema,
    confirm_password: noNul(z.string({ error: M.required }).min(1, M.required).max(PASSWORD_MAX, M.passwordTooLong)),
    token: noNul(z.string().min(1, M.tokenExpired).max(200, M.tokenExpired), M.tokenExpired),
  })
  .refine((v) => v.password === v.confirm_password, { message: M.passwordsDiffer, path: ['confirm_password'] });

// POST create-password (an invited user without a password yet)
export const createPasswordSchema = z.object({
  email: emailSchema,
  newPassword: passwordSchema,
  resetToken: noNul(z.string().min(1, M.tokenExpired).max(200, M.tokenExpired), M.tokenExpired),
});

// POST client/user/password/change
export const changePasswordSchema = z.object({
  old_password: loginPasswordSchema,
  new_password: passwordSchema,
});
