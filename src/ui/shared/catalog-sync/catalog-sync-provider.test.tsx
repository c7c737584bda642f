// @vitest-environment jsdom
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { setupI18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { createAppBridge } from '../../../replication/app-bridge';
import { createCatalogSyncStatus, memoryStatusStorage } from '../../../replication/catalog-sync-status';
import { setLoggedInCookie, type CookieJar } from '../../../replication/logged-in-cookie';
import { createMemoryProfileCache } from '../../../replication/profile-cache';
import { createMemoryTokenStore } from '../../../replication/token-store';
import { customerWith, ok, startFakeBridge, type FakeBridge } from '../../testing/auth-test-harness';
import { NotificationsProvider } from '../notifications/notifications';
import { SessionController } from '../session/session-controller';
import { SessionProvider } from '../session/session-context';
import { CatalogSyncProvider, useCatalogReady } from './catalog-sync-context';
import type { CatalogSyncRunner } from './catalog-sync-runner';

const alpha = { id: 'b-1', company: 'Alpha AE', afm: '094259216', isSuperUser: true };
let bridge: FakeBridge;

beforeAll(async () => {
  bridge = await startFakeBridge();
});
afterAll(() => bridge.close());
afterEach(() => {
  cleanup();
  window.localStorage.clear();
});

function cookieJar(): CookieJar {
  let value = '';
  return { get: () => value, set: (cookie) => void (value = cookie.split(';')[0] ?? '') };
}

function Probe() {
  return <p>{useCatalogReady() ? 'catalogue ready' : 'catalogue is being prepared'}</p>;
}

describe('catalogue sync provider', () => {
  it('starts replicating once the session is signed in and stops on logout, without blocking the page', async () => {
    bridge.routes.set('GET /api/bridge/user/me', () => ok(customerWith([alpha])));
    const cookies = cookieJar();
    setLoggedInCookie(cookies);
    const tokens = createMemoryTokenStore({ accessToken: 'a-1', refreshToken: 'r-1', expiresAt: Date.now() + 600_000 });
    const app = createAppBridge({ fetch: (input, init) => fetch(input, init), baseUrl: bridge.baseUrl, tokens, cookies });
    const controller = new SessionController({
      bridge: app,
      storage: window.localStorage,
      profiles: createMemoryProfileCache(),
      reload: () => undefined,
    });
    const calls: string[] = [];
    const runner: CatalogSyncRunner = {
      start: () => void calls.push('start'),
      stop: () => void calls.push('stop'),
      settled: async () => undefined,
    };
    const status = createCatalogSyncStatus({ storage: memoryStatusStorage(), key: 'k' });
    const i18n = setupI18n({ locale: 'en-US', messages: { 'en-US': {} } });
    render(
      <I18nProvider i18n={i18n}>
        <NotificationsProvider>
          <SessionProvider controller={controller}>
            <CatalogSyncProvider runner={runner} status={status}>
              <Probe />
            </CatalogSyncProvider>
          </SessionProvider>
        </NotificationsProvider>
      </I18nProvider>,
    );
    expect(screen.getByText('catalogue is being prepared')).toBeTruthy();
    await waitFor(() => expect(calls).toEqual(['start']));
    await act(() => controller.logout());
    await waitFor(() => expect(calls).toEqual(['start', 'stop']));
  });
});
