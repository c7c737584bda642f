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
import { saveAddress, saveBilling } from '../../src/db/commands/addresses';
import { createAppDatabase } from '../../src/db/database';
import { observeAddresses, observeBilling } from '../../src/db/queries/addresses';
import { fakeAppStorage } from '../../src/db/testing/fake-storage';
import { pullAddresses, pullBilling } from '../../src/replication/address-pull';
import { sendSyncTasks } from '../../src/replication/sync-task-queue';
import { simulatedNetwork } from '../../src/replication/testing/simulated-network';
import { M } from '../../src/contracts/messages';
import type { AddressFormInput } from '../../src/contracts/address';
import type { AppDatabase } from '../../src/db/database';
import { createBridgeClient } from '../../src/replication/bridge-client';
import { createBridgeEvents } from '../../src/replication/bridge-events';
import { createMemoryTokenStore } from '../../src/replication/token-store';
import { addMember, createBuyer, createCustomer, createRegistryCompany } from './helpers/factory';
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
        { customerId: member.id, buyerId },
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

const FORM: AddressFormInput = {
  alias: 'Κατάστημα Πειραιά',
  firstname: 'Ελένη',
  lastname: 'Παππά',
  street: 'Ακτή Μιαούλη',
  number: '5',
  city: 'Πειραιάς',
  postcode: '18535',
  phone: '2104123456',
  is_default: false,
};

