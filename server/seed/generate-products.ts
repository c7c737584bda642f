import { COLORS } from './data/catalog-words';
import { SUPPLIER_DEFS } from './data/suppliers';
import { colorOptionId, sizeOptionId, ATTRIBUTE_IDS } from './attributes';
import { productCore, type ProductCore } from './product-core';
import { productRow, specialFor, stockFor, type RowInput, type Stock } from './product-docs';
import type { JsonDoc, ProductRow } from './types';

/**
 * Builds `count` product rows (configurable children included) slot by slot. Bundles and grouped
 * products link to earlier simple products of the same supplier, which keeps the output deterministic.
 */
interface State {
  rows: ProductRow[];
  nextId: number;
  linkable: Map<number, ProductRow[]>;
  todayMs: number;
}

const supplierName = (core: ProductCore): string => SUPPLIER_DEFS[core.supplierId - 1]?.name ?? '';

function baseInput(state: State, core: ProductCore, overrides: Partial<RowInput>): RowInput {
  const { rng } = core;
  const priceCents = overrides.priceCents ?? core.priceCents;
  const special = overrides.special !== undefined ? overrides.special : specialFor(rng, priceCents, state.todayMs);
  return {
    core,
    id: state.nextId,
    sku: core.sku,
    kind: core.kind,
    name: core.name,
    priceCents,
    parentSku: null,
    status: 1,
    visibility: 4,
    stock: stockFor(rng),
    special,
    supplierName: supplierName(core),
    extra: {},
    isNew: rng.chance(0.08),
    ...overrides,
  };
}

function push(state: State, row: ProductRow): ProductRow {
  state.rows.push(row);
  state.nextId += 1;
  return row;
}

function addSimple(state: State, core: ProductCore): void {
  const r = core.rng.next();
  // A few standalone products are hidden from the catalogue, from search, or disabled (docs/product-rules.md §4/§5 rules).
  const visibility = r < 0.02 ? 2 : r < 0.04 ? 3 : 4;
  const status = r > 0.99 ? 2 : 1;
  const row = push(state, productRow(baseInput(state, { ...core, kind: 'simple' }, { kind: 'simple', visibility, status }), core.rng));
  if (status === 1 && visibility === 4 && row.data.is_in_stock === true && Number(row.data.qty) > 0) {
    const list = state.linkable.get(core.supplierId) ?? [];
    list.push(row);
    state.linkable.set(core.supplierId, list);
  }
}

type Combo = { color: string | null; size: string | null };

function combos(core: ProductCore): Combo[] {
  const colors = core.noun.variants?.colors ?? [null];
  const sizes = core.noun.variants?.sizes ?? [null];
  return colors.flatMap((color) => sizes.map((size) => ({ color, size })));
}

function childRow(state: State, core: ProductCore, parentId: number, combo: Combo): ProductRow {
  const { rng } = core;
  const color = combo.color ? COLORS[combo.color] : undefined;
  const suffix = [combo.color?.toUpperCase(), combo.size].filter(Boolean).join('-');
  const label = [color ? { el: color.el, en: color.en } : null, combo.size ? { el: combo.size, en: combo.size } : null].filter(
    (x) => x !== null,
  );
  const priceCents = Math.round(core.priceCents * (combo.size === 'XL' || combo.size === 'XXL' ? 1.05 : 1));
  const extra: JsonDoc = {
    parent_id: parentId,
    color: combo.color ? colorOptionId(combo.color) : null,
    color_label: color?.el ?? null,
    color_label_en: color?.en ?? null,
    size: combo.size ? sizeOptionId(combo.size) : null,
    size_option_label: combo.size,
    custom_attributes: [
      ...(combo.color ? [{ attribute_code: 'color', value: String(colorOptionId(combo.color)) }] : []),
      ...(combo.size ? [{ attribute_code: 'size', value: String(sizeOptionId(combo.size)) }] : []),
    ],
    tier_prices: [],
  };
  const name = { el: [core.name.el, ...label.map((l) => l.el)].join(' – '), en: [core.name.en, ...label.map((l) => l.en)].join(' – ') };
  const status = rng.chance(0.08) ? 2 : 1;
  return push(
    state,
    productRow(
      baseInput(state, core, {
        sku: `${core.sku}-${suffix}`,
        kind: 'simple',
        name,
        priceCents,
        parentSku: core.sku,
        visibility: 1,
        status,
        extra,
      }),
      rng,
    ),
  );
}

function configurableOptions(parentId: number, children: ProductRow[]): JsonDoc[] {
  const options: JsonDoc[] = [];
  (['color', 'size'] as const).forEach((code, position) => {
    const values = new Map<number, JsonDoc>();
    for (const child of children) {
      const value = child.data[code];
      if (typeof value !== 'number') continue;
      const label = code === 'color' ? child.data.color_label : child.data.size_option_label;
      const labelEn = code === 'color' ? child.data.color_label_en : child.data.size_option_label;
      values.set(value, { value_index: value, label, label_en: labelEn });
    }
    if (values.size === 0) return;
    options.push({
      id: parentId * 10 + position,
      attribute_id: String(ATTRIBUTE_IDS[code]),
      attribute_code: code,
      label: code === 'color' ? 'Χρώμα' : 'Μέγεθος',
      label_en: code === 'color' ? 'Color' : 'Size',
      position,
      product_id: parentId,
      values: [...values.values()],
    });
  });
  return options;
}

