// @vitest-environment jsdom
import { setupI18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestSession, customerWith, ok, SIGNED_IN, startFakeBridge, type FakeBridge } from '../../testing/auth-test-harness';
import type { SessionController } from '../session/session-controller';
import { NotificationsProvider } from '../notifications/notifications';
import { SessionProvider } from '../session/session-context';
import { useCartScope } from './cart-context';

// The checkout unmounted a half-filled address form when the profile was read again: the cart's scope was a new
// object for the same customer, so the cart's view started over and the page showed "Loading…" meanwhile.

const BUYERS = [
  { id: 'b-1', company: 'Alpha AE', afm: '094259216', isSuperUser: true },
  { id: 'b-2', company: 'Beta OE', afm: '094014201', isSuperUser: true },
];

describe('useCartScope', () => {
  let bridge: FakeBridge;
  let session: SessionController;
  beforeEach(async () => {
    bridge = await startFakeBridge();
    // A new object at every read, as from the network.
    bridge.routes.set('GET /api/bridge/user/me', () => ok(customerWith(BUYERS)));
    session = createTestSession(bridge.baseUrl, SIGNED_IN);
  });
  afterEach(async () => {
    await bridge.close();
  });

  const wrapper = ({ children }: { children: ReactNode }) => (
    <I18nProvider i18n={setupI18n({ locale: 'en-US', messages: { 'en-US': {} } })}>
      <NotificationsProvider>
        <SessionProvider controller={session}>{children}</SessionProvider>
      </NotificationsProvider>
    </I18nProvider>
  );

  it('stays the same object when the profile is read again, and changes with the buyer', async () => {
    const { result } = renderHook(() => useCartScope(), { wrapper });
    await waitFor(() => expect(session.store.get().customer).not.toBeNull());
    // A customer of two companies chooses the buyer first.
    expect(result.current).toBeNull();
    act(() => session.selectBuyer('b-1'));
    await waitFor(() => expect(result.current).toEqual({ customerId: 'c-1', buyerId: 'b-1' }));
    const first = result.current;
    const customerBefore = session.store.get().customer;

    await act(() => session.refreshProfile());
    expect(session.store.get().customer).not.toBe(customerBefore);
    expect(result.current).toBe(first);

    act(() => session.selectBuyer('b-2'));
    await waitFor(() => expect(result.current).toEqual({ customerId: 'c-1', buyerId: 'b-2' }));
  });

  it('is gone after a logout, and a login as another customer makes a new one', async () => {
    bridge.routes.set('POST /api/client/user/logout', () => ok(true));
    const { result } = renderHook(() => useCartScope(), { wrapper });
    await waitFor(() => expect(session.store.get().customer).not.toBeNull());
    act(() => session.selectBuyer('b-1'));
    await waitFor(() => expect(result.current).toEqual({ customerId: 'c-1', buyerId: 'b-1' }));

    await act(() => session.logout());
    expect(result.current).toBeNull();

    const other = { ...customerWith([BUYERS[0]!]), id: 'c-2', email: 'nikos@example.gr' };
    bridge.routes.set('POST /api/client/user/login', () =>
      ok('access-2', { refreshToken: 'r-2', expiresIn: 900, userData: { buyers: [BUYERS[0]] } }),
    );
    bridge.routes.set('GET /api/bridge/user/me', () => ok(other));
    await act(() => session.login('nikos@example.gr', 'Right-pass-1'));
    await waitFor(() => expect(result.current).toEqual({ customerId: 'c-2', buyerId: 'b-1' }));
  });
});