const put = (token: string, url: string, body: unknown, buyer = buyerId) =>
  fetch(`${baseUrl}${url}${url.includes('?') ? '&' : '?'}buyer_id=${buyer}`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

const bridgeAddress = async (id: string) =>
  (
    await db.query<{ buyer_id: string; alias: string; street: string; is_default: boolean; saved_at: string }>(
      'select buyer_id, alias, street, is_default, saved_at::text from addresses where id = $1',
      [id],
    )
  )[0];

/** A device of the member on a simulated network, with its own IndexedDB. */
async function withDevice(
  name: string,
  work: (local: AppDatabase, network: ReturnType<typeof simulatedNetwork>, client: ReturnType<typeof createBridgeClient>) => Promise<void>,
) {
  const local = await createAppDatabase({ name, storage: fakeAppStorage(new IDBFactory()), multiInstance: false });
  const network = simulatedNetwork((input, init) => fetch(input.replace(/^http:\/\/bridge\.test/, baseUrl), init));
  const client = createBridgeClient({
    baseUrl: 'http://bridge.test',
    tokens: createMemoryTokenStore({ accessToken: member.token, refreshToken: 'unused', expiresAt: Date.now() + 900_000 }),
    events: createBridgeEvents(),
    fetch: network.fetch,
  });
  try {
    await work(local, network, client);
  } finally {
    await local.close();
  }
}

describe('saving addresses on the bridge', () => {
  it('keeps the later of two saves of one address whatever order they arrive in; a resend changes nothing', async () => {
    const id = `${buyerId}-order-test`;
    expect(
      (await put(member.token, `/api/bridge/buyer/addresses/${id}`, { address: { ...FORM, street: 'Νεότερη' }, updated_at: 2_000 })).status,
    ).toBe(200);
    expect(
      (await put(member.token, `/api/bridge/buyer/addresses/${id}`, { address: { ...FORM, street: 'Παλαιότερη' }, updated_at: 1_000 }))
        .status,
    ).toBe(200);
    expect(await bridgeAddress(id)).toMatchObject({ street: 'Νεότερη', saved_at: '2000' });
    const again = await put(member.token, `/api/bridge/buyer/addresses/${id}`, {
      address: { ...FORM, street: 'Νεότερη' },
      updated_at: 2_000,
    });
    expect(((await again.json()) as { result: AddressWireDoc }).result).toMatchObject({ id, street: 'Νεότερη', updated_at: 2_000 });
  });

  it('refuses another company’s address id (404), outsiders (403), and an address that breaks the rules (400), changing nothing', async () => {
    const other = await createBuyer(db);
    const colleagueElsewhere = await createCustomer(db);
    await addMember(db, other.id, colleagueElsewhere.id);
    const theirToken = (await openTestSession(db, colleagueElsewhere.id)).token;
    const id = `${buyerId}-a`;
    const before = await bridgeAddress(id);
    const hijack = await put(
      theirToken,
      `/api/bridge/buyer/addresses/${id}`,
      { address: { ...FORM, street: 'Κλεμμένη' }, updated_at: Date.now() },
      other.id,
    );
    expect(hijack.status).toBe(404);
    expect(JSON.stringify(await hijack.json())).toContain(M.addressNotFound);
    expect((await put(outsider.token, `/api/bridge/buyer/addresses/${buyerId}-new`, { address: FORM, updated_at: 1 })).status).toBe(403);
    const bad = await put(member.token, `/api/bridge/buyer/addresses/${buyerId}-bad`, {
      address: { ...FORM, postcode: '1234', phone: '21' },
      updated_at: 1,
    });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(await bad.json())).toContain(M.postcodeFormat);
    expect(await bridgeAddress(id)).toEqual(before);
    expect(await bridgeAddress(`${buyerId}-bad`)).toBeUndefined();
  });

  it('sends addresses saved offline once the connection returns: three edits offline are one save, the default moves', async () => {
    await withDevice('addresses-outbox', async (local, network, client) => {
      const scope = { customerId: member.id, buyerId };
      network.online = false;
      const first = await saveAddress(local, scope, { ...FORM, is_default: true }, Date.now());
      await saveAddress(local, scope, { ...FORM, street: 'Ακτή Ποσειδώνος', is_default: true }, Date.now() + 1, first.id);
      await saveAddress(local, scope, { ...FORM, street: 'Ακτή Ποσειδώνος', number: '7', is_default: true }, Date.now() + 2, first.id);
      expect(await local.sync_tasks.count().exec()).toBe(1);
      expect((await sendSyncTasks(local, client, { customerId: member.id })).stoppedBy?.code).toBe(0);
      expect(await local.sync_tasks.count().exec()).toBe(1);
      network.online = true;
      // Pulling meanwhile keeps the device's version of an address whose save still waits.
      await pullAddresses(local, client, buyerId, Date.now());
      expect((await local.addresses.findOne(first.id).exec())?.street).toBe('Ακτή Ποσειδώνος');
      network.loseResponses(1, /^PUT /);
      expect((await sendSyncTasks(local, client, { customerId: member.id })).stoppedBy?.code).toBe(0);
      expect(await sendSyncTasks(local, client, { customerId: member.id })).toEqual({ sent: 1, refused: 0 });
      expect(network.delivered.filter((r) => r.startsWith('PUT '))).toHaveLength(2);
      expect(await local.sync_tasks.count().exec()).toBe(0);
      expect(await bridgeAddress(first.id)).toMatchObject({ buyer_id: buyerId, street: 'Ακτή Ποσειδώνος', is_default: true });
      const list = ((await (await get(member.token)).json()) as { result: AddressWireDoc[] }).result;
      expect(list.filter((a) => a.is_default).map((a) => a.id)).toEqual([first.id]);
      await pullAddresses(local, client, buyerId, Date.now());
      expect((await local.addresses.findOne(first.id).exec())?.number).toBe('7');
    });
  });

  it('keeps a save the bridge refuses on the device with its reason, and goes on with the next', async () => {
    await withDevice('addresses-refused', async (local, _network, client) => {
      const scope = { customerId: member.id, buyerId };
      // As an older app version might have queued it: the bridge's rules are the last word.
      await local.sync_tasks.insert({
        id: 'refused-1',
        buyer_id: buyerId,
        customer_id: member.id,
        kind: 'address_save',
        method: 'PUT',
        path: `bridge/buyer/addresses/${buyerId}-refused`,
        body: { address: { ...FORM, phone: '12' }, updated_at: 1 },
        transmited: false,
        created_at: 1,
        updated_at: 1,
        attempts: 0,
      });
      const fine = await saveAddress(local, scope, FORM, Date.now());
      expect(await sendSyncTasks(local, client, { customerId: member.id })).toEqual({ sent: 1, refused: 1 });
      expect(await local.sync_tasks.findOne('refused-1').exec()).toMatchObject({ transmited: false, code: 400 });
      expect(await bridgeAddress(fine.id)).toMatchObject({ buyer_id: buyerId });
      // Not sent again by itself.
      expect(await sendSyncTasks(local, client, { customerId: member.id })).toEqual({ sent: 0, refused: 0 });
    });
  });
});

