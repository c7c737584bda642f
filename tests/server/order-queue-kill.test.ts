import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { IDBFactory } from 'fake-indexeddb';
import { afterAll, expect, it } from 'vitest';
import { openPglite } from '../../server/db/client';
import { migrate } from '../../server/db/migrate';
import { generateAccounts } from '../../server/seed/generate-accounts';
import { seedIfEmpty } from '../../server/seed/seed';
import { addToCart, setSupplierPayment, type CartProductInput } from '../../src/db/commands/cart';
import { placeCartOrders } from '../../src/db/commands/orders';
import { createAppDatabase } from '../../src/db/database';
import { fakeAppStorage } from '../../src/db/testing/fake-storage';
import type { OrderWireDoc } from '../../src/contracts/order';
import { createBridgeClient } from '../../src/replication/bridge-client';
import { createBridgeEvents } from '../../src/replication/bridge-events';
import { sendQueuedOrders } from '../../src/replication/order-queue';
import { simulatedNetwork } from '../../src/replication/testing/simulated-network';
import { createMemoryTokenStore } from '../../src/replication/token-store';
import { freePort, startBridgeProcess, stopBridgeProcess, type BridgeProcess } from './helpers/bridge-process';
import { orderableProducts, TEST_ADDRESS } from './helpers/order-api';
import { TEST_JWT_SECRET } from './helpers/test-app';
import { testDbKind } from './helpers/test-db';

/*
 * The bridge is killed with SIGKILL while the device's queue is sending, then started again on the same data
 * directory (docs/decisions/020-orders.md): every order ends on the bridge exactly once. A real bridge process
 * on embedded PGlite, the storefront's queue on fake-indexeddb.
 */

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

// Its bridge runs on embedded PGlite whatever TEST_DB says: the PostgreSQL pass would only repeat it.
it.skipIf(testDbKind() === 'postgresql')(
  'sends every order exactly once across a SIGKILL of the bridge in the middle of the queue',
  async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'order-kill-'));
    dirs.push(dataDir);
    // The demo data, prepared before the bridge starts (it then finds data and does not seed).
    const db = await openPglite(path.join(dataDir, 'pglite'));
    await migrate(db);
    await seedIfEmpty(db, { products: 120, dataDir });
    const bySupplier = [...(await orderableProducts(db, 100)).entries()].filter(([, list]) => list.length >= 3).slice(0, 2);
    await db.query("update suppliers set minimum_order_cents = 0, data = data - 'payment_methods' where id = any($1)", [
      bySupplier.map(([id]) => Number(id)),
    ]);
    await db.close();
    const owner = generateAccounts('unused').customers.find((c) => c.id === 'cust-0008')!;

    const port = await freePort();
    const env = { JWT_SECRET: TEST_JWT_SECRET, SEED_PRODUCTS: '0' };
    let bridge: BridgeProcess = startBridgeProcess({ dataDir, port, env });
    const local = await createAppDatabase({ name: 'kill-device', storage: fakeAppStorage(new IDBFactory()), multiInstance: false });
    try {
      await bridge.waitHealthy();
      const base = `http://127.0.0.1:${port}`;
      const login = await fetch(`${base}/api/client/user/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: owner.email, password: 'Demo1234!' }),
      });
      const session = (await login.json()) as { result: string; meta: { userData: { buyers: { id: string }[] } } };
      const token = session.result;
      const buyerId = session.meta.userData.buyers[0]!.id;
      const scope = { customerId: owner.id, buyerId };
      const network = simulatedNetwork();
      const client = createBridgeClient({
        baseUrl: base,
        tokens: createMemoryTokenStore({ accessToken: token, refreshToken: 'unused', expiresAt: Date.now() + 900_000 }),
        events: createBridgeEvents(),
        fetch: network.fetch,
      });

      // Six orders placed offline, three rounds of two suppliers.
      network.online = false;
      const placed: string[] = [];
      for (let round = 0; round < 3; round += 1) {
        for (const [supplierId, products] of bySupplier) {
          const p = products[round]!;
          const product: CartProductInput = { sku: p.sku, supplierId, name: p.name, typeId: 'simple', price: p.price, taxRate: p.taxRate };
          expect(await addToCart(local, scope, product, 2, { status: 'volatile' }, Date.now())).toMatchObject({ ok: true });
          await setSupplierPayment(local, scope, supplierId, 2, Date.now());
        }
        const result = await placeCartOrders(local, { scope, address: TEST_ADDRESS, shippingMethodCode: 'standard', now: Date.now() });
        placed.push(...result.placed.map((o) => o.id));
      }
      expect(placed).toHaveLength(6);

      // Back online, slowly; the bridge is killed once two orders reached it.
      network.online = true;
      network.delayMs = 150;
      const run = sendQueuedOrders(local, client, { customerId: owner.id });
      while (network.delivered.filter((r) => r.endsWith('/order')).length < 2) await new Promise((r) => setTimeout(r, 5));
      bridge.child.kill('SIGKILL');
      expect(await bridge.exited).toBeNull();
      const interrupted = await run;
      expect(interrupted.stoppedBy?.code).toBe(0);
      expect(interrupted.sent).toBeLessThan(6);

      // Started again on the same data directory (the dead process's lock is recovered); the queue resumes.
      bridge = startBridgeProcess({ dataDir, port, env });
      await bridge.waitHealthy();
      network.heal();
      for (let round = 0; round < 3; round += 1) {
        const next = await sendQueuedOrders(local, client, { customerId: owner.id });
        if (next.stoppedBy === undefined && (await local.orders.count({ selector: { transmited: false } }).exec()) === 0) break;
      }
      expect(await local.orders.count({ selector: { transmited: false } }).exec()).toBe(0);

      const pulled = await fetch(`${base}/api/bridge/buyer/orders/v1/pull?buyer_id=${buyerId}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      const documents = ((await pulled.json()) as { result: { documents: OrderWireDoc[] } }).result.documents;
      const counts = new Map<string, number>();
      for (const d of documents) counts.set(d.order_id, (counts.get(d.order_id) ?? 0) + 1);
      expect(placed.map((id) => counts.get(id) ?? 0)).toEqual([1, 1, 1, 1, 1, 1]);
      expect(documents).toHaveLength(6);
    } finally {
      await local.close();
      await stopBridgeProcess(bridge);
    }
  },
  180_000,
);
