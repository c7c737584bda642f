// @vitest-environment jsdom
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { M } from '../../../contracts/messages';
import type { FakeBridge } from '../../testing/auth-test-harness';
import { createTestSession, customerWith, ok, refuse, renderAuthRoutes, startFakeBridge } from '../../testing/auth-test-harness';
import { Component as RegisterPage } from './register-page';

const COMPANY = {
  afm: '094259216',
  legal_name: 'ΑΛΦΑ ΤΡΟΦΙΜΑ Α.Ε.',
  trade_name: null,
  tax_office: 'ΦΑΕ ΑΘΗΝΩΝ',
  legal_form: 'ΑΕ',
  street: 'Πατησίων 10',
  city: 'Αθήνα',
  postcode: '10434',
  activity: 'Χονδρικό εμπόριο',
};
let bridge: FakeBridge;
let lookups = 0;
let registrations: unknown[] = [];
let invitationRequests: unknown[] = [];

beforeAll(async () => {
  bridge = await startFakeBridge();
  bridge.routes.set('POST /api/client/user/check-tax-id', (body) => {
    lookups += 1;
    const { tax_id } = body as { tax_id: string };
    if (tax_id === COMPANY.afm) return ok(COMPANY);
    if (tax_id === '090000045') return refuse(409, M.buyerExists);
    return refuse(404, M.companyNotFound);
  });
  bridge.routes.set('POST /api/bridge/buyers', (body) => {
    registrations.push(body);
    const buyers = [{ id: 'b-new', company: COMPANY.legal_name, afm: COMPANY.afm, isSuperUser: true }];
    return ok('access-new', { refreshToken: 'refresh-new', expiresIn: 900, userData: { buyers } });
  });
  bridge.routes.set('POST /api/client/user/request-invitation', (body) => {
    invitationRequests.push(body);
    return ok('access-join', { refreshToken: 'refresh-join', expiresIn: 900, userData: { buyers: [] } });
  });
  bridge.routes.set('GET /api/bridge/user/me', () =>
    ok(customerWith([{ id: 'b-new', company: COMPANY.legal_name, afm: COMPANY.afm, isSuperUser: true }])),
  );
});
afterAll(() => bridge.close());
afterEach(() => {
  cleanup();
  window.localStorage.clear();
  lookups = 0;
  registrations = [];
  invitationRequests = [];
});

async function openRegistration() {
  renderAuthRoutes(createTestSession(bridge.baseUrl), [{ path: '/register', Component: RegisterPage }], '/register');
  await screen.findByRole('heading', { level: 1, name: 'Create an account' });
  return userEvent.setup();
}

describe('registration page', () => {
  it('refuses a tax number with a wrong check digit before asking the bridge', async () => {
    const user = await openRegistration();
    await user.type(screen.getByLabelText('Tax number (ΑΦΜ)'), '123456789');
    await user.click(screen.getByRole('button', { name: 'Find company' }));

    expect(await screen.findByText('This tax number is not valid')).toBeTruthy();
    expect(screen.getByLabelText('Tax number (ΑΦΜ)').getAttribute('aria-invalid')).toBe('true');
    expect(lookups).toBe(0);
  });

  it('says clearly when the tax number is not a company, or the company is already a member', async () => {
    const user = await openRegistration();
    const taxNumber = screen.getByLabelText('Tax number (ΑΦΜ)');
    await user.type(taxNumber, '998144460');
    await user.click(screen.getByRole('button', { name: 'Find company' }));
    expect(await screen.findByText('Company info not found. Only companies can register.')).toBeTruthy();
    expect(screen.queryByLabelText('First name')).toBeNull();

    await user.clear(taxNumber);
    await user.type(taxNumber, '090000045');
    await user.click(screen.getByRole('button', { name: 'Find company' }));
    expect(await screen.findByText('This company is already a member of the marketplace')).toBeTruthy();
  });

  it('offers to ask to join a company that is already a member, and signs the newcomer in', async () => {
    const user = await openRegistration();
    await user.type(screen.getByLabelText('Tax number (ΑΦΜ)'), '090000045');
    await user.click(screen.getByRole('button', { name: 'Find company' }));
    const offer = await screen.findByRole('region', { name: 'Ask to join this company' });
    await user.type(within(offer).getByLabelText('First name'), 'Νίκη');
    await user.type(within(offer).getByLabelText('Last name'), 'Νέα');
    await user.type(within(offer).getByLabelText('Email'), 'niki@example.gr');
    await user.type(within(offer).getByLabelText('Password'), 'Strong-pass-1');
    await user.type(within(offer).getByLabelText('Confirm password'), 'Strong-pass-1');
    await user.click(within(offer).getByRole('button', { name: 'Create account and ask to join' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Home' })).toBeTruthy();
    expect(invitationRequests).toEqual([
      { customer: { email: 'niki@example.gr', firstname: 'Νίκη', lastname: 'Νέα', taxvat: '090000045' }, password: 'Strong-pass-1' },
    ]);
    expect(registrations).toEqual([]);
  });

  it('does not offer to join after a lookup of a company that is not a member', async () => {
    const user = await openRegistration();
    await user.type(screen.getByLabelText('Tax number (ΑΦΜ)'), '998144460');
    await user.click(screen.getByRole('button', { name: 'Find company' }));
    expect(await screen.findByText('Company info not found. Only companies can register.')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Ask to join this company' })).toBeNull();
  });

  it('shows the company, enforces the password rule, then creates the account and signs in', async () => {
    const user = await openRegistration();
    await user.type(screen.getByLabelText('Tax number (ΑΦΜ)'), 'EL 094 259 216');
    await user.click(screen.getByRole('button', { name: 'Find company' }));
    expect(await screen.findByText(COMPANY.legal_name)).toBeTruthy();
    expect(screen.getByText('ΦΑΕ ΑΘΗΝΩΝ')).toBeTruthy();

    await user.type(screen.getByLabelText('First name'), 'Ελένη');
    await user.type(screen.getByLabelText('Last name'), 'Παππά');
    await user.type(screen.getByLabelText('Email'), 'Eleni@Example.gr');
    await user.type(screen.getByLabelText('Password'), 'weakpass');
    await user.type(screen.getByLabelText('Confirm password'), 'weakpass');
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    expect(await screen.findByText(M.passwordRule)).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('Password'));
    expect(registrations).toHaveLength(0);

    await user.clear(screen.getByLabelText('Password'));
    await user.type(screen.getByLabelText('Password'), 'Strong-pass-1');
    await user.clear(screen.getByLabelText('Confirm password'));
    await user.type(screen.getByLabelText('Confirm password'), 'Strong-pass-1');
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Home' })).toBeTruthy();
    expect(registrations).toEqual([
      {
        customer: { email: 'eleni@example.gr', firstname: 'Ελένη', lastname: 'Παππά', taxvat: '094259216' },
        password: 'Strong-pass-1',
      },
    ]);
  });
});
