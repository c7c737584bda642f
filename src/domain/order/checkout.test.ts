import { describe, expect, it } from 'vitest';
import { CHECKOUT_SESSION_MS, resumeCheckout } from './checkout';

describe('resumeCheckout', () => {
  const now = 1_800_000_000_000;

  it('resumes where the buyer was within 30 minutes of the last change, including exactly 30', () => {
    expect(resumeCheckout({ step: 3, addressId: 'a-1', modifiedAt: now - CHECKOUT_SESSION_MS }, now)).toEqual({
      step: 3,
      addressId: 'a-1',
      modifiedAt: now - CHECKOUT_SESSION_MS,
    });
  });

  it('starts again at section 1 after 30 minutes, or from anything not saved by the checkout', () => {
    const fresh = { step: 1, modifiedAt: now };
    expect(resumeCheckout({ step: 3, addressId: 'a-1', modifiedAt: now - CHECKOUT_SESSION_MS - 1 }, now)).toEqual(fresh);
    expect(resumeCheckout(null, now)).toEqual(fresh);
    expect(resumeCheckout({ step: 7, modifiedAt: now }, now)).toEqual(fresh);
    expect(resumeCheckout({ step: 2, modifiedAt: 'yesterday' }, now)).toEqual(fresh);
    expect(resumeCheckout({ step: 2, modifiedAt: now + 60_000 }, now)).toEqual(fresh);
  });
});
