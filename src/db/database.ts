import { addRxPlugin, createRxDatabase, type RxCollection, type RxDatabase, type RxStorage } from 'rxdb';
import { RxDBLeaderElectionPlugin } from 'rxdb/plugins/leader-election';
import { RxDBLocalDocumentsPlugin } from 'rxdb/plugins/local-documents';
import { RxDBMigrationSchemaPlugin } from 'rxdb/plugins/migration-schema';
import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie';
import { isDatabaseReplaced, markDatabaseReplaced } from './database-replaced';
import { NewerSchemaError, enterSchemaVersion, schemaFingerprint, type HandoverEnvironment, type SchemaTenure } from './schema-handover';
import { getRxStorageMapped, writeLogName } from './storage/mapped-storage';
import { prefetchWriteLog, type IndexedDbSettings } from './storage/write-log';
import { accountMigrations, accountSchema, type AccountDoc } from './schema/account';
import { addressSchema, type AddressDoc } from './schema/addresses';
import { cartItemMigrations, cartItemSchema, type CartItemDoc } from './schema/cart-items';
import { cartSupplierSchema, type CartSupplierDoc } from './schema/cart-suppliers';
import { cartItemConflicts, cartSupplierConflicts, laterChangeWins } from './cart-conflicts';
import { catalogMetaSchema, type CatalogMetaDoc } from './schema/catalog-meta';
import { categorySchema, type CategoryDoc } from './schema/categories';
import { favoriteMigrations, favoriteSchema, type FavoriteDoc } from './schema/favorites';
import { orderMigrations, orderSchema, type OrderDoc } from './schema/orders';
import { PRODUCT_REPEATED_VALUES, productSchema, type ProductDoc } from './schema/products';
import { supplierSchema, type SupplierDoc } from './schema/suppliers';
import { syncTaskSchema, type SyncTaskDoc } from './schema/sync-tasks';

export interface AppCollections {
  products: RxCollection<ProductDoc>;
  categories: RxCollection<CategoryDoc>;
  suppliers: RxCollection<SupplierDoc>;
  catalog_meta: RxCollection<CatalogMetaDoc>;
  cart_items: RxCollection<CartItemDoc>;
  cart_suppliers: RxCollection<CartSupplierDoc>;
  orders: RxCollection<OrderDoc>;
  sync_tasks: RxCollection<SyncTaskDoc>;
  favorites: RxCollection<FavoriteDoc>;
  addresses: RxCollection<AddressDoc>;
  account: RxCollection<AccountDoc>;
}

export type AppDatabase = RxDatabase<AppCollections>;
export type AppCollectionName = keyof AppCollections;

/**
 * The eleven collections (docs/architecture.md §3.1). RxDB's open-source edition allows 13 open
 * collections per JS process across all databases; keep this list at eleven.
 */
export const APP_COLLECTION_SCHEMAS = {
  products: productSchema,
  categories: categorySchema,
  suppliers: supplierSchema,
  catalog_meta: catalogMetaSchema,
  cart_items: cartItemSchema,
  cart_suppliers: cartSupplierSchema,
  orders: orderSchema,
  sync_tasks: syncTaskSchema,
  favorites: favoriteSchema,
  addresses: addressSchema,
  account: accountSchema,
} as const;

export const APP_DATABASE_NAME = 'storefront';

/** Migrations and conflict handlers of the collections that have them. */
const COLLECTION_EXTRAS: Partial<Record<AppCollectionName, object>> = {
  cart_items: { migrationStrategies: cartItemMigrations, conflictHandler: cartItemConflicts },
  cart_suppliers: { conflictHandler: cartSupplierConflicts },
  orders: { migrationStrategies: orderMigrations },
  favorites: { migrationStrategies: favoriteMigrations, conflictHandler: laterChangeWins<FavoriteDoc>() },
  account: { migrationStrategies: accountMigrations },
};

/**
 * The read-only catalogue lives in memory and is persisted as a write log (decision 014): its first
 * sync writes a few large records instead of one IndexedDB record per product.
 */
export const MAPPED_COLLECTIONS = ['products', 'categories', 'suppliers', 'catalog_meta'] as const satisfies readonly AppCollectionName[];

