import type { AddressInfo } from 'node:net';
import { IDBFactory } from 'fake-indexeddb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedIfEmpty } from '../../server/seed/seed';
import type { FavoriteWireDoc } from '../../src/contracts/favorites';
import { M } from '../../src/contracts/messages';
import { setFavorite } from '../../src/db/commands/favorites';
import { createAppDatabase } from '../../src/db/database';
import { observeFavorites } from '../../src/db/queries/favorites';
import { fakeAppStorage } from '../../src/db/testing/fake-storage';
import { createBridgeClient } from '../../src/replication/bridge-client';
import { createBridgeEvents } from '../../src/replication/bridge-events';
import { startFavoritesReplication } from '../../src/replication/favorites-replication';
import { simulatedNetwork } from '../../src/replication/testing/simulated-network';
import { createMemoryTokenStore } from '../../src/replication/token-store';
import { firstValueFrom } from 'rxjs';
import { addMember, createBuyer, createCustomer, type TestBuyer, type TestCustomer } from './helpers/factory';
import { openTestSession } from './helpers/session';
import { createTestApp, json, type TestApp } from './helpers/test-app';

/*
 * Favourites: the buyer's list, shared by its users and by nobody else, replicated both ways. A push applies
 * once however often it is repeated; a favourite names a real product; a buyer keeps at most 2000.
 */

let t: TestApp;
let baseUrl: string;
let owner: TestCustomer;
let colleague: TestCustomer;
let outsider: TestCustomer;
let company: TestBuyer;
let otherCompany: TestBuyer;
const tokens = new Map<string, string>();
let products: { sku: string; supplier_id: string }[];

beforeAll(async () => {
  t = await createTestApp();
  await seedIfEmpty(t.db, { products: 60 });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  [owner, colleague, outsider] = [await createCustomer(t.db), await createCustomer(t.db), await createCustomer(t.db)];
  company = await createBuyer(t.db);
  otherCompany = await createBuyer(t.db);
  await addMember(t.db, company.id, owner.id, true);
  await addMember(t.db, company.id, colleague.id, false);
  await addMember(t.db, otherCompany.id, owner.id, false);
  await addMember(t.db, otherCompany.id, outsider.id, true);
  for (const c of [owner, colleague, outsider]) tokens.set(c.id, (await openTestSession(t.db, c.id)).token);
  products = (
    await t.db.query<{ sku: string; supplier_id: number }>('select sku, supplier_id from products where status = 1 order by sku limit 12')
  ).map((p) => ({ sku: p.sku, supplier_id: String(p.supplier_id) }));
}, 120_000);

afterAll(async () => {
  await t.close();
});

const auth = (who: TestCustomer) => ({ authorization: `Bearer ${tokens.get(who.id)!}` });
const fav = (i: number, over: Partial<FavoriteWireDoc> = {}): FavoriteWireDoc => ({
  sku: products[i]!.sku,
  supplier_id: products[i]!.supplier_id,
  favorite_since: 1_764_000_000_000 + i,
  updated_at: 1_764_000_000_000 + i,
  _deleted: false,
  ...over,
});
const push = (who: TestCustomer, rows: object[], buyerId = company.id) =>
  t.app.inject({ method: 'POST', url: '/api/bridge/buyer/favorites/v1/push', headers: auth(who), payload: { buyer_id: buyerId, rows } });
