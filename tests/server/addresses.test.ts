import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { IDBFactory } from 'fake-indexeddb';
import type { FastifyInstance } from 'fastify';
import { firstValueFrom } from 'rxjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { seedIfEmpty } from '../../server/seed/seed';
import type { AddressWireDoc } from '../../src/contracts/address';
import { saveAddress } from '../../src/db/commands/addresses';
import { createAppDatabase } from '../../src/db/database';
import { observeAddresses } from '../../src/db/queries/addresses';
import { fakeAppStorage } from '../../src/db/testing/fake-storage';
import { pullAddresses } from '../../src/replication/address-pull';
import { createBridgeClient } from '../../src/replication/bridge-client';
import { createBridgeEvents } from '../../src/replication/bridge-events';
import { createMemoryTokenStore } from '../../src/replication/token-store';
import { addMember, createBuyer, createCustomer } from './helpers/factory';
import { openTestSession } from './helpers/session';
import { TEST_JWT_SECRET } from './helpers/test-app';
import { openTestDb, type TestDb } from './helpers/test-db';

/** The buyer's saved addresses: only its users read them, and the device keeps them for an offline checkout. */

let db: TestDb;
let app: FastifyInstance;
let dataDir: string;
let baseUrl: string;
let member: { id: string; token: string };
let outsider: { token: string };
let buyerId: string;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'addresses-'));
  db = await openTestDb();
  await seedIfEmpty(db, { products: 20 });
  app = await buildApp({ config: loadConfig({ DATA_DIR: dataDir, JWT_SECRET: TEST_JWT_SECRET, SEED_PRODUCTS: '0' }), db, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  buyerId = (await createBuyer(db)).id;
  const m = await createCustomer(db);
  await addMember(db, buyerId, m.id);
  member = { id: m.id, token: (await openTestSession(db, m.id)).token };
  outsider = { token: (await openTestSession(db, (await createCustomer(db)).id)).token };
  const insert = (id: string, alias: string, isDefault: boolean, postcode = '54624') =>
    db.query(
      `insert into addresses (id, buyer_id, alias, firstname, lastname, street, street_number, city, postcode, region, phone, is_default)
       values ($1, $2, $3, 'Νίκος', 'Παππάς', 'Τσιμισκή', '24', 'Θεσσαλονίκη', $4, 'Κεντρική Μακεδονία', '2310123456', $5)`,
      [id, buyerId, alias, postcode, isDefault],
    );
  await insert(`${buyerId}-a`, 'Έδρα', true);
  await insert(`${buyerId}-b`, 'Αποθήκη', false);
  await insert(`${buyerId}-c`, 'Παλιά', false);
  await db.query('update addresses set deleted = true where id = $1', [`${buyerId}-c`]);
}, 120_000);

afterAll(async () => {
  await app?.close();
  await db?.dispose();
  rmSync(dataDir, { recursive: true, force: true });
});

const get = (token: string, buyer = buyerId) =>
  fetch(`${baseUrl}/api/bridge/buyer/addresses?buyer_id=${buyer}`, { headers: { authorization: `Bearer ${token}` } });

describe('the buyer’s addresses', () => {
  it('answers its users with the live addresses, the default first, and nobody else (403)', async () => {
    const res = await get(member.token);
    expect(res.status).toBe(200);
    const list = ((await res.json()) as { result: AddressWireDoc[] }).result;
    expect(list.map((a) => [a.alias, a.is_default, a.number, a.postcode])).toEqual([
      ['Έδρα', true, '24', '54624'],
      ['Αποθήκη', false, '24', '54624'],
    ]);
    expect((await get(outsider.token)).status).toBe(403);
  });

  it('keeps them on the device for the checkout; an address added or edited there stays, and stays the default', async () => {
    const local = await createAppDatabase({ name: 'addresses-device', storage: fakeAppStorage(new IDBFactory()), multiInstance: false });
    try {
      const client = createBridgeClient({
        baseUrl,
        tokens: createMemoryTokenStore({ accessToken: member.token, refreshToken: 'unused', expiresAt: Date.now() + 900_000 }),
        events: createBridgeEvents(),
        fetch: (input, init) => fetch(input, init),
      });
      expect(await pullAddresses(local, client, buyerId, Date.now())).toBe(2);
      expect((await firstValueFrom(observeAddresses(local, buyerId))).map((a) => [a.alias, a.is_default])).toEqual([
        ['Έδρα', true],
        ['Αποθήκη', false],
      ]);
      const mine = await saveAddress(
        local,
        buyerId,
        {
          alias: 'Κατάστημα',
          firstname: 'Ελένη',
          lastname: 'Παππά',
          street: 'Ερμού',
          number: '10',
          city: 'Αθήνα',
          postcode: '10563',
          phone: '2101234567',
          is_default: true,
        },
        Date.now() + 1000,
      );
      await pullAddresses(local, client, buyerId, Date.now());
      const after = await firstValueFrom(observeAddresses(local, buyerId));
      expect(Object.fromEntries(after.map((a) => [a.alias, a.is_default]))).toEqual({ Κατάστημα: true, Αποθήκη: false, Έδρα: false });
      expect(after[0]?.id).toBe(mine.id);
    } finally {
      await local.close();
    }
  });
});
