import type { Db } from '../db/client';
import { hashPassword } from '../services/password-hash';
import { DEMO_PASSWORD, generateAccounts } from './generate-accounts';
import { generateCatalog } from './generate';
import { demoCoupons, demoCreditTerms } from './cart-offers';
import { insertRows } from './insert-rows';

export interface SeedCounts {
  suppliers: number;
  categories: number;
  products: number;
  attributes: number;
  taxRules: number;
  cmsPages: number;
  cmsBlocks: number;
  storeConfig: number;
  customers: number;
  buyers: number;
  buyerUsers: number;
  addresses: number;
  registry: number;
  coupons: number;
  creditTerms: number;
}

export interface SeedResult {
  seeded: boolean;
  counts?: SeedCounts;
}

/** Keeps two bridge instances that start together from seeding twice. */
const SEED_LOCK = 727002;

async function hasSupplier(db: Pick<Db, 'query'>): Promise<boolean> {
  const rows = await db.query<{ found: boolean }>('select exists (select 1 from suppliers) as found');
  return rows[0]?.found === true;
}

/**
 * Seeds the demo marketplace when the database holds no supplier yet, in one transaction, so a failed
 * seed leaves an empty database to retry. `dataDir` is accepted for the app's convenience but unused:
 * product images are drawn on request from the sku (server/routes/media.ts), so no file is written.
 */
export async function seedIfEmpty(db: Db, options: { products: number; dataDir?: string }): Promise<SeedResult> {
  if (await hasSupplier(db)) return { seeded: false };
  // scrypt costs ~100 ms: hash the demo password once and share the hash between all demo users.
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const catalogue = generateCatalog({ products: options.products, today: new Date() });
  const accounts = generateAccounts(passwordHash);
  // Coupons and credit terms name active suppliers that sell something, however few products are seeded.
  const selling = new Set(catalogue.products.map((p) => p.supplier_id));
  const supplierIds = catalogue.suppliers.filter((s) => s.status === 'active' && selling.has(s.id)).map((s) => s.id);
  return db.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock($1)', [SEED_LOCK]);
    if (await hasSupplier(tx)) return { seeded: false };
    const counts: SeedCounts = {
      suppliers: await insertRows(tx, 'suppliers', catalogue.suppliers),
      categories: await insertRows(tx, 'categories', catalogue.categories),
      products: await insertRows(tx, 'products', catalogue.products),
      attributes: await insertRows(tx, 'attributes', catalogue.attributes),
      taxRules: await insertRows(tx, 'tax_rules', catalogue.taxRules),
      cmsPages: await insertRows(tx, 'cms_pages', catalogue.cmsPages),
      cmsBlocks: await insertRows(tx, 'cms_blocks', catalogue.cmsBlocks),
      storeConfig: await insertRows(tx, 'store_config', catalogue.storeConfig),
      buyers: await insertRows(tx, 'buyers', accounts.buyers),
      addresses: await insertRows(tx, 'addresses', accounts.addresses),
      customers: await insertRows(tx, 'customers', accounts.customers),
      buyerUsers: await insertRows(tx, 'buyer_users', accounts.buyerUsers),
      registry: await insertRows(tx, 'company_registry', accounts.registry),
      coupons: await insertRows(tx, 'coupons', demoCoupons(supplierIds, new Date())),
      creditTerms: await insertRows(
        tx,
        'credit_terms',
        demoCreditTerms(
          accounts.buyers.map((b) => b.id),
          supplierIds,
        ),
      ),
    };
    return { seeded: true, counts };
  });
}
