import type { CategoryDoc } from '../schema/categories';
import type { CatalogSnapshot } from './catalog-snapshot';

/**
 * The category tree of one snapshot, built once per snapshot (categories are a few hundred rows;
 * every listing render asks for slugs, children, breadcrumbs and tree order).
 */
export interface CategoryTree {
  readonly byId: ReadonlyMap<string, CategoryDoc>;
  readonly bySlug: ReadonlyMap<string, CategoryDoc>;
  /** Active children of a category in position order (docs/product-rules.md §9: position ascending). */
  childrenOf(id: string): readonly CategoryDoc[];
  /** Ancestors below the root, then the category itself: what breadcrumbs show. */
  pathOf(id: string): readonly CategoryDoc[];
  /** Depth-first tree order (position at each level), for the "By category" sort. */
  rankOf(id: string): number;
  /** Top-level categories (children of the root) in position order. */
  readonly tops: readonly CategoryDoc[];
}

const trees = new WeakMap<readonly CategoryDoc[], CategoryTree>();

/** A root has no parent row (parent_id ''): the catalogue's "All products" (id 2) is never shown as a crumb. */
function isRoot(category: CategoryDoc): boolean {
  return category.parent_id === '';
}

function buildTree(categories: readonly CategoryDoc[]): CategoryTree {
  const byId = new Map(categories.map((c) => [c.id, c]));
  const bySlug = new Map<string, CategoryDoc>();
  const children = new Map<string, CategoryDoc[]>();
  for (const category of categories) {
    if (!bySlug.has(category.slug)) bySlug.set(category.slug, category);
    if (!category.is_active) continue;
    const list = children.get(category.parent_id) ?? [];
    list.push(category);
    children.set(category.parent_id, list);
  }
  for (const list of children.values()) list.sort((a, b) => a.position - b.position || a.name.localeCompare(b.name));

  const ranks = new Map<string, number>();
  const visit = (id: string): void => {
    for (const child of children.get(id) ?? []) {
      ranks.set(child.id, ranks.size);
      visit(child.id);
    }
  };
  const roots = categories.filter(isRoot);
  for (const root of roots) visit(root.id);
  const tops = roots.flatMap((root) => children.get(root.id) ?? []);

  const pathOf = (id: string): CategoryDoc[] => {
    const path: CategoryDoc[] = [];
    const seen = new Set<string>();
    for (let current = byId.get(id); current && !isRoot(current) && !seen.has(current.id); current = byId.get(current.parent_id)) {
      seen.add(current.id);
      path.unshift(current);
    }
    return path;
  };
  return {
    byId,
    bySlug,
    tops,
    childrenOf: (id) => children.get(id) ?? [],
    pathOf,
    rankOf: (id) => ranks.get(id) ?? Number.MAX_SAFE_INTEGER,
  };
}

export function categoryTree(snapshot: Pick<CatalogSnapshot, 'categories'>): CategoryTree {
  let tree = trees.get(snapshot.categories);
  if (!tree) {
    tree = buildTree(snapshot.categories);
    trees.set(snapshot.categories, tree);
  }
  return tree;
}

/** The deepest of a product's categories (its leaf: products carry the leaf and every ancestor). */
export function leafCategoryId(categoryIds: readonly string[], tree: CategoryTree): string | null {
  let leaf: CategoryDoc | undefined;
  for (const id of categoryIds) {
    const category = tree.byId.get(id);
    if (category && (!leaf || category.level > leaf.level)) leaf = category;
  }
  return leaf?.id ?? categoryIds.at(-1) ?? null;
}
