import { distinctUntilChanged, map, of, switchMap, type Observable } from 'rxjs';
import { customerSchema, type BuyerSummary, type Customer } from '../../contracts/auth';
import { CURRENT_CUSTOMER_KEY, selectedBuyerKey } from '../account-keys';
import type { AppDatabase } from '../database';
import type { AccountDoc } from '../schema/account';

export interface CurrentAccount {
  customer: Customer;
  /** null until the customer has chosen a buyer (or when they belong to none). */
  selectedBuyer: BuyerSummary | null;
}

/**
 * Stored data is parsed with the contract on every read: a document written by an older app
 * version reads as "signed out" (the profile reloads from the bridge) instead of crashing a screen.
 */
function toCustomer(doc: { data: AccountDoc['data'] } | null): Customer | null {
  if (!doc) return null;
  const parsed = customerSchema.safeParse(doc.data);
  return parsed.success ? parsed.data : null;
}

function sameJson<T>(a: T, b: T): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** The signed-in customer, or null when nobody is signed in on this device. */
export function observeCurrentCustomer(db: AppDatabase): Observable<Customer | null> {
  // A rewrite with equal data (every login saves the profile again) is not a change for a screen.
  return db.account.findOne(CURRENT_CUSTOMER_KEY).$.pipe(map(toCustomer), distinctUntilChanged(sameJson));
}

export async function getCurrentCustomer(db: AppDatabase): Promise<Customer | null> {
  return toCustomer(await db.account.findOne(CURRENT_CUSTOMER_KEY).exec());
}

/** The signed-in customer with the buyer they act for. */
export function observeCurrentAccount(db: AppDatabase): Observable<CurrentAccount | null> {
  return observeCurrentCustomer(db).pipe(
    switchMap((customer) => {
      if (!customer) return of(null);
      return db.account.findOne(selectedBuyerKey(customer.id)).$.pipe(
        map((doc) => {
          const buyerId = doc?.data['buyerId'];
          const selectedBuyer = customer.buyers.find((b) => b.id === buyerId) ?? null;
          return { customer, selectedBuyer };
        }),
        distinctUntilChanged(sameJson),
      );
    }),
  );
}
