import { z } from 'zod';
import type { CustomerHit, LoginAsMeta } from '../contracts/admin';
import { customerSearchResultSchema, loginAsMetaSchema } from '../contracts/admin';
import { loginResultSchema, sessionMetaSchema } from '../contracts/auth';
import type { AdminProductPatch } from '../contracts/sync';
import type { SessionGrant } from './auth-api';
import type { BridgeClient } from './bridge-client';

/** The administrators' calls (docs/decisions/025-admin-login-as.md, docs/product-rules.md §4.8). */

export async function searchCustomers(client: BridgeClient, q: string): Promise<CustomerHit[]> {
  const { result } = await client.request({
    path: `/api/admin/customers?${new URLSearchParams({ q }).toString()}`,
    result: customerSearchResultSchema,
  });
  return result;
}

export interface LoginAsGrant {
  accessToken: string;
  meta: LoginAsMeta;
}

/** A session of the customer for the signed-in administrator; their id is kept in it. */
export async function loginAs(client: BridgeClient, customerId: string): Promise<LoginAsGrant> {
  const { result, meta } = await client.request({
    method: 'POST',
    path: '/api/admin/login-as',
    body: { customer_id: customerId },
    result: loginResultSchema,
    meta: loginAsMetaSchema,
  });
  return { accessToken: result, meta };
}

/** Ends the login-as session (the caller's) and answers a new session of the administrator. */
export async function logoutAs(client: BridgeClient, adminId: string | null): Promise<SessionGrant> {
  const { result, meta } = await client.request({
    method: 'POST',
    path: '/api/admin/logout-as',
    body: adminId ? { admin_id: adminId } : {},
    result: loginResultSchema,
    meta: sessionMetaSchema,
  });
  return { accessToken: result, meta };
}

const patchedProductSchema = z.object({
  sku: z.string(),
  price: z.number(),
  qty: z.number(),
  is_in_stock: z.boolean(),
  updated_at: z.number(),
});
export type PatchedProduct = z.infer<typeof patchedProductSchema>;

/** PATCH admin/products/{sku}: price in cents, stock qty and the in-stock flag; storefronts hear of it through the change feed. */
export async function patchProduct(client: BridgeClient, sku: string, patch: AdminProductPatch): Promise<PatchedProduct> {
  const { result } = await client.request({
    method: 'PATCH',
    path: `/api/admin/products/${encodeURIComponent(sku)}`,
    body: patch,
    result: patchedProductSchema,
  });
  return result;
}
