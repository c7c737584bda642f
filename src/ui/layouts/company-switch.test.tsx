// @vitest-environment jsdom
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { BuyerSummary, CompanyInfo } from '../../contracts/auth';
import { M } from '../../contracts/messages';
import { CompanySwitch } from './company-switch';
import type { FakeBridge } from '../testing/auth-test-harness';
import { createTestSession, customerWith, ok, refuse, renderAuthRoutes, SIGNED_IN, startFakeBridge } from '../testing/auth-test-harness';

const acme: BuyerSummary = { id: 'b-acme', company: 'ACME ΑΕ', afm: '094259216', isSuperUser: true };
const NEW_AFM = '094014249';
const registry: CompanyInfo = {
  afm: NEW_AFM,
  legal_name: 'ΝΕΑ ΕΤΑΙΡΕΙΑ Α.Ε.',
  trade_name: null,
  tax_office: "Α' ΑΘΗΝΩΝ",
  legal_form: 'ΑΕ',
  street: 'Πανεπιστημίου 10',
  city: 'Αθήνα',
  postcode: '10671',
  activity: 'Χονδρικό εμπόριο',
};
const added: BuyerSummary = { id: 'b-new', company: registry.legal_name, afm: NEW_AFM, isSuperUser: true };

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

function serve() {
  let buyers = [acme];
  bridge.routes.set('GET /api/bridge/user/me', () => ok(customerWith(buyers)));
  bridge.routes.set('POST /api/client/user/check-tax-id', (body) => {
    calls.push('lookup');
    const afm = (body as { tax_id: string }).tax_id;
    return afm === NEW_AFM ? ok(registry) : refuse(404, M.companyNotFound);
  });
  bridge.routes.set('POST /api/bridge/user/buyers', () => {
    calls.push('add');
    buyers = [acme, added];
    return ok({ outcome: 'created', buyer: added, message: M.companyAdded });
  });
}

async function openAddCompany() {
  renderAuthRoutes(createTestSession(bridge.baseUrl, SIGNED_IN), [], '/', { above: <CompanySwitch /> });
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Switch company' }));
  await user.click(within(screen.getByRole('dialog', { name: 'Select buyer' })).getByRole('button', { name: 'Add a company' }));
  return { user, dialog: await screen.findByRole('dialog', { name: 'Add a company' }, { timeout: 5000 }) };
}

describe('company switch: add a company', () => {
  it('looks the tax number up, adds the company and shows it in the company switch', async () => {
    serve();
    const { user, dialog } = await openAddCompany();
    await user.type(within(dialog).getByLabelText('Tax number (ΑΦΜ)'), NEW_AFM);
    await user.click(within(dialog).getByRole('button', { name: 'Find company' }));
    expect(await within(dialog).findByText(registry.legal_name)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Add this company' }));
    expect(await screen.findByText(M.companyAdded)).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: 'Add a company' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Switch company' }));
    expect(within(screen.getByRole('dialog', { name: 'Select buyer' })).getByRole('button', { name: registry.legal_name })).toBeTruthy();
    expect(calls).toEqual(['lookup', 'add']);
  });

  it('a company the customer already belongs to is refused without a call', async () => {
    serve();
    const { user, dialog } = await openAddCompany();
    await user.type(within(dialog).getByLabelText('Tax number (ΑΦΜ)'), acme.afm);
    await user.click(within(dialog).getByRole('button', { name: 'Find company' }));
    expect(await within(dialog).findByText(M.alreadyUserOfBuyer)).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it('offline, nothing is sent and the typed tax number stays', async () => {
    serve();
    const { user, dialog } = await openAddCompany();
    const field = within(dialog).getByLabelText('Tax number (ΑΦΜ)');
    await user.type(field, NEW_AFM);
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    await user.click(within(dialog).getByRole('button', { name: 'Find company' }));
    expect(await within(dialog).findByText(M.checkNetwork)).toBeTruthy();
    expect((field as HTMLInputElement).value).toBe(NEW_AFM);
    expect(calls).toEqual([]);
  });
});
