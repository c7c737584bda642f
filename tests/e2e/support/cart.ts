import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { DEMO_PASSWORD } from './accounts';
import type { CatalogProduct } from './catalog-api';

/** The cart as the tests see it: the header button, the microcart overlay and the bridge's copy. */

type ServerLine = { sku: string; qty: number };
export type Buyer = { id: string; company: string };

export async function buyersOf(request: APIRequestContext, email: string): Promise<{ token: string; buyers: Buyer[] }> {
  const res = await request.post('/api/client/user/login', { data: { username: email, password: DEMO_PASSWORD } });
  const body = (await res.json()) as { result: string; meta: { userData: { buyers: Buyer[] } } };
  return { token: body.result, buyers: body.meta.userData.buyers };
}

/** The bridge's cart of a customer and buyer as sorted `SKU×qty` strings. */
export async function serverCart(request: APIRequestContext, token: string, buyerId: string): Promise<string[]> {
  const res = await request.get(`/api/bridge/buyer/cart/pull?buyer_id=${buyerId}`, { headers: { authorization: `Bearer ${token}` } });
  const lines = ((await res.json()) as { result: { lines: ServerLine[] } }).result.lines;
  return lines.map((l) => `${l.sku}×${l.qty}`).sort();
}

export const cartButton = (page: Page) => page.getByRole('button', { name: /^Cart, \d+ items?$/ });
export const cartDialog = (page: Page) => page.getByRole('dialog', { name: 'Cart' });

export async function addFromProductPage(page: Page, product: CatalogProduct, qty: number): Promise<void> {
  await page.goto(`/p/${product.sku}/${product.slug}`);
  await page.getByLabel('Quantity', { exact: true }).fill(String(qty));
  await page.getByRole('button', { name: 'Add to cart', exact: true }).click();
  // The line is stored once the page says so; a navigation before that may cut the write short, as it would
  // for a buyer who leaves the page in the same instant.
  await expect(page.getByText(/has been added to the cart/).first()).toBeVisible();
}

/** The device's cart as sorted `SKU×qty` strings, read from the microcart (opened and closed again). */
export async function localCart(page: Page): Promise<string[]> {
  await cartButton(page).click();
  const dialog = cartDialog(page);
  await expect(dialog).toBeVisible();
  const lines = await dialog.getByRole('listitem').evaluateAll((items) =>
    items.map((li) => {
      const sku = li.textContent?.match(/· ([A-Z]{3}-\d{6})/)?.[1] ?? '?';
      const qty = (li.querySelector('input[type="number"]') as HTMLInputElement | null)?.value ?? '?';
      return `${sku}×${qty}`;
    }),
  );
  await page.keyboard.press('Escape');
  return lines.sort();
}
