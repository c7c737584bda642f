import { customerSchema, type Customer } from '../../contracts/auth';
import { systemClock, type Clock } from '../../domain/clock';
import { CURRENT_CUSTOMER_KEY, selectedBuyerKey } from '../account-keys';
import type { AppDatabase } from '../database';
import { DbCommandError } from '../errors';

export interface SaveAccountInput {
  /** The profile from login / GET bridge/user/me, with the buyers the customer belongs to. */
  customer: Customer;
  /** A buyer the customer just chose; omitted, the stored choice is kept while still valid. */
  selectedBuyerId?: string;
}

export interface SaveAccountResult {
  customer: Customer;
  /** null when the customer must still choose a buyer (several and no valid choice), or has none. */
  selectedBuyerId: string | null;
}

/**
 * Stores the signed-in customer (key "customer") and their selected buyer
 * ("selected_buyer:<customerId>"). The choice survives logout and is kept on the next login as
 * long as the customer is still a member of that buyer; otherwise the only buyer is selected, or
 * none when there are several (the UI asks).
 */
export async function saveAccount(db: AppDatabase, input: SaveAccountInput, clock: Clock = systemClock): Promise<SaveAccountResult> {
  const parsed = customerSchema.safeParse(input.customer);
  if (!parsed.success) {
    throw new DbCommandError('invalid_account', `Customer profile does not match the contract: ${parsed.error.message}`);
  }
  const customer = parsed.data;
  const selectedBuyerId = await chooseBuyer(db, customer, input.selectedBuyerId);
  const now = clock.now();

  // The selection first: readers of the account then never see the new profile with a stale buyer.
  if (selectedBuyerId === null) {
    await db.account.findOne(selectedBuyerKey(customer.id)).remove();
  } else {
    await writeSelectedBuyer(db, customer.id, selectedBuyerId, now);
  }
  await db.account.upsert({
    key: CURRENT_CUSTOMER_KEY,
    kind: 'customer',
    customer_id: customer.id,
    buyer_id: '',
    data: customer,
    updated_at: now,
  });
  return { customer, selectedBuyerId };
}

async function chooseBuyer(db: AppDatabase, customer: Customer, requested: string | undefined): Promise<string | null> {
  const memberOf = (id: unknown): id is string => typeof id === 'string' && customer.buyers.some((b) => b.id === id);
  if (requested !== undefined) {
    if (!memberOf(requested)) {
      throw new DbCommandError('unknown_buyer', `Customer ${customer.id} is not a user of buyer ${requested}`);
    }
    return requested;
  }
  const stored = await db.account.findOne(selectedBuyerKey(customer.id)).exec();
  const storedId = stored?.data['buyerId'];
  if (memberOf(storedId)) return storedId;
  // With several buyers and no valid choice the customer picks one in the "select buyer" dialog.
  return customer.buyers.length === 1 ? (customer.buyers[0]?.id ?? null) : null;
}

export async function writeSelectedBuyer(db: AppDatabase, customerId: string, buyerId: string, now: number): Promise<void> {
  await db.account.upsert({
    key: selectedBuyerKey(customerId),
    kind: 'selected_buyer',
    customer_id: customerId,
    buyer_id: '',
    data: { buyerId },
    updated_at: now,
  });
}
