import { firstValueFrom, take, toArray } from 'rxjs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { saveAccount } from '../commands/save-account';
import { selectBuyer } from '../commands/select-buyer';
import { createAppDatabase, type AppDatabase } from '../database';
import { makeCustomer } from '../testing/documents';
import { fakeAppStorage } from '../testing/fake-storage';
import { getCurrentCustomer, observeCurrentAccount, observeCurrentCustomer } from './account';

let db: AppDatabase;
const clock = { now: () => Date.UTC(2026, 1, 1) };

beforeEach(async () => {
  db = await createAppDatabase({ storage: fakeAppStorage(), devMode: true });
});

afterEach(async () => {
  await db.close();
});

describe('account', () => {
  it('reads back the saved customer with their buyers', async () => {
    const customer = makeCustomer();
    await saveAccount(db, { customer }, clock);

    expect(await getCurrentCustomer(db)).toEqual(customer);
    expect(await firstValueFrom(observeCurrentCustomer(db))).toEqual(customer);
  });

  it('is signed out (null) before any save', async () => {
    expect(await firstValueFrom(observeCurrentAccount(db))).toBeNull();
  });

  it('leaves the choice to the customer on first login with several buyers, then keeps it', async () => {
    const first = await saveAccount(db, { customer: makeCustomer() }, clock);
    expect(first.selectedBuyerId).toBeNull();
    expect((await firstValueFrom(observeCurrentAccount(db)))?.selectedBuyer).toBeNull();

    await selectBuyer(db, 'buyer-2', clock);
    const again = await saveAccount(db, { customer: makeCustomer({ firstname: 'Μαρίνα' }) }, clock);

    expect(again.selectedBuyerId).toBe('buyer-2');
    const account = await firstValueFrom(observeCurrentAccount(db));
    expect(account?.customer.firstname).toBe('Μαρίνα');
    expect(account?.selectedBuyer?.company).toBe('Καφενείο Η Πλατεία');
  });

  it('selects the only buyer left when the customer left the chosen one', async () => {
    await saveAccount(db, { customer: makeCustomer(), selectedBuyerId: 'buyer-2' }, clock);
    const onlyFirst = makeCustomer().buyers.slice(0, 1);

    const result = await saveAccount(db, { customer: makeCustomer({ buyers: onlyFirst }) }, clock);

    expect(result.selectedBuyerId).toBe('buyer-1');
  });

  it('refuses a profile that does not match the contract', async () => {
    const broken = { ...makeCustomer(), buyers: 'none' } as unknown as ReturnType<typeof makeCustomer>;
    await expect(saveAccount(db, { customer: broken }, clock)).rejects.toMatchObject({ code: 'invalid_account' });
    expect(await getCurrentCustomer(db)).toBeNull();
  });

  it('refuses to select a buyer the customer does not belong to', async () => {
    await saveAccount(db, { customer: makeCustomer() }, clock);
    await expect(selectBuyer(db, 'buyer-9', clock)).rejects.toMatchObject({ code: 'unknown_buyer' });
  });

  it('forgets a choice the customer can no longer make', async () => {
    const three = [...makeCustomer().buyers, { id: 'buyer-3', company: 'Φούρνος', afm: '998144460', isSuperUser: false }];
    await saveAccount(db, { customer: makeCustomer({ buyers: three }), selectedBuyerId: 'buyer-3' }, clock);

    const result = await saveAccount(db, { customer: makeCustomer() }, clock);

    expect(result.selectedBuyerId).toBeNull();
  });

  it('emits the new selected buyer when it changes', async () => {
    await saveAccount(db, { customer: makeCustomer(), selectedBuyerId: 'buyer-1' }, clock);
    const emissions = firstValueFrom(observeCurrentAccount(db).pipe(take(2), toArray()));
    // Wait for the first emission before switching, so the change is seen live.
    await firstValueFrom(observeCurrentAccount(db).pipe(take(1)));
    await selectBuyer(db, 'buyer-2', clock);

    const ids = (await emissions).map((a) => a?.selectedBuyer?.id);
    expect(ids).toEqual(['buyer-1', 'buyer-2']);
  });
});
