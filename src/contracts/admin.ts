import { z } from 'zod';
import { boundedText } from './bounds';
import { sessionMetaSchema } from './auth';
import { M } from './messages';

/** Wire format of the administrators' routes (docs/decisions/025-admin-login-as.md, docs/product-rules.md §4.8). */

/** How long a login-as session may live: it cannot be refreshed past this, counted from the login-as. */
export const LOGIN_AS_MAX_SECONDS = 60 * 60;

/** Customers found for the login-as search, at most this many. */
export const CUSTOMER_SEARCH_LIMIT = 20;

const customerIdSchema = boundedText(100).pipe(z.string().min(1, M.required));

// POST admin/login-as: an administrator opens a session of another (non-administrator) customer.
export const loginAsRequestSchema = z.strictObject({ customer_id: customerIdSchema });
export type LoginAsRequest = z.input<typeof loginAsRequestSchema>;
/** The answer is login's (an access token; meta the session) plus who is acting and until when. */
export const loginAsMetaSchema = sessionMetaSchema.extend({
  adminId: z.string(),
  /** Epoch milliseconds: the session cannot be refreshed after this. */
  endsAt: z.number().int(),
});
export type LoginAsMeta = z.infer<typeof loginAsMetaSchema>;

// POST admin/logout-as, with the login-as session's token: ends it and answers a new session of the
// administrator (login's answer). `admin_id`, when sent, must be the session's administrator.
export const logoutAsRequestSchema = z.strictObject({ admin_id: customerIdSchema.optional() });

// GET admin/customers?q=: customers whose email or name contains q, for the login-as search.
export const customerSearchQuerySchema = z.strictObject({
  q: boundedText(100)
    .transform((value) => value.trim())
    .pipe(z.string().min(2, M.required)),
});
export const customerHitSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstname: z.string(),
  lastname: z.string(),
  isAdmin: z.boolean(),
  /** The companies (buyers) the customer belongs to, to tell people of the same name apart. */
  companies: z.array(z.string()),
});
export type CustomerHit = z.infer<typeof customerHitSchema>;
export const customerSearchResultSchema = z.array(customerHitSchema).max(CUSTOMER_SEARCH_LIMIT);
