// @vitest-environment jsdom
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Customer } from '../../../contracts/auth';
import { M } from '../../../contracts/messages';
import type { FakeBridge } from '../../testing/auth-test-harness';
import { SIGNED_IN, createTestSession, customerWith, ok, refuse, renderAuthRoutes, startFakeBridge } from '../../testing/auth-test-harness';
import { useSession } from '../session/session-context';
import { PriceAppearanceButton } from './price-appearance';

const alpha = { id: 'b-1', company: 'Alpha AE', afm: '094259216', isSuperUser: false };

let bridge: FakeBridge;
let profile: Customer;
const changes: unknown[] = [];

beforeAll(async () => {
  bridge = await startFakeBridge();
});
afterAll(() => bridge.close());
beforeEach(() => {
  profile = customerWith([alpha]);
  bridge.routes.set('GET /api/bridge/user/me', () => ok(profile));
  bridge.routes.set('PUT /api/client/user/show-prices-with-vat/change', (body) => {
    changes.push(body);
    profile = { ...profile, show_prices_with_vat: (body as { show_prices_with_vat: boolean }).show_prices_with_vat };
    return ok(profile);
  });
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  window.localStorage.clear();
  bridge.routes.clear();
  changes.length = 0;
});

/** Stands for every price on screen: it reads the same session value as usePriceSettings. */
function ShownPrice() {
  const { customer } = useSession();
  return <p data-testid="price">{customer?.show_prices_with_vat ? '12,40 € incl.' : '10,00 € excl.'}</p>;
}

async function openListing() {
  const controller = createTestSession(bridge.baseUrl, SIGNED_IN);
  controller.start();
  renderAuthRoutes(controller, [], '/list', {
    protectedPages: [
      {
        path: '/list',
        element: (
          <>
            <h1>Products</h1>
            <PriceAppearanceButton />
            <ShownPrice />
          </>
        ),
      },
    ],
  });
  const opener = await screen.findByRole('button', { name: 'Prices excl. VAT' });
  return { opener, user: userEvent.setup() };
}

describe('price-with-VAT selector', () => {
  it('shows the current choice and saves the other one: the modal closes and the prices follow at once', async () => {
    const { opener, user } = await openListing();
    await user.click(opener);
    const dialog = screen.getByRole('dialog', { name: 'Price appearance' });
    expect(within(dialog).getByRole('radio', { name: 'Without VAT' })).toHaveProperty('checked', true);
    const save = within(dialog).getByRole('button', { name: 'Save' });
    expect(save).toHaveProperty('disabled', true);
    await user.click(within(dialog).getByRole('radio', { name: 'With VAT' }));
    await user.click(save);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(changes).toEqual([{ show_prices_with_vat: true }]);
    expect(screen.getByTestId('price').textContent).toBe('12,40 € incl.');
    expect(screen.getByRole('button', { name: 'Prices incl. VAT' })).toBeTruthy();
  });

  it('offline: nothing is sent, the modal stays open with the check-network message and the choice kept', async () => {
    const { opener, user } = await openListing();
    await user.click(opener);
    const dialog = screen.getByRole('dialog', { name: 'Price appearance' });
    await user.click(within(dialog).getByRole('radio', { name: 'With VAT' }));
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByRole('alert').textContent).toBe(M.checkNetwork);
    expect(within(dialog).getByRole('radio', { name: 'With VAT' })).toHaveProperty('checked', true);
    expect(changes).toEqual([]);
    expect(screen.getByTestId('price').textContent).toBe('10,00 € excl.');
  });

  it("shows the bridge's refusal in the modal", async () => {
    bridge.routes.set('PUT /api/client/user/show-prices-with-vat/change', () => refuse(400, M.unexpectedError));
    const { opener, user } = await openListing();
    await user.click(opener);
    const dialog = screen.getByRole('dialog', { name: 'Price appearance' });
    await user.click(within(dialog).getByRole('radio', { name: 'With VAT' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(M.unexpectedError);
  });

  it('closes with Escape without saving', async () => {
    const { opener, user } = await openListing();
    await user.click(opener);
    await user.click(within(screen.getByRole('dialog')).getByRole('radio', { name: 'With VAT' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(changes).toEqual([]);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Prices excl. VAT' }));
  });
});
