import { expect, type APIRequestContext, type Page } from '@playwright/test';
import type { OrderWireDoc } from '../../../src/contracts/order';
import { generateAccounts } from '../../../server/seed/generate-accounts';
import { DEMO, DEMO_PASSWORD } from './accounts';
import { apiLogin, plainProducts, pullAll, type CatalogProduct, type CatalogSupplier } from './catalog-api';

/** The checkout as the tests drive it (decision 020). */

export async function bridgeOrders(request: APIRequestContext, token: string, buyerId: string): Promise<OrderWireDoc[]> {
  const res = await request.get(`/api/bridge/buyer/orders/v1/pull?buyer_id=${buyerId}`, { headers: { authorization: `Bearer ${token}` } });
  return ((await res.json()) as { result: { documents: OrderWireDoc[] } }).result.documents;
}

/** Enough of a product to reach its supplier's minimum order (excl. VAT), within its stock. */
export function quantityFor(product: CatalogProduct, minimum: number): number {
  return Math.min(Math.floor(product.qty), Math.max(1, Math.ceil((minimum + 1) / Math.max(1, product.price))));
}

export async function throughSections(page: Page, suppliers: string[], atBilling?: (page: Page) => Promise<void>): Promise<void> {
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { name: 'Billing details' })).toBeVisible();
  await atBilling?.(page);
  await page.getByRole('button', { name: 'Continue' }).click();
  for (const name of suppliers) {
    // Each supplier lists the methods it takes; the first is chosen. The choice is saved on the cart, then
    // shown checked: click, then wait for it.
    const method = page.getByRole('region', { name }).getByRole('group', { name: 'Payment method' }).getByRole('radio').first();
    await method.click();
    await expect(method).toBeChecked();
  }
  await page.getByRole('button', { name: 'Continue' }).click();
}

/** Adds "Τσιμισκή 24" in the address modal: first with a postcode and phone the product rules refuse. */
export async function addAddress(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Add a new address' }).click();
  const modal = page.getByRole('dialog', { name: 'New delivery address' });
  await modal.getByLabel('First name').fill('Κώστας');
  await modal.getByLabel('Last name').fill('Αντωνίου');
  await modal.getByLabel('Street').fill('Τσιμισκή');
  await modal.getByLabel('Number').fill('24');
  await modal.getByLabel('City').fill('Θεσσαλονίκη');
  await modal.getByLabel('Postcode').fill('00123');
  await modal.getByLabel('Phone').fill('23101');
  await expect(modal.getByText('The postcode must be exactly 5 digits')).toBeVisible();
  await expect(modal.getByText('The phone must have at least 10 digits')).toBeVisible();
  await modal.getByLabel('Postcode').fill('546 24');
  await modal.getByLabel('Phone').fill('2310 123456');
  await modal.getByRole('button', { name: 'Save address' }).click();
  await expect(modal).toBeHidden();
}

export const E2E_BILLING = {
  company: 'Ταβέρνα Ο Μύλος ΟΕ',
  afm: '094014201',
  tax_office: 'ΔΟΥ Α΄ Αθηνών',
  street: 'Πειραιώς 100',
  city: 'Αθήνα',
  postcode: '11854',
};

/** Edits the billing details in their modal: first with a tax number whose check digit is wrong. */
export async function editBilling(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Edit billing details' }).click();
  const modal = page.getByRole('dialog', { name: 'Billing details' });
  await modal.getByLabel('Company').fill(E2E_BILLING.company);
  await modal.getByLabel('Tax number (AFM)').fill('094014202');
  await modal.getByLabel('Tax office').fill(E2E_BILLING.tax_office);
  await modal.getByLabel('Street and number').fill(E2E_BILLING.street);
  await modal.getByLabel('City').fill(E2E_BILLING.city);
  await modal.getByLabel('Postcode').fill(E2E_BILLING.postcode);
  await expect(modal.getByText('This tax number is not valid')).toBeVisible();
  await modal.getByLabel('Tax number (AFM)').fill(E2E_BILLING.afm);
  await modal.getByRole('button', { name: 'Save billing details' }).click();
  await expect(modal).toBeHidden();
  await expect(page.getByText('Invoices for these orders are issued to these details.')).toBeVisible();
  await expect(page.getByText(E2E_BILLING.tax_office)).toBeVisible();
}

/** A seeded customer by id (server/seed): owners of companies no other test orders for. */
export function seededCustomer(id: string): { email: string } {
  const customer = generateAccounts('unused').customers.find((c) => c.id === id);
  if (!customer) throw new Error(`the seed has no customer ${id}`);
  return customer;
}

/**
 * Products of active suppliers whose minimum order a few pieces reach: a and c of one supplier, b of another,
 * `late` of a third.
 */
export async function orderablePicks(request: APIRequestContext) {
  const admin = await apiLogin(request, DEMO.admin, DEMO_PASSWORD);
  const suppliers = new Map((await pullAll<CatalogSupplier>(request, admin, 'suppliers')).map((s) => [s.id, s]));
  const products = plainProducts(await pullAll<CatalogProduct>(request, admin, 'products')).filter(
    (p) =>
      p.type_id === 'simple' &&
      p.is_in_stock &&
      p.manage_stock &&
      p.qty >= 50 &&
      p.price >= 500 &&
      suppliers.get(p.supplier_id)?.status === 'active',
  );
  const fits = products.filter(
    (p) => quantityFor(p, suppliers.get(p.supplier_id)!.minimum_order) * p.price >= suppliers.get(p.supplier_id)!.minimum_order,
  );
  const a = fits[0]!;
  const b = fits.find((p) => p.supplier_id !== a.supplier_id)!;
  const c = fits.find((p) => p.supplier_id === a.supplier_id && p.sku !== a.sku)!;
  // Of a supplier none of the others belongs to: a test may change its price for a while.
  const late = fits.findLast((p) => p.supplier_id !== a.supplier_id && p.supplier_id !== b.supplier_id)!;
  return {
    a,
    b,
    c,
    late,
    nameOf: (p: CatalogProduct) => suppliers.get(p.supplier_id)!.name,
    minimumOf: (p: CatalogProduct) => suppliers.get(p.supplier_id)!.minimum_order,
  };
}

/**
 * Back online with orders waiting: the buyer agrees to send them in the "You are back online" prompt, unless
 * the service worker's Background Sync was quicker (then the prompt goes away with the last waiting order).
 * Either way nothing waits any more.
 */
export async function sendAfterReconnecting(page: Page, indicator: string): Promise<void> {
  const waiting = page.getByRole('button', { name: indicator });
  const prompt = page.getByRole('dialog', { name: 'You are back online' });
  try {
    await prompt.getByRole('button', { name: 'Send now' }).click({ timeout: 5_000 });
  } catch (error) {
    if (await waiting.isVisible()) throw error;
  }
  await expect(waiting).toBeHidden({ timeout: 15_000 });
}
