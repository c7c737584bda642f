import type { BuyerSummary } from '../contracts/auth';

/**
 * Device preferences of the session kept in localStorage (docs/product-rules.md §3 "Local storage holds the selected
 * buyer per customer"): which company a customer last acted for, and that someone logged out here.
 */
const SELECTED_BUYER_PREFIX = 'b2b.selectedBuyer.';
const LOGGED_OUT_KEY = 'b2b.session.loggedOut';

export function rememberedBuyer(storage: Storage, customerId: string, buyers: readonly BuyerSummary[]): string | null {
  const id = storage.getItem(`${SELECTED_BUYER_PREFIX}${customerId}`);
  return buyers.some((b) => b.id === id) ? id : null;
}

export function rememberBuyer(storage: Storage, customerId: string, buyerId: string): void {
  storage.setItem(`${SELECTED_BUYER_PREFIX}${customerId}`, buyerId);
}

/**
 * The buyer to act for without asking: the remembered one, or the only one. null means the customer
 * must choose in the "Select buyer" dialog.
 */
export function initialBuyer(storage: Storage, customerId: string, buyers: readonly BuyerSummary[]): string | null {
  const remembered = rememberedBuyer(storage, customerId, buyers);
  if (remembered) return remembered;
  return buyers.length === 1 ? (buyers[0]?.id ?? null) : null;
}

export function markLoggedOut(storage: Storage): void {
  storage.setItem(LOGGED_OUT_KEY, '1');
}

export function clearLoggedOutMarker(storage: Storage): void {
  storage.removeItem(LOGGED_OUT_KEY);
}

export function wasLoggedOut(storage: Storage): boolean {
  return storage.getItem(LOGGED_OUT_KEY) === '1';
}

/**
 * The administrator acting as the signed-in customer (docs/product-rules.md §3: local storage holds the admin
 * id; docs/decisions/025-admin-login-as.md): set by login-as, removed by logout-as and by any logout.
 */
const ADMIN_ID_KEY = 'b2b.session.adminId';

export function rememberAdminId(storage: Storage, adminId: string): void {
  storage.setItem(ADMIN_ID_KEY, adminId);
}

export function storedAdminId(storage: Storage): string | null {
  return storage.getItem(ADMIN_ID_KEY);
}

export function forgetAdminId(storage: Storage): void {
  storage.removeItem(ADMIN_ID_KEY);
}

/**
 * Admin mode (docs/product-rules.md §4.8): whether an administrator sees the administration controls. Kept per
 * customer on this device, on unless that administrator turned it off; it outlives logout, so it is back after
 * the next login. Nobody else has admin mode, whatever the storage says.
 */
const ADMIN_MODE_PREFIX = 'b2b.adminMode.';

export function adminModeOf(storage: Storage, customer: { id: string; isAdmin: boolean }): boolean {
  return customer.isAdmin && storage.getItem(`${ADMIN_MODE_PREFIX}${customer.id}`) !== 'off';
}

export function rememberAdminMode(storage: Storage, customerId: string, on: boolean): void {
  if (on) storage.removeItem(`${ADMIN_MODE_PREFIX}${customerId}`);
  else storage.setItem(`${ADMIN_MODE_PREFIX}${customerId}`, 'off');
}
