// @vitest-environment jsdom
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { BuyerSummary } from '../../../contracts/auth';
import type { BuyerUser } from '../../../contracts/company-users';
import { M } from '../../../contracts/messages';
import type { FakeBridge } from '../../testing/auth-test-harness';
import { createTestSession, customerWith, ok, refuse, renderAuthRoutes, SIGNED_IN, startFakeBridge } from '../../testing/auth-test-harness';
import { Component as UsersPage } from './users-page';

const acme: BuyerSummary = { id: 'b-acme', company: 'ACME ΑΕ', afm: '094259216', isSuperUser: true };
const USERS: BuyerUser[] = [
  { id: 'c-owner', firstname: 'Γιώργος', lastname: 'Πρώτος', email: 'owner@example.gr', isSuperUser: true },
  { id: 'c-clerk', firstname: 'Ελένη', lastname: 'Δεύτερη', email: 'clerk@example.gr', isSuperUser: false },
];
let bridge: FakeBridge;
let calls: string[] = [];

beforeAll(async () => {
  bridge = await startFakeBridge();
});
afterAll(() => bridge.close());
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  window.localStorage.clear();
  bridge.routes.clear();
  calls = [];
});

function serve(buyers: BuyerSummary[]) {
  bridge.routes.set('GET /api/bridge/user/me', () => ok(customerWith(buyers)));
  bridge.routes.set(`GET /api/bridge/buyers/${acme.id}/users`, () => ok(USERS));
  bridge.routes.set(`GET /api/bridge/buyers/${acme.id}/invitations`, () => ok([]));
  bridge.routes.set(`PUT /api/bridge/buyers/${acme.id}/users/role`, () => {
    calls.push('role');
    return refuse(409, M.soleSuperUser);
  });
  bridge.routes.set(`POST /api/bridge/buyers/${acme.id}/invitations`, () => {
    calls.push('invite');
    return ok(M.invitationSent);
  });
}

function open() {
  renderAuthRoutes(createTestSession(bridge.baseUrl, SIGNED_IN), [{ path: '/login', element: <h1>Log in</h1> }], '/my-account/users', {
    protectedPages: [{ path: '/my-account/users', Component: UsersPage }],
  });
  return userEvent.setup();
}

/** The signed-in customer (`customerWith`'s id) listed among the users, beside another super user. */
function serveSelf() {
  const me: BuyerUser = { id: 'c-1', firstname: 'Maria', lastname: 'Papadopoulou', email: 'maria@example.gr', isSuperUser: true };
  let profileReads = 0;
  bridge.routes.set('GET /api/bridge/user/me', () => {
    profileReads += 1;
    return ok(customerWith([acme]));
  });
  bridge.routes.set(`GET /api/bridge/buyers/${acme.id}/users`, () => ok([me, USERS[0]!]));
  bridge.routes.set(`GET /api/bridge/buyers/${acme.id}/invitations`, () => ok([]));
  bridge.routes.set(`PUT /api/bridge/buyers/${acme.id}/users/role`, () => {
    calls.push('role');
    return ok(M.roleChanged);
  });
  bridge.routes.set(`POST /api/bridge/buyers/${acme.id}/users/remove`, () => {
    calls.push('remove');
    return ok(M.userRemoved);
  });
  bridge.routes.set('POST /api/client/user/logout', () => {
    calls.push('logout');
    return ok(M.loggedOut);
  });
  return { profileReads: () => profileReads };
}

describe('users page', () => {
  it('a plain user sees no controls, only that a super user manages users', async () => {
    serve([{ ...acme, isSuperUser: false }]);
    open();
    expect(await screen.findByText(/Only a super user of the company can see and manage its users/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add user' })).toBeNull();
    expect(screen.queryByRole('list', { name: 'Users of the company' })).toBeNull();
  });

  it("a super user sees the users; the bridge's refusal stays in the role modal", async () => {
    serve([acme]);
    const user = open();
    const list = await screen.findByRole('list', { name: 'Users of the company' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: 'Edit the role of Γιώργος Πρώτος' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit user role' });
    await user.click(within(dialog).getByRole('radio', { name: /^User/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Change role' }));
    expect(await within(dialog).findByText(M.soleSuperUser)).toBeTruthy();
    expect(calls).toEqual(['role']);
  });

  it('offline, an invitation is refused at once with the address kept', async () => {
    serve([acme]);
    const user = open();
    await user.click(await screen.findByRole('button', { name: 'Add user' }));
    const dialog = screen.getByRole('dialog', { name: 'Add user' });
    await user.type(within(dialog).getByLabelText('Email'), 'new@example.gr');
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    await user.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect(await within(dialog).findByText(M.checkNetwork)).toBeTruthy();
    expect((within(dialog).getByLabelText('Email') as HTMLInputElement).value).toBe('new@example.gr');
    expect(calls).toEqual([]);
  });

  it('changing one’s own role reloads the profile and goes to the start page', async () => {
    const served = serveSelf();
    const user = open();
    await user.click(await screen.findByRole('button', { name: 'Edit the role of Maria Papadopoulou' }));
    const reads = served.profileReads();
    const dialog = screen.getByRole('dialog', { name: 'Edit user role' });
    await user.click(within(dialog).getByRole('radio', { name: /^User/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Change role' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Home' })).toBeTruthy();
    expect(calls).toEqual(['role']);
    expect(served.profileReads()).toBeGreaterThan(reads);
  });

  it('removing oneself ends the membership and signs out', async () => {
    serveSelf();
    const user = open();
    await user.click(await screen.findByRole('button', { name: 'Delete Maria Papadopoulou' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete user' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete user' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Log in' })).toBeTruthy();
    expect(calls.slice(0, 2)).toEqual(['remove', 'logout']);
  });
});