const EMBEDDED_CHILD_FIELDS = [
  'id',
  'sku',
  'name',
  'name_en',
  'status',
  'visibility',
  'price',
  'price_incl_tax',
  'price_tax',
  'original_price',
  'original_price_incl_tax',
  'special_price',
  'special_price_incl_tax',
  'special_from_date',
  'special_to_date',
  'final_price',
  'final_price_incl_tax',
  'color',
  'size',
  'custom_attributes',
  'tier_prices',
  'qty',
  'is_in_stock',
  'stock',
  'image',
  'thumbnail',
  'barcode',
];

function addConfigurable(state: State, core: ProductCore, remaining: number): boolean {
  const all = combos(core);
  const count = Math.min(all.length, core.rng.int(2, 6), remaining - 1);
  if (count < 2) return false;
  const parentId = state.nextId;
  state.nextId += 1;
  const children = core.rng.sample(all, count).map((combo) => childRow(state, core, parentId, combo));
  const sellable = children.filter((c) => c.status === 1 && c.data.is_in_stock === true);
  const cheapest = Math.min(...children.map((c) => c.price_cents));
  const extra: JsonDoc = {
    configurable_children: children.map((c) => Object.fromEntries(EMBEDDED_CHILD_FIELDS.map((f) => [f, c.data[f] ?? null]))),
    configurable_options: configurableOptions(parentId, children),
  };
  const input = baseInput(state, core, { id: parentId, priceCents: cheapest, special: null, extra });
  input.stock = { qty: sellable.reduce((sum, c) => sum + Number(c.data.qty), 0), is_in_stock: sellable.length > 0, manage_stock: true };
  // The parent precedes its children in the table, as an import would write it.
  state.rows.splice(state.rows.length - children.length, 0, productRow(input, core.rng));
  return true;
}

/** Bundles and grouped products follow the stock of the simple products they link to (all in stock when linked). */
function linkedStock(qty: number): Stock {
  return { qty, is_in_stock: true, manage_stock: true };
}

function addBundle(state: State, core: ProductCore): boolean {
  const candidates = state.linkable.get(core.supplierId) ?? [];
  if (candidates.length < 3) return false;
  const { rng } = core;
  const id = state.nextId;
  const options = Array.from({ length: rng.int(2, 3) }, (_, k) => {
    const links = rng.sample(candidates, rng.int(1, 3));
    return {
      option_id: id * 10 + k + 1,
      title: `Επιλογή ${k + 1}`,
      title_en: `Choice ${k + 1}`,
      required: true,
      type: 'radio',
      position: k + 1,
      sku: core.sku,
      qty: 1,
      product_links: links.map((link, i) => ({
        id: link.id,
        sku: link.sku,
        name: link.name,
        option_id: id * 10 + k + 1,
        qty: 1,
        can_change_quantity: 1,
        is_default: i === 0,
        position: i + 1,
        price: link.price_cents / 100,
        price_type: null,
      })),
    };
  });
  const priceCents = options.reduce((sum, option) => sum + (option.product_links[0]?.price ?? 0) * 100, 0);
  // A bundle can be sold as often as its scarcest default item.
  const defaults = options.map((o) => candidates.find((c) => c.sku === o.product_links[0]?.sku));
  const stock = linkedStock(Math.min(...defaults.map((d) => Number(d?.data.qty ?? 0))));
  push(
    state,
    productRow(
      baseInput(state, core, {
        priceCents: Math.round(priceCents),
        special: null,
        stock,
        extra: { bundle_options: options, price_type: 'dynamic' },
      }),
      rng,
    ),
  );
  return true;
}

function addGrouped(state: State, core: ProductCore): boolean {
  const candidates = state.linkable.get(core.supplierId) ?? [];
  if (candidates.length < 3) return false;
  const links = core.rng.sample(candidates, core.rng.int(2, 4));
  const productLinks = links.map((link, i) => ({
    sku: core.sku,
    link_type: 'associated',
    linked_product_sku: link.sku,
    linked_product_type: 'simple',
    position: i + 1,
    extension_attributes: { qty: 1 },
  }));
  const priceCents = Math.min(...links.map((l) => l.price_cents));
  const stock = linkedStock(links.reduce((sum, l) => sum + Number(l.data.qty ?? 0), 0));
  push(state, productRow(baseInput(state, core, { priceCents, special: null, stock, extra: { product_links: productLinks } }), core.rng));
  return true;
}

export function generateProducts(count: number, todayMs: number): ProductRow[] {
  const state: State = { rows: [], nextId: 1, linkable: new Map(), todayMs };
  for (let slot = 1; state.rows.length < count; slot += 1) {
    const core = productCore(slot);
    const remaining = count - state.rows.length;
    const added =
      (core.kind === 'configurable' && addConfigurable(state, core, remaining)) ||
      (core.kind === 'bundle' && addBundle(state, core)) ||
      (core.kind === 'grouped' && addGrouped(state, core));
    if (!added) addSimple(state, core);
  }
  return state.rows;
}
