import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { IDBFactory } from 'fake-indexeddb';
import { firstValueFrom } from 'rxjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedIfEmpty } from '../../server/seed/seed';
import type { CartLineDoc } from '../../src/contracts/cart';
import type { CreditTerm } from '../../src/contracts/credit-terms';
import { M } from '../../src/contracts/messages';
import { askForCreditTerms } from '../../src/db/commands/credit-terms';
import { createAppDatabase } from '../../src/db/database';
import { observeCreditTerms } from '../../src/db/queries/credit-terms';
import { syncTaskState } from '../../src/db/queries/sync-tasks';
import { fakeAppStorage } from '../../src/db/testing/fake-storage';
import { createBridgeClient } from '../../src/replication/bridge-client';
import { createBridgeEvents } from '../../src/replication/bridge-events';
import { pullCreditTerms } from '../../src/replication/credit-terms-pull';
import { sendSyncTasks } from '../../src/replication/sync-task-queue';
import { simulatedNetwork } from '../../src/replication/testing/simulated-network';
import { createMemoryTokenStore } from '../../src/replication/token-store';
import { cartClient } from './helpers/cart-api';
import { addMember, createBuyer, createCustomer, type TestBuyer, type TestCustomer } from './helpers/factory';
import { openTestSession } from './helpers/session';
import { createTestApp, json, type TestApp } from './helpers/test-app';

/*
 * Credit terms (docs/decisions/023-credit-terms.md): any member of the buyer reads the terms and asks a supplier;
 * a request is applied once under the device's request id; a rejected term may be asked again, a pending or
 * approved one stays as it is; only an approved term makes credit a payment method of the cart. Asked offline,
 * the request waits in the outbox and is sent once.
 */

let t: TestApp;
let baseUrl: string;
let owner: TestCustomer;
let colleague: TestCustomer;
let company: TestBuyer;
const tokens = new Map<string, string>();
let active: number[];
let inactive: number;

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
  // Suppliers that sell a simple product, so the cart can hold one of each.
  const rows = await t.db.query<{ id: number }>(
    `select s.id from suppliers s where s.status = 'active'
       and exists (select 1 from products p where p.supplier_id = s.id and p.status = 1 and p.type_id = 'simple' and p.parent_sku is null)
     order by s.id`,
  );
  active = rows.map((r) => r.id);
  const [other] = await t.db.query<{ id: number }>("select id from suppliers where status = 'inactive' order by id limit 1");
  inactive = other?.id ?? active.pop()!;
  await t.db.query("update suppliers set status = 'inactive' where id = $1", [inactive]);
  expect(active.length).toBeGreaterThanOrEqual(4);
}, 120_000);

afterAll(async () => {
  await t.close();
});

const ask = (who: TestCustomer, body: object, buyerId = company.id) =>
  t.app.inject({
    method: 'POST',
    url: `/api/bridge/buyer/credit-terms?buyer_id=${buyerId}`,
    headers: { authorization: `Bearer ${tokens.get(who.id)!}` },
    payload: body,
  });
const terms = async (who: TestCustomer, buyerId = company.id) =>
  t.app.inject({
    method: 'GET',
    url: `/api/bridge/buyer/credit-terms?buyer_id=${buyerId}`,
    headers: { authorization: `Bearer ${tokens.get(who.id)!}` },
  });
const termOf = async (supplierId: number): Promise<CreditTerm | undefined> =>
  (json(await terms(owner)).result as CreditTerm[]).find((x) => x.supplier_id === String(supplierId));
const setStatus = (supplierId: number, status: string) =>
  t.db.query("update credit_terms set status = $3, updated_at = now() - interval '1 minute' where buyer_id = $1 and supplier_id = $2", [
    company.id,
    String(supplierId),
    status,
  ]);