const pull = async (who: TestCustomer, buyerId = company.id, after = 0) => {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/bridge/buyer/favorites/v1/pull?buyer_id=${buyerId}&after=${after}`,
    headers: auth(who),
  });
  return { status: res.statusCode, body: json(res).result as { documents: FavoriteWireDoc[]; checkpoint: { seq: number } } };
};

describe('favourites on the bridge', () => {
  it('are the buyer’s: a colleague reads what the owner marked; another buyer’s list stays apart', async () => {
    expect((await push(owner, [{ newDocumentState: fav(0) }, { newDocumentState: fav(1) }])).statusCode).toBe(200);
    const seen = await pull(colleague);
    expect(seen.status).toBe(200);
    expect(seen.body.documents.map((d) => d.sku).sort()).toEqual([products[0]!.sku, products[1]!.sku].sort());
    // The owner's other company has none of them.
    expect((await pull(owner, otherCompany.id)).body.documents).toEqual([]);
  });

  it('answers nobody outside the buyer, whatever buyer id the request names', async () => {
    expect((await pull(outsider)).status).toBe(403);
    expect((await push(outsider, [{ newDocumentState: fav(5) }])).statusCode).toBe(403);
    const anonymous = await t.app.inject({ method: 'GET', url: `/api/bridge/buyer/favorites/v1/pull?buyer_id=${company.id}` });
    expect(anonymous.statusCode).toBe(401);
    expect((await pull(colleague)).body.documents.some((d) => d.sku === products[5]!.sku)).toBe(false);
  });

  it('applies a push once: a repeat writes nothing, a stale one gets the bridge’s state back as a conflict', async () => {
    const row = { newDocumentState: fav(2) };
    expect((await push(colleague, [row])).statusCode).toBe(200);
    const { checkpoint } = (await pull(colleague)).body;
    const again = await push(colleague, [row]);
    expect(json(again).result).toEqual({ conflicts: [] });
    expect((await pull(colleague, company.id, checkpoint.seq)).body.documents).toEqual([]);

    // The owner removes it, the colleague's device still assumes the first state it saw: a conflict.
    const removed = fav(2, { _deleted: true, updated_at: fav(2).updated_at + 10 });
    expect(json(await push(owner, [{ newDocumentState: removed, assumedMasterState: fav(2) }])).result).toEqual({ conflicts: [] });
    const stale = await push(colleague, [{ newDocumentState: fav(2, { favorite_since: 9 }), assumedMasterState: fav(2) }]);
    expect(json(stale).result).toEqual({ conflicts: [removed] });
  });

  it('stores only products of the catalogue, of the supplier they claim, within the bounds', async () => {
    const before = (await pull(owner)).body.checkpoint.seq;
    const unknown = await push(owner, [
      { newDocumentState: fav(3, { sku: 'NO-SUCH-SKU' }) },
      { newDocumentState: fav(4, { supplier_id: '999999' }) },
    ]);
    expect(unknown.statusCode).toBe(200);
    expect((await pull(owner, company.id, before)).body.documents).toEqual([]);
    expect((await push(owner, [{ newDocumentState: { ...fav(3), extra: 1 } }])).statusCode).toBe(400);
    expect((await push(owner, [{ newDocumentState: fav(3, { sku: 'a b' }) }])).statusCode).toBe(400);
    expect(
      (
        await push(
          owner,
          Array.from({ length: 101 }, () => ({ newDocumentState: fav(3) })),
        )
      ).statusCode,
    ).toBe(400);
  });

  it('keeps at most 2000 favourites a buyer, with the translated reason', async () => {
    const crowded = await createBuyer(t.db);
    await addMember(t.db, crowded.id, owner.id, false);
    await t.db.query(
      `insert into favorites (buyer_id, sku, supplier_id, doc, updated_at)
       select $1, 'FILL-' || n, '1', '{}'::jsonb, 1 from generate_series(1, 2000) n`,
      [crowded.id],
    );
    const full = await push(owner, [{ newDocumentState: fav(6) }], crowded.id);
    expect(full.statusCode).toBe(400);
    expect(json(full).errors?.[0]?.description).toBe(M.favoritesTooMany);
    // A removal still goes through.
    await t.db.query(`update favorites set doc = $2::jsonb where buyer_id = $1 and sku = 'FILL-1'`, [
      crowded.id,
      JSON.stringify(fav(0, { sku: 'FILL-1' })),
    ]);
    const removal = fav(0, { sku: 'FILL-1', _deleted: true, updated_at: 2 });
    const freed = await push(owner, [{ newDocumentState: removal, assumedMasterState: fav(0, { sku: 'FILL-1' }) }], crowded.id);
    expect(freed.statusCode).toBe(200);
    expect((await push(owner, [{ newDocumentState: fav(6) }], crowded.id)).statusCode).toBe(200);
  });
});

describe('favourites on the device', () => {
  it('marked offline, reach the bridge once when the connection returns; switching buyer deletes nothing', async () => {
    const local = await createAppDatabase({ name: 'favorites-device', storage: fakeAppStorage(new IDBFactory()), multiInstance: false });
    try {
      const network = simulatedNetwork((input, init) => fetch(input.replace(/^http:\/\/bridge\.test/, baseUrl), init));
      const client = createBridgeClient({
        baseUrl: 'http://bridge.test',
        tokens: createMemoryTokenStore({ accessToken: tokens.get(owner.id)!, refreshToken: 'unused', expiresAt: Date.now() + 900_000 }),
        events: createBridgeEvents(),
        fetch: network.fetch,
      });
      network.online = false;
      const target = (i: number, buyerId = company.id) => ({ buyerId, sku: products[i]!.sku, supplierId: products[i]!.supplier_id });
      expect(await setFavorite(local, target(7), true, 1_000)).toBe(true);
      expect(await setFavorite(local, target(8), true, 2_000)).toBe(true);
      expect(await setFavorite(local, target(8), false, 3_000)).toBe(false);
      expect(await setFavorite(local, target(9, otherCompany.id), true, 4_000)).toBe(true);
      // Marked again after removal: a favourite once more, since the later time.
      expect(await setFavorite(local, target(8), true, 5_000)).toBe(true);

      const replication = startFavoritesReplication(local, client, company.id, { waitForLeadership: false, retryMs: 50 });
      try {
        await new Promise((resolve) => setTimeout(resolve, 200));
        expect(network.delivered.filter((r) => r.includes('favorites'))).toEqual([]);
        network.loseResponses(1, /favorites\/v1\/push/);
        network.online = true;
        replication.reSync();
        await replication.awaitInSync();
        const onBridge = (await pull(colleague)).body.documents.filter((d) => !d._deleted).map((d) => d.sku);
        expect(onBridge).toEqual(expect.arrayContaining([products[7]!.sku, products[8]!.sku]));
        expect((await pull(colleague)).body.documents.find((d) => d.sku === products[8]!.sku)?.favorite_since).toBe(5_000);
        // The lost answer made the device push again; the bridge holds each favourite once.
        expect(network.delivered.filter((r) => r.includes('favorites/v1/push')).length).toBeGreaterThanOrEqual(2);
        const rows = await t.db.query<{ n: number }>('select count(*)::int as n from favorites where buyer_id = $1 and sku = any($2)', [
          company.id,
          [products[7]!.sku, products[8]!.sku],
        ]);
        expect(rows[0]!.n).toBe(2);
        // The other buyer's favourite stays on the device and was not sent with this buyer's.
        expect((await pull(owner, otherCompany.id)).body.documents).toEqual([]);
        expect((await firstValueFrom(observeFavorites(local, otherCompany.id))).map((f) => f.sku)).toEqual([products[9]!.sku]);

        // A colleague's removal arrives with the next pull.
        const current = (await pull(colleague)).body.documents.find((d) => d.sku === products[7]!.sku)!;
        const removal = { ...current, _deleted: true, updated_at: current.updated_at + 1 };
        expect((await push(colleague, [{ newDocumentState: removal, assumedMasterState: current }])).statusCode).toBe(200);
        replication.reSync();
        await replication.awaitInSync();
        const mine = (await firstValueFrom(observeFavorites(local, company.id))).map((f) => f.sku);
        expect(mine).not.toContain(products[7]!.sku);
        expect(mine).toContain(products[8]!.sku);
      } finally {
        await replication.stop();
      }
    } finally {
      await local.close();
    }
  });
});