describe('the buyer’s billing details', () => {
  const billing = {
    company: 'Ταβέρνα Ο Μύλος ΟΕ',
    afm: '094014201',
    tax_office: 'ΔΟΥ Α΄ Αθηνών',
    street: 'Πειραιώς 100',
    city: 'Αθήνα',
    postcode: '11854',
  };

  it('are the registered company data until saved; saved offline, they reach the bridge once online and come back to other devices', async () => {
    const registered = await fetch(`${baseUrl}/api/bridge/buyer/billing?buyer_id=${buyerId}`, {
      headers: { authorization: `Bearer ${member.token}` },
    });
    const company = (await db.query<{ company: string; afm: string }>('select company, afm from buyers where id = $1', [buyerId]))[0]!;
    expect(((await registered.json()) as { result: unknown }).result).toMatchObject({
      company: company.company,
      afm: company.afm,
      updated_at: 0,
    });
    expect(
      (await fetch(`${baseUrl}/api/bridge/buyer/billing?buyer_id=${buyerId}`, { headers: { authorization: `Bearer ${outsider.token}` } }))
        .status,
    ).toBe(403);

    await withDevice('billing-outbox', async (local, network, client) => {
      const scope = { customerId: member.id, buyerId };
      network.online = false;
      await saveBilling(local, scope, billing, Date.now());
      expect((await firstValueFrom(observeBilling(local, buyerId)))?.valid).toEqual(billing);
      network.online = true;
      // The bridge's older details do not replace the save still waiting.
      expect(await pullBilling(local, client, scope, Date.now())).toBe(false);
      expect(await sendSyncTasks(local, client, { customerId: member.id })).toEqual({ sent: 1, refused: 0 });
    });
    await withDevice('billing-other-device', async (local, _network, client) => {
      expect(await pullBilling(local, client, { customerId: member.id, buyerId }, Date.now())).toBe(true);
      expect((await firstValueFrom(observeBilling(local, buyerId)))?.valid).toEqual(billing);
    });
  });

  it('refuse a tax number with a wrong check digit (400) and keep what was saved', async () => {
    const res = await put(member.token, '/api/bridge/buyer/billing', { billing: { ...billing, afm: '094014202' }, updated_at: Date.now() });
    expect(res.status).toBe(400);
    expect(JSON.stringify(await res.json())).toContain(M.taxNumberInvalid);
    const now = await fetch(`${baseUrl}/api/bridge/buyer/billing?buyer_id=${buyerId}`, {
      headers: { authorization: `Bearer ${member.token}` },
    });
    expect(((await now.json()) as { result: { afm: string } }).result.afm).toBe('094014201');
  });
});

describe('the company registry, for refreshing the billing details', () => {
  it('answers the company by the tax number the buyer registered with, to its users only', async () => {
    const registered = await createRegistryCompany(db);
    const company = await createBuyer(db, { afm: registered.afm });
    const user = await createCustomer(db);
    await addMember(db, company.id, user.id);
    const token = (await openTestSession(db, user.id)).token;
    const lookup = (who: string, buyer = company.id) =>
      fetch(`${baseUrl}/api/bridge/buyer/billing/registry?buyer_id=${buyer}`, { headers: { authorization: `Bearer ${who}` } });
    const res = await lookup(token);
    expect(res.status).toBe(200);
    expect(((await res.json()) as { result: object }).result).toMatchObject({
      afm: registered.afm,
      legal_name: registered.legalName,
      postcode: '10671',
    });
    expect((await lookup(outsider.token)).status).toBe(403);
    // A company the registry does not know (any more).
    const res404 = await lookup(member.token, buyerId);
    expect(res404.status).toBe(404);
    expect(JSON.stringify(await res404.json())).toContain(M.companyNotFound);
  });
});
