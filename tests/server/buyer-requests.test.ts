import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { IDBFactory } from 'fake-indexeddb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedIfEmpty } from '../../server/seed/seed';
import { M } from '../../src/contracts/messages';
import type { BuyerRequestDoc } from '../../src/contracts/requests';
import { queueBuyerRequest } from '../../src/db/commands/requests';
import { createAppDatabase } from '../../src/db/database';
import { syncTaskState } from '../../src/db/queries/sync-tasks';
import { fakeAppStorage } from '../../src/db/testing/fake-storage';
import { createBridgeClient } from '../../src/replication/bridge-client';
import { createBridgeEvents } from '../../src/replication/bridge-events';
import { sendSyncTasks } from '../../src/replication/sync-task-queue';
import { simulatedNetwork } from '../../src/replication/testing/simulated-network';
import { createMemoryTokenStore } from '../../src/replication/token-store';
import { addMember, createBuyer, createCustomer, type TestBuyer, type TestCustomer } from './helpers/factory';
import { openTestSession } from './helpers/session';
import { createTestApp, json, type TestApp } from './helpers/test-app';

/*
 * The buyer's requests (wholesale price, more suppliers, access to a locked supplier): each checked against the
 * catalogue, stored once under the device's request id, visible to the person who made it (and the company's
 * super users); made offline, they wait in the outbox and are sent once.
 */

let t: TestApp;
let baseUrl: string;
let owner: TestCustomer;
let colleague: TestCustomer;
let company: TestBuyer;
const tokens = new Map<string, string>();
let product: { sku: string; supplier_id: number };
let locked: number;
let active: number;

beforeAll(async () => {
  t = await createTestApp();
  await seedIfEmpty(t.db, { products: 60 });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  [owner, colleague] = [await createCustomer(t.db), await createCustomer(t.db)];
  company = await createBuyer(t.db);
  await addMember(t.db, company.id, owner.id, true);
  await addMember(t.db, company.id, colleague.id, false);
  for (const c of [owner, colleague]) tokens.set(c.id, (await openTestSession(t.db, c.id)).token);
  product = (
    await t.db.query<{ sku: string; supplier_id: number }>(
      "select sku, supplier_id from products where status = 1 and type_id = 'simple' order by sku limit 1",
    )
  )[0]!;
  const suppliers = await t.db.query<{ id: number; status: string }>('select id, status from suppliers order by id');
  active = suppliers.find((s) => s.status === 'active')!.id;
  locked = suppliers.find((s) => s.status === 'locked')?.id ?? active;
  if (locked === active) {
    locked = suppliers.find((s) => s.id !== active)!.id;
    await t.db.query("update suppliers set status = 'locked' where id = $1", [locked]);
  }
}, 120_000);

afterAll(async () => {
  await t.close();
});

const post = (who: TestCustomer, kind: string, body: object, buyerId = company.id) =>
  t.app.inject({
    method: 'POST',
    url: `/api/bridge/buyer/requests/${kind}`,
    headers: { authorization: `Bearer ${tokens.get(who.id)!}` },
    payload: { buyer_id: buyerId, ...body },
  });
const listed = async (who: TestCustomer) =>
  json(
    await t.app.inject({
      method: 'GET',
      url: `/api/bridge/buyer/requests?buyer_id=${company.id}`,
      headers: { authorization: `Bearer ${tokens.get(who.id)!}` },
    }),
  ).result as BuyerRequestDoc[];
const wholesale = (over: object = {}) => ({
  request_id: randomUUID(),
  path: `/p/${product.sku}/x`,
  supplier_id: String(product.supplier_id),
  sku: product.sku,
  message: 'Για 200 τεμάχια τον μήνα',
  ...over,
});

