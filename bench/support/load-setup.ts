import { openPglite, openPostgres, type Db } from '../../server/db/client';
import { migrate } from '../../server/db/migrate';
import { seedIfEmpty } from '../../server/seed/seed';
import { feedHeads } from '../../server/services/change-feed/feed-reader';
import { hashPassword } from '../../server/services/password-hash';
import type { SyncCollection } from '../../src/contracts/sync';

/** The password of every simulated buyer (bench/load.ts): accounts that exist only in the bench databases. */
export const LOAD_PASSWORD = 'Load-bench-1234!';

export type LoadBuyer = { email: string; buyerId: string; index: number };

/** What the simulated buyers send, built from the catalogue itself. */
export type LoadCatalog = {
  texts: string[];
  categories: number[];
  urls: string[];
  products: Array<{ sku: string; supplierId: string; name: string }>;
  /** The catalogue feeds' heads: where a device that is up to date pulls from. */
  heads: Record<SyncCollection, number>;
};

const stripAccents = (s: string): string => s.normalize('NFD').replace(/\p{M}+/gu, '');
const words = (s: string): string[] => s.split(/\s+/).filter((w) => /^\p{L}{3,}$/u.test(w));

/**
 * Opens the bench database (PGlite data directory or PostgreSQL URL), migrates, seeds `products` demo
 * products when empty, and makes sure `count` buyer accounts exist: customers `load-buyer-NNN@load.bench`,
 * each a super user of one of the seeded buyer companies (round robin), email confirmed. Closes the
 * database before returning: the bridge holds PGlite's data directory alone.
 */
export async function prepareLoadDatabase(
  where: { dataDir?: string; databaseUrl?: string },
  products: number,
  count: number,
): Promise<{ buyers: LoadBuyer[]; catalog: LoadCatalog; seedMs: number }> {
  const db: Db = where.databaseUrl ? await openPostgres(where.databaseUrl) : await openPglite(where.dataDir);
  try {
    const started = performance.now();
    await migrate(db);
    await seedIfEmpty(db, { products });
    const seedMs = Math.round(performance.now() - started);
    const buyers = await ensureBuyers(db, count);
    return { buyers, catalog: await catalogOf(db), seedMs };
  } finally {
    await db.close();
  }
}

async function ensureBuyers(db: Db, count: number): Promise<LoadBuyer[]> {
  const companies = (await db.query<{ id: string }>('select id from buyers order by id')).map((r) => r.id);
  if (companies.length === 0) throw new Error('no buyer companies: the seed did not run');
  const existing = await db.query<{ n: number }>("select count(*)::int as n from customers where email like 'load-buyer-%@load.bench'");
  const hash = (existing[0]?.n ?? 0) >= count ? '' : await hashPassword(LOAD_PASSWORD);
  const buyers: LoadBuyer[] = [];
  for (let i = 0; i < count; i += 1) {
    const id = `load-buyer-${String(i + 1).padStart(4, '0')}`;
    const email = `${id}@load.bench`;
    const buyerId = companies[i % companies.length] as string;
    if (hash) {
      await db.query(
        `insert into customers (id, email, firstname, lastname, password_hash, is_admin, email_confirmed_at)
         values ($1, $2, 'Φόρτος', $3, $4, false, now()) on conflict do nothing`,
        [id, email, `Αγοραστής ${i + 1}`, hash],
      );
      await db.query('insert into buyer_users (buyer_id, customer_id, is_super_user) values ($1, $2, true) on conflict do nothing', [
        buyerId,
        id,
      ]);
    }
    buyers.push({ email, buyerId, index: i });
  }
  return buyers;
}

async function catalogOf(db: Db): Promise<LoadCatalog> {
  const rows = await db.query<{
    sku: string;
    name: string;
    name_en: string;
    supplier_id: number;
    category_ids: number[];
    url_path: string;
  }>(
    `select sku, name, name_en, supplier_id, category_ids, data->>'url_path' as url_path from products
     where status = 1 and visibility in (2, 3, 4) and type_id = 'simple' order by id limit 400`,
  );
  const texts: string[] = [];
  const categories = new Set<number>();
  rows.forEach((row, i) => {
    const el = words(row.name);
    const first = el[0] ?? row.name;
    // What buyers type: a word without accents, a prefix, two words, an English name, a sku.
    const kind = i % 5;
    if (kind === 0) texts.push(stripAccents(first).toLowerCase());
    else if (kind === 1) texts.push(first.slice(0, 4).toLowerCase());
    else if (kind === 2) texts.push(el.slice(0, 2).join(' ') || first);
    else if (kind === 3) texts.push(row.name_en.split(' ').slice(0, 2).join(' '));
    else texts.push(row.sku);
    const leaf = row.category_ids.at(-1);
    if (leaf !== undefined) categories.add(leaf);
  });
  return {
    texts,
    categories: [...categories],
    urls: rows.map((r) => `/${r.url_path}`),
    products: rows.map((r) => ({ sku: r.sku, supplierId: String(r.supplier_id), name: r.name })),
    heads: await feedHeads(db),
  };
}
