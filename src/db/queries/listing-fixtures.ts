import { nameSortKey } from '../../domain/name-sort-key';
import type { CategoryDoc } from '../schema/categories';
import type { SupplierDoc } from '../schema/suppliers';

/** Valid category and supplier documents for listing tests (makeProduct lives in db/testing). */

const T0 = Date.UTC(2026, 0, 15, 9, 30);

export function makeCategory(overrides: Partial<CategoryDoc> = {}): CategoryDoc {
  const id = overrides.id ?? '12';
  return {
    id,
    parent_id: '2',
    parent_ids: ['1', '2'],
    name: 'Τρόφιμα',
    name_en: 'Food',
    slug: `trofima-${id}`,
    url_path: `trofima-${id}`,
    path: `1/2/${id}`,
    level: 2,
    position: 1,
    is_active: true,
    product_count: 0,
    children_count: 0,
    updated_at: T0,
    ...overrides,
  };
}

export function makeSupplier(overrides: Partial<SupplierDoc> = {}): SupplierDoc {
  const name = overrides.name ?? 'Κρητικά Προϊόντα ΑΕ';
  return {
    id: 'sup-1',
    name,
    name_az: nameSortKey(name),
    slug: 'kritika-proionta',
    status: 'active',
    minimum_order: 10000,
    activation_date: T0,
    updated_at: T0,
    ...overrides,
  };
}