describe('the buyer’s requests', () => {
  it('stores a wholesale price request once under its id, whoever repeats it, and refuses what does not exist', async () => {
    const body = wholesale();
    const first = await post(colleague, 'wholesale-price', body);
    expect(first.statusCode, first.body).toBe(200);
    const again = await post(colleague, 'wholesale-price', body);
    expect(json(again).result).toEqual(json(first).result);
    // The same id from someone else, or for another kind of request: refused, nothing stored.
    const replay = await post(owner, 'wholesale-price', body);
    expect(replay.statusCode).toBe(409);
    expect(json(replay).errors?.[0]?.description).toBe(M.requestIdReused);
    expect((await post(colleague, 'add-suppliers', { request_id: body.request_id })).statusCode).toBe(409);
    const mine = (await listed(colleague)).filter((r) => r.request_id === body.request_id);
    expect(mine).toEqual([expect.objectContaining({ kind: 'wholesale_price', sku: product.sku, message: body.message })]);

    expect((await post(colleague, 'wholesale-price', wholesale({ sku: 'NO-SUCH' }))).statusCode).toBe(404);
    expect((await post(colleague, 'wholesale-price', wholesale({ supplier_id: String(product.supplier_id + 1000) }))).statusCode).toBe(404);
    expect((await post(colleague, 'wholesale-price', wholesale({ path: 'https://evil.example/p' }))).statusCode).toBe(400);
    expect((await post(colleague, 'wholesale-price', wholesale({ message: 'x'.repeat(401) }))).statusCode).toBe(400);
    expect((await post(colleague, 'wholesale-price', wholesale({ request_id: 'short' }))).statusCode).toBe(400);
  });

  it('takes an access request only for a locked supplier, and a request for more suppliers', async () => {
    const open = await post(owner, 'locked-supplier', { request_id: randomUUID(), supplier_id: String(active), type: 'access' });
    expect(open.statusCode).toBe(422);
    expect(json(open).errors?.[0]?.description).toBe(M.supplierNotLocked);
    expect(
      (await post(owner, 'locked-supplier', { request_id: randomUUID(), supplier_id: String(locked), type: 'access' })).statusCode,
    ).toBe(200);
    expect((await post(owner, 'add-suppliers', { request_id: randomUUID(), message: 'Γαλακτοκομικά' })).statusCode).toBe(200);
  });

  it('answers only members of the buyer, and shows a plain user only their own requests', async () => {
    const outsider = await createCustomer(t.db);
    tokens.set(outsider.id, (await openTestSession(t.db, outsider.id)).token);
    expect((await post(outsider, 'add-suppliers', { request_id: randomUUID() })).statusCode).toBe(403);
    const elsewhere = await createBuyer(t.db);
    expect((await post(owner, 'add-suppliers', { request_id: randomUUID() }, elsewhere.id)).statusCode).toBe(403);
    expect((await listed(colleague)).every((r) => r.customer_id === colleague.id)).toBe(true);
    expect(new Set((await listed(owner)).map((r) => r.customer_id))).toEqual(new Set([owner.id, colleague.id]));
  });

  it('made offline, waits in the outbox and is stored once when the connection returns, even if an answer is lost', async () => {
    const local = await createAppDatabase({ name: 'requests-device', storage: fakeAppStorage(new IDBFactory()), multiInstance: false });
    try {
      const network = simulatedNetwork((input, init) => fetch(input.replace(/^http:\/\/bridge\.test/, baseUrl), init));
      const client = createBridgeClient({
        baseUrl: 'http://bridge.test',
        tokens: createMemoryTokenStore({ accessToken: tokens.get(colleague.id)!, refreshToken: 'unused', expiresAt: Date.now() + 900_000 }),
        events: createBridgeEvents(),
        fetch: network.fetch,
      });
      const scope = { customerId: colleague.id, buyerId: company.id };
      network.online = false;
      const task = await queueBuyerRequest(
        local,
        scope,
        { kind: 'wholesale_price', path: `/p/${product.sku}/x`, supplierId: String(product.supplier_id), sku: product.sku },
        Date.now(),
      );
      expect((await sendSyncTasks(local, client, { customerId: colleague.id })).stoppedBy?.code).toBe(0);
      expect(await syncTaskState(local, task.id)).toEqual({ state: 'waiting' });
      network.online = true;
      network.loseResponses(1, /requests/);
      expect((await sendSyncTasks(local, client, { customerId: colleague.id })).stoppedBy?.code).toBe(0);
      expect(await sendSyncTasks(local, client, { customerId: colleague.id })).toEqual({ sent: 1, refused: 0 });
      expect(await syncTaskState(local, task.id)).toEqual({ state: 'done' });
      expect(network.delivered.filter((r) => r.includes('/requests/'))).toHaveLength(2);
      const rows = await t.db.query<{ n: number }>('select count(*)::int as n from buyer_requests where request_id = $1', [task.id]);
      expect(rows[0]?.n).toBe(1);

      // A refusal stays on the device with the bridge's reason.
      const refused = await queueBuyerRequest(local, scope, { kind: 'locked_supplier', supplierId: String(active) }, Date.now());
      expect(await sendSyncTasks(local, client, { customerId: colleague.id })).toEqual({ sent: 0, refused: 1 });
      expect(await syncTaskState(local, refused.id)).toEqual({ state: 'refused', code: 422, description: M.supplierNotLocked });
    } finally {
      await local.close();
    }
  });
});
