import { z } from 'zod';
import type { AddCompanyResult, CompanyInfo, Customer, RegisterRequest, SessionMeta, UpdateMeRequest } from '../contracts/auth';
import {
  addCompanyResultSchema,
  companyInfoSchema,
  customerSchema,
  loginResultSchema,
  logoutResultSchema,
  refreshMetaSchema,
  sessionMetaSchema,
  updateMeMetaSchema,
} from '../contracts/auth';
import type { BridgeClient } from './bridge-client';

/** The docs/product-rules.md §7 "Authentication and account" calls, one function each. */

export interface SessionGrant {
  accessToken: string;
  meta: SessionMeta;
}

export async function login(client: BridgeClient, username: string, password: string): Promise<SessionGrant> {
  const { result, meta } = await client.request({
    method: 'POST',
    path: '/api/client/user/login',
    body: { username, password },
    result: loginResultSchema,
    meta: sessionMetaSchema,
    auth: false,
  });
  return { accessToken: result, meta };
}

export async function refreshSession(client: BridgeClient, refreshToken: string) {
  const { result, meta } = await client.request({
    method: 'POST',
    path: '/api/client/user/refresh',
    body: { refreshToken },
    result: loginResultSchema,
    meta: refreshMetaSchema,
    auth: false,
  });
  return { accessToken: result, refreshToken: meta.refreshToken, expiresIn: meta.expiresIn };
}

/** Ends the session of this refresh token on the bridge (every device's copy of it, every instance). */
export async function logoutSession(client: BridgeClient, refreshToken: string): Promise<void> {
  await client.request({
    method: 'POST',
    path: '/api/client/user/logout',
    body: { refreshToken },
    result: logoutResultSchema,
    auth: false,
  });
}

export async function fetchMe(client: BridgeClient): Promise<Customer> {
  const { result } = await client.request({ path: '/api/bridge/user/me', result: customerSchema });
  return result;
}

export interface ProfileUpdate {
  /** The profile as it now is: new names at once, the email still the old one while a change waits. */
  customer: Customer;
  /** A new address was asked for: it changes only when the link mailed to it is opened (docs/decisions/017). */
  emailChangeSent: boolean;
}

export async function updateMe(client: BridgeClient, body: UpdateMeRequest): Promise<ProfileUpdate> {
  const { result, meta } = await client.request({
    method: 'POST',
    path: '/api/bridge/user/me',
    body,
    result: customerSchema,
    meta: updateMeMetaSchema.optional(),
  });
  return { customer: result, emailChangeSent: meta?.email_change === 'confirmation_sent' };
}

/** Prices with or without VAT for the signed-in customer; answers the profile as it now is. */
export async function changePriceAppearance(client: BridgeClient, withVat: boolean): Promise<Customer> {
  const { result } = await client.request({
    method: 'PUT',
    path: '/api/client/user/show-prices-with-vat/change',
    body: { show_prices_with_vat: withVat },
    result: customerSchema,
  });
  return result;
}

export async function checkTaxId(client: BridgeClient, taxId: string): Promise<CompanyInfo> {
  const { result } = await client.request({
    method: 'POST',
    path: '/api/client/user/check-tax-id',
    body: { tax_id: taxId },
    result: companyInfoSchema,
    auth: false,
  });
  return result;
}

export async function registerBuyer(client: BridgeClient, body: RegisterRequest): Promise<SessionGrant> {
  const { result, meta } = await client.request({
    method: 'POST',
    path: '/api/bridge/buyers',
    body,
    result: loginResultSchema,
    meta: sessionMetaSchema,
    auth: false,
  });
  return { accessToken: result, meta };
}

export async function requestPasswordReset(client: BridgeClient, email: string, url?: string): Promise<void> {
  await client.request({
    method: 'POST',
    path: '/api/client/user/password/request-reset',
    body: url === undefined ? { email } : { email, url },
    result: z.unknown(),
    auth: false,
  });
}

export async function resetPassword(client: BridgeClient, password: string, token: string): Promise<void> {
  // docs/product-rules.md §5: reset sends the same password as its confirmation (the form has already compared them).
  await client.request({
    method: 'POST',
    path: '/api/client/user/password/reset',
    body: { password, confirm_password: password, token },
    result: z.unknown(),
    auth: false,
  });
}

/** Ends every session of the customer on the bridge, the caller's too: sign in again with the new password. */
export async function changePassword(client: BridgeClient, oldPassword: string, newPassword: string): Promise<void> {
  await client.request({
    method: 'POST',
    path: '/api/client/user/password/change',
    body: { old_password: oldPassword, new_password: newPassword },
    result: z.unknown(),
  });
}

/** Signed in: adds the company behind a tax number, or asks its super users to let the customer in (§6.2). */
export async function addCompany(client: BridgeClient, taxvat: string): Promise<AddCompanyResult> {
  const path = '/api/bridge/user/buyers';
  return (await client.request({ method: 'POST', path, body: { taxvat }, result: addCompanyResultSchema })).result;
}
