import { systemClock, type Clock } from '../../domain/clock';
import type { AppDatabase } from '../database';
import { DbCommandError } from '../errors';
import { getCurrentCustomer } from '../queries/account';
import { writeSelectedBuyer } from './save-account';

/** The "select buyer" dialog: switches the signed-in customer to another of their buyers. */
export async function selectBuyer(db: AppDatabase, buyerId: string, clock: Clock = systemClock): Promise<void> {
  const customer = await getCurrentCustomer(db);
  if (!customer) {
    throw new DbCommandError('invalid_account', 'No customer is signed in on this device');
  }
  if (!customer.buyers.some((b) => b.id === buyerId)) {
    throw new DbCommandError('unknown_buyer', `Customer ${customer.id} is not a user of buyer ${buyerId}`);
  }
  await writeSelectedBuyer(db, customer.id, buyerId, clock.now());
}
