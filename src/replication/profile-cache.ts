import type { Customer } from '../contracts/auth';
import { clearBuyerData } from '../db/commands/clear-buyer-data';
import { saveAccount } from '../db/commands/save-account';
import type { AppDatabase } from '../db/database';
import { getCurrentCustomer } from '../db/queries/account';

/**
 * Where the session keeps the signed-in customer between starts, so the app opens offline with the
 * last known profile, and what logout wipes.
 */
export interface ProfileCache {
  load(): Promise<Customer | null>;
  save(customer: Customer, selectedBuyerId: string | null): Promise<void>;
  /**
   * Logout, deliberate or not: buyer-scoped local data goes; untransmitted orders and sync tasks stay (they
   * are sent at the next login).
   */
  clearBuyerData(): Promise<void>;
}

export function createDatabaseProfileCache(openDb: () => Promise<AppDatabase>): ProfileCache {
  return {
    async load() {
      return getCurrentCustomer(await openDb());
    },
    async save(customer, selectedBuyerId) {
      await saveAccount(await openDb(), selectedBuyerId === null ? { customer } : { customer, selectedBuyerId });
    },
    async clearBuyerData() {
      await clearBuyerData(await openDb());
    },
  };
}

export function createMemoryProfileCache(initial: Customer | null = null): ProfileCache & { customer: Customer | null; clears: number } {
  const cache = {
    customer: initial,
    clears: 0,
    load: () => Promise.resolve(cache.customer),
    save: (customer: Customer) => {
      cache.customer = customer;
      return Promise.resolve();
    },
    clearBuyerData: () => {
      cache.customer = null;
      cache.clears += 1;
      return Promise.resolve();
    },
  };
  return cache;
}
