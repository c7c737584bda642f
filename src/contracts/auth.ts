import { z } from 'zod';
import { PASSWORD_MAX } from '../domain/password';
import { afmSchema, emailSchema, loginPasswordSchema, passwordSchema, personNameSchema } from './fields';
import { noNul } from './bounds';
import { M } from './messages';

/** Wire format of SPEC §7 "Authentication and account". Paths are `/api/` + the SPEC path. */

export const buyerSummarySchema = z.object({
  id: z.string(),
  company: z.string(),
  afm: z.string(),
  isSuperUser: z.boolean(),
});
export type BuyerSummary = z.infer<typeof buyerSummarySchema>;

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

// GET / POST bridge/user/me
export const updateMeRequestSchema = z.object({
  customer: z.object({
    firstname: personNameSchema,
    lastname: personNameSchema,
    email: emailSchema,
  }),
});
export type UpdateMeRequest = z.input<typeof updateMeRequestSchema>;

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