/** Where the catalogue collections live: `mapped` (memory + write log, the default) or RxDB's stock `dexie` storage. */
export type CatalogStorage = 'mapped' | 'dexie';

/**
 * The one switch back to RxDB's stock Dexie storage for the catalogue: a build with
 * `VITE_CATALOG_STORAGE=dexie`. Everything keeps working there (slower first sync, see decision 014): the
 * snapshot falls back to a find(), checkpoints to local documents. The two keep their data apart, so
 * switching downloads the catalogue again.
 */
export function catalogStorageSetting(): CatalogStorage {
  return import.meta.env.VITE_CATALOG_STORAGE === 'dexie' ? 'dexie' : 'mapped';
}

/**
 * The app's storage: the catalogue collections mapped (memory + write log), everything the buyer writes
 * (cart, orders, outbox, …) one document per IndexedDB record in RxDB's Dexie storage. Tests pass
 * fake-indexeddb's factory and key range.
 */
export function getAppStorage(
  settings: IndexedDbSettings = {},
  catalog: CatalogStorage = catalogStorageSetting(),
  compactDelayMs = CATALOG_COMPACT_DELAY_MS,
): RxStorage<unknown, unknown> {
  const indexedDb = settings.indexedDB ? { indexedDB: settings.indexedDB, IDBKeyRange: settings.IDBKeyRange } : {};
  const dexie = getRxStorageDexie(indexedDb);
  if (catalog === 'dexie') return dexie;
  const repeatedValues = { products: PRODUCT_REPEATED_VALUES };
  return getRxStorageMapped({ persistent: dexie, mapped: MAPPED_COLLECTIONS, compactDelayMs, repeatedValues, ...indexedDb });
}

/** A long catalogue log is compacted this long after start, not while the first page is being shown. */
export const CATALOG_COMPACT_DELAY_MS = 10_000;

export interface AppDatabaseOptions {
  /** IndexedDB database name prefix; default "storefront". */
  name?: string;
  /** Default: getAppStorage() over the browser's IndexedDB. Tests pass it over fake-indexeddb. */
  storage?: RxStorage<unknown, unknown>;
  /**
   * RxDB dev-mode plus z-schema validation of every write. Default: on in the Vite dev server and in
   * unit tests, unless VITE_RXDB_DEV_MODE=false. Never in production builds (the branch is removed).
   */
  devMode?: boolean;
  /** Cross-tab events and leader election; default true. */
  multiInstance?: boolean;
}

let pluginsAdded = false;
/** RxDB plugins are global: once dev-mode is on, every later database of the process needs a validator. */
let devModeAdded = false;

function addPlugins(): void {
  if (pluginsAdded) return;
  pluginsAdded = true;
  addRxPlugin(RxDBLeaderElectionPlugin);
  addRxPlugin(RxDBLocalDocumentsPlugin);
  addRxPlugin(RxDBMigrationSchemaPlugin);
}

function devModeByDefault(): boolean {
  return import.meta.env.DEV && import.meta.env.VITE_RXDB_DEV_MODE !== 'false';
}

/**
 * Dev-mode and the validator load lazily: dev-mode may add a tracking iframe from rxdb.info and
 * must stay out of production bundles; z-schema is used instead of ajv because ajv compiles with
 * eval, which a strict CSP forbids (docs/field-notes.md §1.1).
 */
async function withDevMode(storage: RxStorage<unknown, unknown>): Promise<RxStorage<unknown, unknown>> {
  const [{ RxDBDevModePlugin, disableWarnings }, { wrappedValidateZSchemaStorage }] = await Promise.all([
    import('rxdb/plugins/dev-mode'),
    import('rxdb/plugins/validate-z-schema'),
  ]);
  if (!devModeAdded) {
    devModeAdded = true;
    disableWarnings();
    addRxPlugin(RxDBDevModePlugin);
  }
  return wrappedValidateZSchemaStorage({ storage });
}

