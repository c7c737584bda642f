import type { SupplierDoc } from '../schema/suppliers';
import type { CatalogSnapshot } from './catalog-snapshot';

export interface SupplierIndex {
  readonly byId: ReadonlyMap<string, SupplierDoc>;
  readonly bySlug: ReadonlyMap<string, SupplierDoc>;
  /** Active and locked suppliers, newest activation first (docs/product-rules.md §9 default supplier sort); inactive ones are hidden. */
  readonly listed: readonly SupplierDoc[];
}

const indexes = new WeakMap<readonly SupplierDoc[], SupplierIndex>();

/** Inactive suppliers are hidden from buyers; locked ones stay visible with their lock (decision record 010). */
export function isListedSupplier(supplier: Pick<SupplierDoc, 'status'>): boolean {
  return supplier.status !== 'inactive';
}

export function supplierIndex(snapshot: Pick<CatalogSnapshot, 'suppliers'>): SupplierIndex {
  let index = indexes.get(snapshot.suppliers);
  if (!index) {
    const suppliers = snapshot.suppliers;
    const bySlug = new Map<string, SupplierDoc>();
    for (const s of suppliers) {
      bySlug.set(s.slug, s);
      if (s.url_key && !bySlug.has(s.url_key)) bySlug.set(s.url_key, s);
    }
    index = {
      byId: new Map(suppliers.map((s) => [s.id, s])),
      bySlug,
      listed: suppliers
        .filter(isListedSupplier)
        .sort((a, b) => b.activation_date - a.activation_date || a.name_az.localeCompare(b.name_az)),
    };
    indexes.set(suppliers, index);
  }
  return index;
}

export const SUPPLIER_SORTS = ['activation_date', 'name_az', 'minimum_order'] as const;
export type SupplierSort = (typeof SUPPLIER_SORTS)[number];
export const SUPPLIER_PAGE_SIZE = 40;

export interface SupplierFilters {
  sort: SupplierSort;
  /** 1 card, 2 cash on delivery, 3 credit, 4 IRIS; null: any. */
  payment: number | null;
  /** Only suppliers that offer credit. */
  credit: boolean;
  region: string | null;
}

export function parseSupplierFilters(search: URLSearchParams): SupplierFilters {
  const sort = search.get('sort');
  const payment = Number.parseInt(search.get('payment') ?? '', 10);
  return {
    sort: (SUPPLIER_SORTS as readonly string[]).includes(sort ?? '') ? (sort as SupplierSort) : 'activation_date',
    payment: payment >= 1 && payment <= 4 ? payment : null,
    credit: search.get('credit') === '1',
    region: search.get('region') || null,
  };
}

/** The supplier list of /suppliers (docs/product-rules.md §3 params: size 40, default sort activation_date desc). */
export function filterSuppliers(index: SupplierIndex, filters: SupplierFilters): SupplierDoc[] {
  const rows = index.listed.filter(
    (s) =>
      (filters.payment === null || (s.payment_methods ?? []).includes(filters.payment)) &&
      (!filters.credit || s.credit_terms?.offered === true) &&
      (filters.region === null || s.region === filters.region),
  );
  if (filters.sort === 'name_az') rows.sort((a, b) => a.name_az.localeCompare(b.name_az));
  if (filters.sort === 'minimum_order') rows.sort((a, b) => a.minimum_order - b.minimum_order || a.name_az.localeCompare(b.name_az));
  return rows;
}

export function supplierRegions(index: SupplierIndex): string[] {
  return [...new Set(index.listed.map((s) => s.region).filter((r): r is string => !!r))].sort((a, b) => a.localeCompare(b));
}
