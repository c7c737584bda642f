import { expect, type APIRequestContext } from '@playwright/test';
import type { CompactProduct, CompactSupplier } from '../../../src/contracts/sync';

/**
 * The bridge seen through its API (src/contracts/sync.ts, auth.ts): the end-to-end tests pick what to
 * browse from the seeded catalogue instead of hard-coding names, and move the feed as an admin would.
 */

interface Envelope<T> {
  code: number;
  result: T;
  meta?: { remaining?: number };
}

/** POST /api/client/user/login → the access token. */
export async function apiLogin(request: APIRequestContext, email: string, password: string): Promise<string> {
  const response = await request.post('/api/client/user/login', { data: { username: email, password } });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as Envelope<string>).result;
}

/** Every live (not deleted) document of one catalogue feed, all pages. */
export async function pullAll<T>(
  request: APIRequestContext,
  token: string,
  collection: 'products' | 'suppliers' | 'categories',
): Promise<T[]> {
  const documents: T[] = [];
  let after = 0;
  for (;;) {
    const response = await request.get(`/api/sync/v1/${collection}?after=${after}&limit=1000`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(response.status(), await response.text()).toBe(200);
    const body = (await response.json()) as Envelope<{ documents: (T & { _deleted: boolean })[]; checkpoint: { seq: number } }>;
    documents.push(...body.result.documents.filter((d) => !d._deleted));
    after = body.result.checkpoint.seq;
    if (body.result.documents.length < 1000 || body.meta?.remaining === 0) return documents;
  }
}

export type CatalogProduct = CompactProduct;
export type CatalogSupplier = CompactSupplier;

/** PATCH /api/admin/products/:sku as an admin; price in cents. */
export async function patchProduct(
  request: APIRequestContext,
  adminToken: string,
  sku: string,
  patch: { price?: number; qty?: number; is_in_stock?: boolean },
): Promise<void> {
  const response = await request.patch(`/api/admin/products/${encodeURIComponent(sku)}`, {
    headers: { Authorization: `Bearer ${adminToken}` },
    data: patch,
  });
  expect(response.status(), await response.text()).toBe(200);
}

/** A simple, listed, in-stock product without a special price: its page shows exactly `price`. */
export function plainProducts(products: readonly CatalogProduct[]): CatalogProduct[] {
  return products.filter(
    (p) =>
      p.type_id === 'simple' &&
      p.parent_sku === '' &&
      p.special_price === undefined &&
      p.is_in_stock &&
      [2, 3, 4].includes(p.visibility) &&
      p.status < 2,
  );
}

/** A name as a buyer types it: lower case, without accents (Greek tonos and dialytika, Latin accents). */
export function unaccented(name: string): string {
  return name
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase();
}

/** Whether a name carries accents, so typing it without them tests the accent folding. */
export function hasAccents(name: string): boolean {
  return name.normalize('NFD') !== name;
}
