// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { adminModeOf, rememberAdminMode } from './buyer-memory';

const admin = { id: 'c-admin', isAdmin: true };
const otherAdmin = { id: 'c-other-admin', isAdmin: true };
const customer = { id: 'c-customer', isAdmin: false };

afterEach(() => window.localStorage.clear());

describe('admin mode (docs/product-rules.md §4.8)', () => {
  it('is on for an administrator who never turned it off', () => {
    expect(adminModeOf(window.localStorage, admin)).toBe(true);
  });

  it('is kept per customer', () => {
    rememberAdminMode(window.localStorage, admin.id, false);
    expect(adminModeOf(window.localStorage, admin)).toBe(false);
    expect(adminModeOf(window.localStorage, otherAdmin)).toBe(true);
    rememberAdminMode(window.localStorage, admin.id, true);
    expect(adminModeOf(window.localStorage, admin)).toBe(true);
  });

  it('is never on for someone who is not an administrator, whatever the storage says', () => {
    rememberAdminMode(window.localStorage, customer.id, true);
    expect(adminModeOf(window.localStorage, customer)).toBe(false);
    window.localStorage.setItem(`b2b.adminMode.${customer.id}`, 'on');
    expect(adminModeOf(window.localStorage, customer)).toBe(false);
  });
});
