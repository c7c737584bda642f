// @vitest-environment jsdom
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { BuyerSummary } from '../../contracts/auth';
import type { FakeBridge } from '../testing/auth-test-harness';
import { createTestSession, customerWith, ok, renderAuthRoutes, SIGNED_IN, startFakeBridge } from '../testing/auth-test-harness';
import { AccountMenu } from './account-menu';

const acme: BuyerSummary = { id: 'b-acme', company: 'ACME ΑΕ', afm: '094259216', isSuperUser: false };
let bridge: FakeBridge;

beforeAll(async () => {
  bridge = await startFakeBridge();
});
afterAll(() => bridge.close());
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  window.localStorage.clear();
  bridge.routes.clear();
});

function signIn(isAdmin: boolean) {
  bridge.routes.set('GET /api/bridge/user/me', () => ok({ ...customerWith([acme]), isAdmin }));
  renderAuthRoutes(createTestSession(bridge.baseUrl, SIGNED_IN), [], '/', { above: <AccountMenu /> });
  return userEvent.setup();
}

const adminControls = () => [
  screen.queryByRole('link', { name: 'Product administration', hidden: true }),
  screen.queryByRole('button', { name: 'Log in as a customer', hidden: true }),
];

describe('account menu: admin mode (docs/product-rules.md §4.8)', () => {
  it('an administrator has admin mode on by default; turned off, the controls hide and it stays off at the next login', async () => {
    const user = signIn(true);
    await user.click(await screen.findByRole('button', { name: 'My account' }));
    const toggle = screen.getByRole('switch', { name: 'Admin mode' });
    expect((toggle as HTMLInputElement).checked).toBe(true);
    expect(adminControls().every(Boolean)).toBe(true);

    await user.click(toggle);
    expect((toggle as HTMLInputElement).checked).toBe(false);
    expect(adminControls()).toEqual([null, null]);

    // A new session on this device (after logout and login): the choice is back.
    cleanup();
    const again = signIn(true);
    await again.click(await screen.findByRole('button', { name: 'My account' }));
    expect((screen.getByRole('switch', { name: 'Admin mode' }) as HTMLInputElement).checked).toBe(false);
    expect(adminControls()).toEqual([null, null]);
  });

  it('a customer who is not an administrator has no admin mode switch', async () => {
    const user = signIn(false);
    await user.click(await screen.findByRole('button', { name: 'My account' }));
    expect(screen.getByRole('link', { name: 'My profile' })).toBeTruthy();
    expect(screen.queryByRole('switch', { name: 'Admin mode' })).toBeNull();
    expect(adminControls()).toEqual([null, null]);
  });
});