describe('credit terms', () => {
  it('asks a supplier once under its request id, and lists the term to every member of the buyer', async () => {
    const supplier = String(active[0]);
    expect(json(await terms(colleague)).result).toEqual([]);
    const body = { request_id: randomUUID(), supplier_id: supplier };
    const first = await ask(colleague, body);
    expect(first.statusCode, first.body).toBe(200);
    expect(json(first).result).toMatchObject({ supplier_id: supplier, status: 'pending' });
    const again = await ask(colleague, body);
    expect(json(again).result).toEqual(json(first).result);
    // The same id from someone else, or for another supplier: refused.
    const replay = await ask(owner, body);
    expect(replay.statusCode).toBe(409);
    expect(json(replay).errors?.[0]?.description).toBe(M.requestIdReused);
    expect((await ask(colleague, { ...body, supplier_id: String(active[1]) })).statusCode).toBe(409);
    expect(json(await terms(owner)).result).toEqual([json(first).result]);
    expect(json(await terms(colleague)).result).toEqual([json(first).result]);
    const kept = await t.db.query<{ n: number }>('select count(*)::int as n from credit_term_requests where request_id = $1', [
      body.request_id,
    ]);
    expect(kept[0]?.n).toBe(1);
  });

  it('lets a rejected term be asked again; a pending or approved one stays as it is', async () => {
    const supplier = active[1]!;
    const asked = { request_id: randomUUID(), supplier_id: String(supplier) };
    expect(json(await ask(owner, asked)).result).toMatchObject({ status: 'pending' });
    const pending = await termOf(supplier);
    expect(json(await ask(owner, { request_id: randomUUID(), supplier_id: String(supplier) })).result).toEqual(pending);

    await setStatus(supplier, 'rejected');
    // The first request sent again (its answer was lost) does not re-open what the supplier rejected.
    expect(json(await ask(owner, asked)).result).toMatchObject({ status: 'rejected' });
    const reopened = json(await ask(colleague, { request_id: randomUUID(), supplier_id: String(supplier) })).result as CreditTerm;
    expect(reopened.status).toBe('pending');
    expect(reopened.updated_at).toBeGreaterThan(pending!.updated_at);

    await setStatus(supplier, 'approved');
    const approved = await termOf(supplier);
    const unchanged = await ask(colleague, { request_id: randomUUID(), supplier_id: String(supplier) });
    expect(json(unchanged).result).toEqual(approved);
    expect(approved?.status).toBe('approved');
  });

  it('refuses an unknown or inactive supplier, bad input, outsiders and another buyer', async () => {
    for (const supplier_id of [String(inactive), '999999', 'abc']) {
      const res = await ask(owner, { request_id: randomUUID(), supplier_id });
      expect(res.statusCode, supplier_id).toBe(404);
      expect(json(res).errors?.[0]?.description).toBe(M.supplierNotFound);
    }
    expect((await ask(owner, { request_id: 'short', supplier_id: String(active[2]) })).statusCode).toBe(400);
    expect((await ask(owner, { request_id: randomUUID(), supplier_id: String(active[2]), extra: 1 })).statusCode).toBe(400);
    expect((await ask(owner, { request_id: randomUUID(), supplier_id: 'x'.repeat(65) })).statusCode).toBe(400);
    expect((await ask(owner, { request_id: randomUUID() })).statusCode).toBe(400);
    expect((await termOf(active[2]!))?.status).toBeUndefined();

    const outsider = await createCustomer(t.db);
    tokens.set(outsider.id, (await openTestSession(t.db, outsider.id)).token);
    expect((await ask(outsider, { request_id: randomUUID(), supplier_id: String(active[2]) })).statusCode).toBe(403);
    expect((await terms(outsider)).statusCode).toBe(403);
    const elsewhere = await createBuyer(t.db);
    expect((await ask(owner, { request_id: randomUUID(), supplier_id: String(active[2]) }, elsewhere.id)).statusCode).toBe(403);
    expect((await terms(owner, elsewhere.id)).statusCode).toBe(403);
    const anonymous = await t.app.inject({ method: 'GET', url: `/api/bridge/buyer/credit-terms?buyer_id=${company.id}` });
    expect(anonymous.statusCode).toBe(401);
  });

  it('makes credit a payment method of the cart only once the supplier approved the term', async () => {
    const supplier = active[3]!;
    const [product] = await t.db.query<{ sku: string; price_cents: number }>(
      "select sku, price_cents from products where supplier_id = $1 and status = 1 and type_id = 'simple' and parent_sku is null order by sku limit 1",
      [supplier],
    );
    const cart = cartClient(t.app, tokens.get(owner.id)!, company.id);
    const line: CartLineDoc = {
      id: randomUUID(),
      sku: product!.sku,
      supplier_id: String(supplier),
      qty: 1,
      price: product!.price_cents,
      tax_rate: 13,
      name: product!.sku,
      type_id: 'simple',
      updated_at: Date.now(),
      _deleted: false,
    };
    const pushed = await cart.post('v1/lines/push', { rows: [{ newDocumentState: line }] });
    expect(pushed.statusCode, pushed.body).toBe(200);
    const methods = async (): Promise<number[]> =>
      (json(await cart.get('payment-methods')).result as { supplier_id: string; methods: number[] }[]).find(
        (m) => m.supplier_id === String(supplier),
      )?.methods ?? [];

    expect(await methods()).not.toContain(3);
    expect(json(await ask(owner, { request_id: randomUUID(), supplier_id: String(supplier) })).result).toMatchObject({ status: 'pending' });
    expect(await methods()).not.toContain(3);
    await setStatus(supplier, 'rejected');
    expect(await methods()).not.toContain(3);
    // Suppliers approve outside the storefront.
    await setStatus(supplier, 'approved');
    expect(await methods()).toContain(3);
  });

  it('asked offline, waits in the outbox as pending and reaches the bridge once, even if an answer is lost', async () => {
    const supplier = String(active[4] ?? active[0]);
    await t.db.query('delete from credit_terms where buyer_id = $1 and supplier_id = $2', [company.id, supplier]);
    const local = await createAppDatabase({ name: 'credit-terms-device', storage: fakeAppStorage(new IDBFactory()), multiInstance: false });
    try {
      const network = simulatedNetwork((input, init) => fetch(input.replace(/^http:\/\/bridge\.test/, baseUrl), init));
      const client = createBridgeClient({
        baseUrl: 'http://bridge.test',
        tokens: createMemoryTokenStore({ accessToken: tokens.get(colleague.id)!, refreshToken: 'unused', expiresAt: Date.now() + 900_000 }),
        events: createBridgeEvents(),
        fetch: network.fetch,
      });
      const scope = { customerId: colleague.id, buyerId: company.id };
      const view = async () => (await firstValueFrom(observeCreditTerms(local, company.id))).get(supplier);

      network.online = false;
      const task = await askForCreditTerms(local, scope, supplier, Date.now());
      // Asking again while it waits queues nothing more.
      expect((await askForCreditTerms(local, scope, supplier, Date.now())).id).toBe(task.id);
      expect(await view()).toEqual({ status: 'pending', waiting: true });
      expect((await sendSyncTasks(local, client, { customerId: colleague.id })).stoppedBy?.code).toBe(0);
      expect(await syncTaskState(local, task.id)).toEqual({ state: 'waiting' });
      expect(await termOf(Number(supplier))).toBeUndefined();

      network.online = true;
      // A pull while the request waits keeps it pending on the device.
      await pullCreditTerms(local, client, scope, () => Date.now());
      expect(await view()).toEqual({ status: 'pending', waiting: true });
      network.loseResponses(1, /credit-terms/);
      expect((await sendSyncTasks(local, client, { customerId: colleague.id })).stoppedBy?.code).toBe(0);
      // The supplier rejects it before the device sends it again: the repeat does not re-open it.
      await setStatus(Number(supplier), 'rejected');
      expect(await sendSyncTasks(local, client, { customerId: colleague.id })).toEqual({ sent: 1, refused: 0 });
      expect(await syncTaskState(local, task.id)).toEqual({ state: 'done' });
      expect(network.delivered.filter((r) => r.startsWith('POST') && r.includes('/credit-terms'))).toHaveLength(2);
      const kept = await t.db.query<{ n: number }>('select count(*)::int as n from credit_term_requests where request_id = $1', [task.id]);
      expect(kept[0]?.n).toBe(1);
      expect((await termOf(Number(supplier)))?.status).toBe('rejected');

      // The next pull shows the bridge's state; asking again then re-opens it.
      expect(await pullCreditTerms(local, client, scope, () => Date.now())).toBe(true);
      expect(await view()).toEqual({ status: 'rejected', waiting: false });
      const second = await askForCreditTerms(local, scope, supplier, Date.now());
      expect(second.id).not.toBe(task.id);
      expect(await sendSyncTasks(local, client, { customerId: colleague.id })).toEqual({ sent: 1, refused: 0 });
      expect((await termOf(Number(supplier)))?.status).toBe('pending');

      // A refusal stays on the device with the bridge's reason.
      const refused = await askForCreditTerms(local, scope, String(inactive), Date.now());
      expect(await sendSyncTasks(local, client, { customerId: colleague.id })).toEqual({ sent: 0, refused: 1 });
      expect(await syncTaskState(local, refused.id)).toEqual({ state: 'refused', code: 404, description: M.supplierNotFound });
      expect((await firstValueFrom(observeCreditTerms(local, company.id))).get(String(inactive))).toMatchObject({
        waiting: false,
        refusal: M.supplierNotFound,
      });
    } finally {
      await local.close();
    }
  });
});