/** Creates a database with all eleven collections. Prefer getAppDatabase() in the app. */
export async function createAppDatabase(options: AppDatabaseOptions = {}): Promise<AppDatabase> {
  addPlugins();
  const name = options.name ?? APP_DATABASE_NAME;
  // The catalogue's log is most of what a warm start reads: its read starts now, beside RxDB's own start.
  if (!options.storage && catalogStorageSetting() === 'mapped' && typeof indexedDB !== 'undefined') prefetchWriteLog(writeLogName(name));
  let storage: RxStorage<unknown, unknown> = options.storage ?? getAppStorage();
  if (import.meta.env.DEV && (devModeAdded || (options.devMode ?? devModeByDefault()))) {
    storage = await withDevMode(storage);
  }
  const db = await createRxDatabase<AppCollections>({
    name,
    storage,
    multiInstance: options.multiInstance ?? true,
    eventReduce: true,
    // Database-level local documents (not collections, so outside the 13-collection limit): the catalogue
    // pull checkpoints (src/db/queries/catalog-checkpoint.ts).
    localDocuments: true,
  });
  try {
    await db.addCollections(
      Object.fromEntries(
        Object.entries(APP_COLLECTION_SCHEMAS).map(([name, schema]) => [name, { schema, ...COLLECTION_EXTRAS[name as AppCollectionName] }]),
      ),
    );
  } catch (error) {
    // A half-built database would hold collections against the 13-collection limit.
    await db.close();
    throw error;
  }
  return db;
}

let appDatabase: Promise<AppDatabase> | undefined;
/** This tab's place among the tabs that have the database open (decision 032 §2); released once it is closed. */
let appTenure: SchemaTenure | undefined;

/**
 * The app's one database, created once per JS context. Call it from module scope or loaders, never
 * create the database inside a React effect: StrictMode runs effects twice and would open it twice.
 * The options of the first call win. In a browser it opens only once no tab of an older build has it open
 * (decision 032 §2); when a newer build takes it over, it is closed and stays closed until the page reloads.
 */
export function getAppDatabase(options: AppDatabaseOptions = {}): Promise<AppDatabase> {
  if (!appDatabase) {
    const creating = openHandedOver(options);
    appDatabase = creating;
    // A failed open (quota, blocked upgrade) must not poison every later call.
    creating.catch(() => {
      if (appDatabase === creating) appDatabase = undefined;
    });
  }
  return appDatabase;
}

function browserHandover(): HandoverEnvironment | null {
  if (typeof navigator === 'undefined' || !('locks' in navigator) || typeof BroadcastChannel === 'undefined') return null;
  return {
    locks: navigator.locks,
    openChannel: (name) => new BroadcastChannel(name),
    ...(typeof document === 'undefined' ? {} : { lifecycle: document }),
  };
}

async function openHandedOver(options: AppDatabaseOptions): Promise<AppDatabase> {
  const handover = options.multiInstance === false ? null : browserHandover();
  if (!handover) return createAppDatabase(options);
  // Once replaced, never again: the old schema's storage would take writes the new build never reads.
  if (isDatabaseReplaced()) throw new NewerSchemaError('A newer version of the app has taken over the local database');
  const current: { opening?: Promise<AppDatabase> } = {};
  let tenure: SchemaTenure | undefined;
  let leaving = false;
  // A newer build asks for the database: no new writes from here on, the ones in flight finish inside
  // close(), and the page offers the reload.
  const leave = async (): Promise<void> => {
    if (leaving) return;
    leaving = true;
    markDatabaseReplaced();
    const db = await current.opening?.catch(() => undefined);
    if (db && !db.closed) await db.close();
    tenure?.release();
  };
  try {
    tenure = await enterSchemaVersion(schemaFingerprint(APP_COLLECTION_SCHEMAS), handover, () => void leave());
  } catch (error) {
    if (error instanceof NewerSchemaError) markDatabaseReplaced();
    throw error;
  }
  if (leaving) {
    tenure.release();
    throw new NewerSchemaError('A newer version of the app has taken over the local database');
  }
  appTenure = tenure;
  current.opening = createAppDatabase(options);
  const held = tenure;
  return current.opening.catch((error: unknown) => {
    held.release();
    throw error;
  });
}

/** Closes the app's database (tests, logout flows); the next getAppDatabase() opens it again. */
export async function closeAppDatabase(): Promise<void> {
  const current = appDatabase;
  appDatabase = undefined;
  if (!current) return;
  // A failed open was already reported to whoever awaited getAppDatabase(); nothing is open to close.
  const db = await current.catch(() => undefined);
  if (db && !db.closed) await db.close();
  appTenure?.release();
  appTenure = undefined;
}
