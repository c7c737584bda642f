/**
 * The page bench/cart-browser.ts builds with Vite and loads in headless Chromium: the storefront's own
 * database (RxDB on Dexie over the browser's IndexedDB, the catalogue in the mapped in-memory storage, no
 * dev-mode, as in production) with 20,000 products and a 200-line cart. `window.benchAdd(adds)` adds one
 * product at a time (alternately one already in the cart and a new line) and times each add from the click's command to the cart view carrying the new count
 * written into the page (the microcart's count), then to the next painted frame.
 */
import { addToCart, type CartProductInput } from '../../src/db/commands/cart';
import { createAppDatabase, type AppDatabase } from '../../src/db/database';
import { watchCart } from '../../src/db/queries/cart';
import type { ProductDoc } from '../../src/db/schema/products';

declare global {
  interface Window {
    benchSetup(products: ProductDoc[], lines: number): Promise<void>;
    benchAdd(adds: number): Promise<{ viewMs: number[]; paintMs: number[]; writeMs: number[] }>;
  }
}

const scope = { customerId: 'bench', buyerId: 'buyer' };
let db: AppDatabase;
let latest = 0;
let lineCount = 0;
let waiting: { count: number; resolve(): void } | null = null;
const countElement = document.getElementById('count')!;

const cartProduct = (p: ProductDoc): CartProductInput => ({
  sku: p.sku,
  supplierId: p.supplier_id,
  name: p.name,
  typeId: 'simple',
  price: p.price,
  taxRate: 13,
});
let products: ProductDoc[] = [];

window.benchSetup = async (all, lines) => {
  db = await createAppDatabase({ name: `cart-bench-${Date.now()}`, devMode: false, multiInstance: true });
  products = all;
  lineCount = lines;
  for (let start = 0; start < all.length; start += 2000) await db.products.bulkInsert(all.slice(start, start + 2000));
  for (let i = 0; i < lines; i += 1) await addToCart(db, scope, cartProduct(all[i]!), 1, { status: 'ok', qty: 100_000 }, Date.now());
  await new Promise<void>((resolve) => {
    watchCart(db, scope).subscribe((view) => {
      latest = view.count;
      countElement.textContent = String(view.count);
      if (view.lineCount === lines) resolve();
      if (waiting && view.count === waiting.count) {
        waiting.resolve();
        waiting = null;
      }
    });
  });
};

const nextPaint = () => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));

window.benchAdd = async (adds) => {
  const viewMs: number[] = [];
  const paintMs: number[] = [];
  const writeMs: number[] = [];
  for (let i = 0; i < adds; i += 1) {
    await nextPaint();
    const count = latest + 1;
    const started = performance.now();
    const shown = new Promise<void>((resolve) => (waiting = { count, resolve }));
    // Every other add is a product already in the cart (its line grows), the rest new lines.
    const product = i % 2 === 0 ? products[i]! : products[(lineCount + i) % products.length]!;
    await addToCart(db, scope, cartProduct(product), 1, { status: 'ok', qty: 100_000 }, Date.now());
    writeMs.push(performance.now() - started);
    await shown;
    viewMs.push(performance.now() - started);
    await nextPaint();
    paintMs.push(performance.now() - started);
  }
  return { viewMs, paintMs, writeMs };
};

document.body.dataset.ready = 'true';
