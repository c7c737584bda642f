import { z } from 'zod';
import { optionalText400 } from './fields';

/**
 * A customer's own requests about their account (docs/decisions/024-account-requests.md): deleting the account,
 * and which optional mails they agree to receive.
 */

export const deleteAccountRequestSchema = z.strictObject({ reason: optionalText400 });
export type DeleteAccountRequest = z.input<typeof deleteAccountRequestSchema>;

/** The customer's open deletion request, or null. */
export const deletionRequestSchema = z
  .object({
    requested_at: z.string(),
    reason: z.string(),
  })
  .nullable();
export type DeletionRequestState = z.output<typeof deletionRequestSchema>;

export const communicationPreferencesSchema = z.strictObject({
  /** News and offers of the marketplace by email. */
  newsletter: z.boolean(),
  /** Suppliers' offers by email. */
  supplier_offers: z.boolean(),
});
export type CommunicationPreferences = z.output<typeof communicationPreferencesSchema>;

export const communicationPreferencesResultSchema = communicationPreferencesSchema.extend({
  /** When the customer last chose (ISO time); null while they never did (everything off). */
  updated_at: z.string().nullable(),
});
export type CommunicationPreferencesResult = z.output<typeof communicationPreferencesResultSchema>;
