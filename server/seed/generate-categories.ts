import { categoryIndex, ROOT_CATEGORY_ID, type CategoryNode } from './category-index';
import { SEED_EPOCH, type CategoryRow, type ProductRow } from './types';

/** Products a buyer can find in a listing: enabled, visible in the catalogue, not a variant. */
export function isListed(row: ProductRow): boolean {
  return row.parent_sku === null && row.status === 1 && (row.visibility === 2 || row.visibility === 4);
}

function countProducts(products: readonly ProductRow[]): Map<number, number> {
  const counts = new Map<number, number>();
  for (const row of products) {
    if (!isListed(row)) continue;
    for (const id of row.category_ids) counts.set(id, (counts.get(id) ?? 0) + 1);
  }
  return counts;
}

function row(node: Omit<CategoryNode, 'chain' | 'area' | 'nouns'>, parentIds: number[], productCount: number): CategoryRow {
  const data = {
    id: node.id,
    parent_id: node.parentId,
    parent_ids: parentIds,
    name: node.name,
    name_en: node.nameEn,
    slug: node.urlKey,
    url_key: node.urlKey,
    url_path: node.urlPath,
    path: node.path,
    level: node.level,
    position: node.position,
    is_active: node.isActive,
    include_in_menu: node.isActive,
    product_count: productCount,
    children_count: node.childIds.length,
    children_data: node.childIds.map((id) => ({ id })),
    image: null,
  };
  return {
    id: node.id,
    parent_id: node.parentId,
    name: node.name,
    name_en: node.nameEn,
    url_key: node.urlKey,
    url_path: node.urlPath,
    slug: node.urlKey,
    path: node.path,
    level: node.level,
    position: node.position,
    is_active: node.isActive,
    product_count: productCount,
    children_count: node.childIds.length,
    data,
    updated_at: SEED_EPOCH,
  };
}

/** The root (id 2) and its three levels; counts include products of every descendant (anchor categories). */
export function generateCategories(products: readonly ProductRow[]): CategoryRow[] {
  const index = categoryIndex();
  const counts = countProducts(products);
  const tops = index.nodes.filter((n) => n.parentId === ROOT_CATEGORY_ID);
  const root = row(
    {
      id: ROOT_CATEGORY_ID,
      parentId: 1,
      level: 1,
      position: 1,
      name: 'Όλα τα προϊόντα',
      nameEn: 'All products',
      urlKey: 'all-products',
      urlPath: 'all-products',
      path: `1/${ROOT_CATEGORY_ID}`,
      childIds: tops.map((n) => n.id),
      isActive: true,
    },
    [1],
    products.filter(isListed).length,
  );
  return [root, ...index.nodes.map((n) => row(n, [1, ROOT_CATEGORY_ID, ...n.chain.slice(0, -1)], counts.get(n.id) ?? 0))];
}
