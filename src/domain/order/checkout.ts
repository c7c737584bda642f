/**
 * The checkout session (docs/product-rules.md §9): the buyer counts as in the checkout while its details were
 * changed within the last 30 minutes; after that, the checkout starts again at its first section.
 */
export const CHECKOUT_SESSION_MS = 30 * 60 * 1000;

export type CheckoutStep = 1 | 2 | 3 | 4;

export interface CheckoutProgress {
  step: CheckoutStep;
  addressId?: string | undefined;
  modifiedAt: number;
}

export function freshCheckout(now: number): CheckoutProgress {
  return { step: 1, modifiedAt: now };
}

/** The saved progress while the session lasts, a fresh checkout otherwise (or when nothing valid was saved). */
export function resumeCheckout(saved: unknown, now: number): CheckoutProgress {
  if (!saved || typeof saved !== 'object') return freshCheckout(now);
  const { step, addressId, modifiedAt } = saved as Record<string, unknown>;
  const validStep = step === 1 || step === 2 || step === 3 || step === 4;
  if (!validStep || typeof modifiedAt !== 'number' || now - modifiedAt > CHECKOUT_SESSION_MS || modifiedAt > now) return freshCheckout(now);
  return { step, modifiedAt, ...(typeof addressId === 'string' ? { addressId } : {}) };
}
