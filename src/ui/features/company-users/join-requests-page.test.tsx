// @vitest-environment jsdom
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { BuyerSummary, JoinRequest } from '../../../contracts/auth';
import { M } from '../../../contracts/messages';
import type { FakeBridge } from '../../testing/auth-test-harness';
import { createTestSession, customerWith, ok, refuse, renderAuthRoutes, SIGNED_IN, startFakeBridge } from '../../testing/auth-test-harness';
import { Component as JoinRequestsPage } from './join-requests-page';

const acme: BuyerSummary = { id: 'b-acme', company: 'ACME ΑΕ', afm: '094259216', isSuperUser: true };
const beta: BuyerSummary = { id: 'b-beta', company: 'Beta ΟΕ', afm: '090000045', isSuperUser: false };
const REQUESTS: JoinRequest[] = [
  { id: 'r-1', firstname: 'Ελένη', lastname: 'Νέα', email: 'eleni@example.gr', created_at: '2026-03-01T08:30:00.000Z' },
  { id: 'r-2', firstname: 'Πέτρος', lastname: 'Άλλος', email: 'petros@example.gr', created_at: '2026-03-02T09:00:00.000Z' },
];
let bridge: FakeBridge;
let decisions: string[] = [];

beforeAll(async () => {
  bridge = await startFakeBridge();
});
afterAll(() => bridge.close());
afterEach(() => {
  cleanup();
  window.localStorage.clear();
  bridge.routes.clear();
  decisions = [];
});

function serve(buyers: BuyerSummary[]) {
  bridge.routes.set('GET /api/bridge/user/me', () => ok(customerWith(buyers)));
  bridge.routes.set(`GET /api/bridge/buyers/${acme.id}/join-requests`, () => ok(REQUESTS));
  for (const request of REQUESTS) {
    bridge.routes.set(`POST /api/bridge/buyers/${acme.id}/join-requests/${request.id}/approve`, () => {
      decisions.push(`approve ${request.id}`);
      return ok(M.joinRequestApproved);
    });
    bridge.routes.set(`POST /api/bridge/buyers/${acme.id}/join-requests/${request.id}/reject`, () => {
      decisions.push(`reject ${request.id}`);
      return request.id === 'r-2' ? refuse(404, M.joinRequestNotFound) : ok(M.joinRequestRejected);
    });
  }
}

function open(path: string) {
  const page = { path: '/my-account/users/requests', Component: JoinRequestsPage };
  renderAuthRoutes(createTestSession(bridge.baseUrl, SIGNED_IN), [], path, { protectedPages: [page] });
  return userEvent.setup();
}

describe('requests to join page', () => {
  it('lists who asks to join the linked company and approves one with a named button', async () => {
    serve([beta, acme]);
    const user = open(`/my-account/users/requests?buyer_id=${acme.id}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Requests to join ACME ΑΕ' })).toBeTruthy();
    const list = await screen.findByRole('list', { name: 'Requests to join' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(within(list).getByText('eleni@example.gr')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Approve Ελένη Νέα' }));
    expect(await screen.findByText(M.joinRequestApproved)).toBeTruthy();
    expect(decisions).toEqual(['approve r-1']);
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Approve Ελένη Νέα' })).toBeNull();
  });

  it('keeps a request whose decision the bridge refused and says why', async () => {
    serve([acme]);
    const user = open('/my-account/users/requests');
    await user.click(await screen.findByRole('button', { name: 'Reject Πέτρος Άλλος' }));
    expect(await screen.findByText(M.joinRequestNotFound)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reject Πέτρος Άλλος' })).toBeTruthy();
  });

  it('says a plain user is not a super user, and asks the bridge nothing', async () => {
    let listed = 0;
    bridge.routes.set('GET /api/bridge/user/me', () => ok(customerWith([beta])));
    bridge.routes.set(`GET /api/bridge/buyers/${beta.id}/join-requests`, () => ok([], (listed += 1)));
    open(`/my-account/users/requests?buyer_id=${acme.id}`);
    expect(await screen.findByText(M.notSuperUser)).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Requests to join Beta ΟΕ' })).toBeTruthy();
    // Time for a (wrong) request to reach the bridge before asserting there was none.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(listed).toBe(0);
    expect(screen.queryByText('No one is waiting to join.')).toBeNull();
  });

  it('shows the bridge refusal (an unconfirmed super user) and an empty list plainly', async () => {
    bridge.routes.set('GET /api/bridge/user/me', () => ok(customerWith([acme])));
    bridge.routes.set(`GET /api/bridge/buyers/${acme.id}/join-requests`, () => refuse(403, M.emailNotConfirmed));
    open('/my-account/users/requests');
    expect(await screen.findByText(M.emailNotConfirmed)).toBeTruthy();
    cleanup();
    bridge.routes.set(`GET /api/bridge/buyers/${acme.id}/join-requests`, () => ok([]));
    open('/my-account/users/requests');
    expect(await screen.findByText('No one is waiting to join.')).toBeTruthy();
  });
});
