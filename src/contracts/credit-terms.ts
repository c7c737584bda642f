import { z } from 'zod';
import { boundedText } from './bounds';
import { docId } from './cart';
import { requestIdSchema } from './requests';

/**
 * Credit terms (docs/decisions/023-credit-terms.md): a buyer asks a supplier for credit; the supplier approves or
 * rejects it outside the storefront. An approved term makes payment method 3 (credit) available in the cart.
 *
 * - `GET /api/bridge/buyer/credit-terms?buyer_id=` every term of the buyer, any member of the buyer
 * - `POST /api/bridge/buyer/credit-terms?buyer_id=` `{request_id, supplier_id}` asks (or asks again after a
 *   rejection); a pending or approved term is answered as it is. `request_id` is made on the device and is the
 *   bridge's idempotency key per buyer, so a request the outbox sends twice changes the term once.
 */

export const CREDIT_TERM_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type CreditTermStatus = (typeof CREDIT_TERM_STATUSES)[number];

export const creditTermSchema = z.object({
  supplier_id: z.string(),
  status: z.enum(CREDIT_TERM_STATUSES),
  /** Epoch ms of the last change (asked, approved, rejected). */
  updated_at: z.number().int(),
});
export type CreditTerm = z.output<typeof creditTermSchema>;

export const creditTermListSchema = z.array(creditTermSchema);

export const creditTermRequestSchema = z.strictObject({
  buyer_id: boundedText(64).optional(),
  request_id: requestIdSchema,
  supplier_id: docId(),
});
export type CreditTermRequest = z.output<typeof creditTermRequestSchema>;

/** The bridge path of both calls, without the /api/ prefix (as the outbox keeps it). */
export const CREDIT_TERMS_PATH = 'bridge/buyer/credit-terms';
