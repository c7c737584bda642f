import { slugify } from '../../src/domain/slug';
import { CATEGORY_TREE, type Area, type Noun } from './data/catalog-words';

/** docs/product-rules.md §9: the storefront's category tree hangs below root category id 2 (Magento's id 1 is not a row). */
export const ROOT_CATEGORY_ID = 2;

export interface CategoryNode {
  readonly id: number;
  readonly parentId: number;
  readonly level: number;
  readonly position: number;
  readonly name: string;
  readonly nameEn: string;
  readonly urlKey: string;
  readonly urlPath: string;
  readonly path: string;
  /** Ancestors below the root, then the node itself. */
  readonly chain: readonly number[];
  readonly childIds: number[];
  readonly area: Area;
  readonly nouns: readonly Noun[];
  readonly isActive: boolean;
}

export interface CategoryIndex {
  readonly nodes: readonly CategoryNode[];
  readonly byId: ReadonlyMap<number, CategoryNode>;
  readonly leavesByArea: ReadonlyMap<Area, readonly CategoryNode[]>;
}

/** Ids are given in depth-first order from 3, so they only change when the tree in data/ changes. */
function buildIndex(): CategoryIndex {
  const nodes: CategoryNode[] = [];
  const usedKeys = new Set<string>();
  let nextId = ROOT_CATEGORY_ID + 1;
  const add = (
    parent: CategoryNode | null,
    position: number,
    el: string,
    en: string,
    area: Area,
    nouns: readonly Noun[],
    isActive = true,
  ): CategoryNode => {
    const id = nextId;
    nextId += 1;
    let urlKey = slugify(el);
    if (usedKeys.has(urlKey)) urlKey = `${urlKey}-${id}`;
    usedKeys.add(urlKey);
    const node: CategoryNode = {
      id,
      parentId: parent ? parent.id : ROOT_CATEGORY_ID,
      level: parent ? parent.level + 1 : 2,
      position,
      name: el,
      nameEn: en,
      urlKey,
      urlPath: parent ? `${parent.urlPath}/${urlKey}` : urlKey,
      path: `${parent ? parent.path : `1/${ROOT_CATEGORY_ID}`}/${id}`,
      chain: [...(parent ? parent.chain : []), id],
      childIds: [],
      area,
      nouns,
      isActive,
    };
    parent?.childIds.push(id);
    nodes.push(node);
    return node;
  };
  CATEGORY_TREE.forEach((top, ti) => {
    const topNode = add(null, ti + 1, top.el, top.en, top.area, []);
    top.mids.forEach((mid, mi) => {
      const midNode = add(topNode, mi + 1, mid.el, mid.en, top.area, []);
      mid.leaves.forEach((leaf, li) => add(midNode, li + 1, leaf.el, leaf.en, top.area, leaf.nouns, !leaf.inactive));
    });
  });
  const leavesByArea = new Map<Area, CategoryNode[]>();
  for (const node of nodes) {
    if (node.nouns.length === 0) continue;
    const list = leavesByArea.get(node.area) ?? [];
    list.push(node);
    leavesByArea.set(node.area, list);
  }
  return { nodes, byId: new Map(nodes.map((node) => [node.id, node])), leavesByArea };
}

let cached: CategoryIndex | undefined;

export function categoryIndex(): CategoryIndex {
  cached ??= buildIndex();
  return cached;
}
