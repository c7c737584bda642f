import { z } from 'zod';

/**
 * Wire contracts of the catalogue change feed (`GET /api/sync/v1/<collection>?after=<seq>&limit=<n>`) and of
 * the live-update stream (`GET /api/events`). Documents are compact: only what the storefront lists, sorts,
 * filters and prices with, shaped so the pull handler can store them as they are in the RxDB collections of
 * src/db/schema (ids as strings, dates as epoch ms, money as integer cents excluding VAT, '' for "none").
 */

export const SYNC_COLLECTIONS = ['products', 'categories', 'suppliers', 'catalog_meta'] as const;
export const syncCollectionSchema = z.enum(SYNC_COLLECTIONS);
export type SyncCollection = z.infer<typeof syncCollectionSchema>;

/** The primary key of each collection's documents (a tombstone carries only this and `_deleted`). */
export const SYNC_PRIMARY_KEYS = { products: 'sku', categories: 'id', suppliers: 'id', catalog_meta: 'key' } as const satisfies Record<
  SyncCollection,
  string
>;

export const SYNC_MAX_BATCH = 1000;

/** The position in one collection's feed; `seq` 0 means "from the beginning". */
export const syncCheckpointSchema = z.object({ seq: z.number().int().min(0) });
export type SyncCheckpoint = z.infer<typeof syncCheckpointSchema>;

const cents = z.number().int().min(0);
const epochMs = z.number().int().min(0);

/** At most this many checkpoints of following pages in one answer (`ahead`): 50 pages of 1,000. */
export const SYNC_MAX_AHEAD = 50;

const AFTER_RULE = 'after must be a checkpoint seq: a whole number of 0 or more';
const LIMIT_RULE = `limit must be a whole number from 1 to ${SYNC_MAX_BATCH}`;
const AHEAD_RULE = `ahead must be a whole number from 0 to ${SYNC_MAX_AHEAD}`;

export const syncPullQuerySchema = z.object({
  after: z
    .string({ error: AFTER_RULE })
    .regex(/^\d{1,15}$/, AFTER_RULE)
    .default('0')
    .transform(Number),
  limit: z
    .string({ error: LIMIT_RULE })
    .regex(/^\d{1,4}$/, LIMIT_RULE)
    .default(String(SYNC_MAX_BATCH))
    .transform(Number)
    .refine((n) => n >= 1 && n <= SYNC_MAX_BATCH, LIMIT_RULE),
  /**
   * Also tell the checkpoints the next pages will reach (meta.ahead), up to this many, so that a client can
   * fetch them in parallel instead of one after the other. 0 (default): don't.
   */
  ahead: z
    .string({ error: AHEAD_RULE })
    .regex(/^\d{1,2}$/, AHEAD_RULE)
    .default('0')
    .transform(Number)
    .refine((n) => n <= SYNC_MAX_AHEAD, AHEAD_RULE),
});
export type SyncPullQuery = z.output<typeof syncPullQuerySchema>;

/** A configurable child embedded in its parent: disabled children (status ≥ 2) are left out, out-of-stock ones kept with is_in_stock false. */
export const compactChildSchema = z.object({
  sku: z.string().min(1),
  id: z.string().min(1),
  name: z.string(),
  name_en: z.string(),
  status: z.number().int(),
  price: cents,
  special_price: cents.optional(),
  special_from_date: epochMs.optional(),
  special_to_date: epochMs.optional(),
  final_price: cents,
  qty: z.number(),
  is_in_stock: z.boolean(),
  manage_stock: z.boolean(),
  thumbnail: z.string().optional(),
  barcode: z.string().optional(),
  /** Option ids of the configurable attributes, e.g. {color: 52, size: 169}. */
  color: z.number().int().optional(),
  size: z.number().int().optional(),
  custom_attributes: z.array(z.object({ attribute_code: z.string(), value: z.string() })),
});
export type CompactChild = z.infer<typeof compactChildSchema>;

const optionValueSchema = z.object({ value_index: z.number().int(), label: z.string(), label_en: z.string().optional() });
export const configurableOptionSchema = z.object({
  attribute_id: z.string(),
  attribute_code: z.string(),
  label: z.string(),
  label_en: z.string().optional(),
  position: z.number().int(),
  values: z.array(optionValueSchema),
});

export const bundleOptionSchema = z.object({
  option_id: z.number().int(),
  title: z.string(),
  title_en: z.string().optional(),
  required: z.boolean(),
  type: z.string(),
  position: z.number().int(),
  product_links: z.array(
    z.object({
      sku: z.string(),
      qty: z.number(),
      is_default: z.boolean(),
      can_change_quantity: z.number().int(),
      position: z.number().int(),
    }),
  ),
});

export const productLinkSchema = z.object({
  link_type: z.string(),
  linked_product_sku: z.string(),
  position: z.number().int().optional(),
  qty: z.number().optional(),
});

/** Listed products only (docs/product-rules.md §5: visibility 2, 3, 4 and status 0 or 1); anything else reaches the client as a tombstone. */
export const compactProductSchema = z.object({
  sku: z.string().min(1),
  id: z.string().min(1),
  /** The parent's sku for a product that has one, '' otherwise (product routes use parent_sku || sku). */
  parent_sku: z.string(),
  type_id: z.enum(['simple', 'configurable', 'bundle', 'grouped']),
  name: z.string(),
  name_en: z.string(),
  /** Lower-cased, accent-folded Greek name: the default "Alphabetical" sort key (docs/product-rules.md §9 name_az). */
  name_az: z.string(),
  status: z.number().int(),
  visibility: z.number().int(),
  tax_class_id: z.number().int(),
  supplier_id: z.string(),
  supplier_name: z.string(),
  category_ids: z.array(z.string()),
  url_key: z.string(),
  slug: z.string(),
  image: z.string().optional(),
  thumbnail: z.string().optional(),
  price: cents,
  special_price: cents.optional(),
  special_from_date: epochMs.optional(),
  special_to_date: epochMs.optional(),
  /** The price lists sort by: the special price when it is below price and inside its window when the document was built. */
  final_price: cents,
  qty: z.number(),
  is_in_stock: z.boolean(),
  manage_stock: z.boolean(),
  measurement_unit: z.enum(['piece', 'pack', 'carton', 'palette']).optional(),
  unit_quantity: z.number().optional(),
  new: z.boolean(),
  sale: z.boolean(),
  barcode: z.string().optional(),
  configurable_children: z.array(compactChildSchema).optional(),
  configurable_options: z.array(configurableOptionSchema).optional(),
  bundle_options: z.array(bundleOptionSchema).optional(),
  product_links: z.array(productLinkSchema).optional(),
  /** "New collection" lists sort by it (docs/product-rules.md §9, created_at descending). */
  created_at: epochMs.optional(),
  updated_at: epochMs,
});
export type CompactProduct = z.infer<typeof compactProductSchema>;

export const compactCategorySchema = z.object({
  id: z.string().min(1),
  /** '' when the parent is not a category row (the root below Magento's id 1). */
  parent_id: z.string(),
  parent_ids: z.array(z.string()),
  name: z.string(),
  name_en: z.string(),
  slug: z.string(),
  url_key: z.string().optional(),
  url_path: z.string(),
  path: z.string(),
  level: z.number().int(),
  position: z.number().int(),
  is_active: z.boolean(),
  product_count: z.number().int(),
  children_count: z.number().int(),
  image: z.string().optional(),
  updated_at: epochMs,
});
export type CompactCategory = z.infer<typeof compactCategorySchema>;

export const compactSupplierSchema = z.object({
  id: z.string().min(1),
  name: z.string(),
  name_az: z.string(),
  slug: z.string(),
  url_key: z.string().optional(),
  status: z.enum(['active', 'inactive', 'locked']),
  minimum_order: cents,
  activation_date: epochMs,
  delivery_time: z.string().optional(),
  delivery_time_el: z.string().optional(),
  logo: z.string().optional(),
  description: z.string().optional(),
  description_en: z.string().optional(),
  payment_methods: z.array(z.number().int().min(1).max(4)).optional(),
  credit_terms: z.object({ offered: z.boolean(), days: z.number().int().nullable() }).optional(),
  city: z.string().optional(),
  region: z.string().optional(),
  product_count: z.number().int().optional(),
  updated_at: epochMs,
});
export type CompactSupplier = z.infer<typeof compactSupplierSchema>;

export const CATALOG_META_DOC_TYPES = ['attribute', 'tax_rule', 'cms_page', 'cms_block', 'store_config'] as const;

/** key is `type:id`: attribute:color, tax_rule:1, cms_page:privacy, cms_block:footer-contact, store_config:tax.defaultCountry. */
export const catalogMetaDocSchema = z.object({
  key: z.string().min(3),
  type: z.enum(CATALOG_META_DOC_TYPES),
  id: z.string().min(1),
  /** The bridge's document as stored (labels and options, rates, title/content in both languages); store_config: {value}. */
  data: z.record(z.string(), z.unknown()),
  updated_at: epochMs,
});
export type CatalogMetaWireDoc = z.infer<typeof catalogMetaDocSchema>;

/** A deleted or no-longer-listed document: its primary key and `_deleted: true`, nothing else. */
export function tombstoneSchema<K extends string>(key: K) {
  return z.object({ [key]: z.string().min(1), _deleted: z.literal(true) } as { [P in K]: z.ZodString } & { _deleted: z.ZodLiteral<true> });
}

export const SYNC_DOCUMENT_SCHEMAS = {
  products: z.union([compactProductSchema.extend({ _deleted: z.literal(false) }), tombstoneSchema('sku')]),
  categories: z.union([compactCategorySchema.extend({ _deleted: z.literal(false) }), tombstoneSchema('id')]),
  suppliers: z.union([compactSupplierSchema.extend({ _deleted: z.literal(false) }), tombstoneSchema('id')]),
  catalog_meta: z.union([catalogMetaDocSchema.extend({ _deleted: z.literal(false) }), tombstoneSchema('key')]),
} as const;

/**
 * meta of a pull: how many feed entries are still above the returned checkpoint (the first-sync progress
 * bar) and, when asked for with `ahead`, the checkpoints the following full pages reach: `ahead[0]` is where
 * the page after `checkpoint` ends, `ahead[1]` the one after that, and so on. A page asked for `after` one
 * of them covers at least up to the next one (a feed entry can only move up, to a newer seq), so pages
 * fetched in parallel and stored in order leave no gap; they may overlap, and the later copy wins.
 */
export const syncPullMetaSchema = z.object({
  remaining: z.number().int().min(0),
  ahead: z.array(z.number().int().min(0)).max(SYNC_MAX_AHEAD).optional(),
});
export type SyncPullMeta = z.infer<typeof syncPullMetaSchema>;

export function syncPullResultSchema<C extends SyncCollection>(collection: C) {
  return z.object({ documents: z.array(SYNC_DOCUMENT_SCHEMAS[collection]), checkpoint: syncCheckpointSchema });
}
export type SyncPullResult<C extends SyncCollection> = z.infer<ReturnType<typeof syncPullResultSchema<C>>>;

/** Admin/ops change of a product (demo and end-to-end tests): `price` in integer cents excluding VAT. */
export const adminProductPatchSchema = z
  .object({
    price: z.number().int().min(0).max(100_000_000).optional(),
    qty: z.number().min(0).max(10_000_000).optional(),
    is_in_stock: z.boolean().optional(),
  })
  .strict()
  .refine(
    (p) => p.price !== undefined || p.qty !== undefined || p.is_in_stock !== undefined,
    'Give at least one of price, qty, is_in_stock',
  );
export type AdminProductPatch = z.infer<typeof adminProductPatchSchema>;

/**
 * Server-Sent Events of `GET /api/events?token=<ticket>`: `event: resync` with data `RESYNC` on every
 * (re)connect (the client then pulls every collection), `event: change` with {collections} when feeds
 * advance, a `: heartbeat` comment every 25 s that keeps proxies from closing an idle stream, and
 * `event: end` with {reason} just before the bridge closes a stream itself.
 */
export const SSE_RESYNC_EVENT = 'resync';
export const SSE_RESYNC_DATA = 'RESYNC';
export const SSE_CHANGE_EVENT = 'change';
export const changeEventSchema = z.object({ collections: z.array(syncCollectionSchema).min(1) });
export type ChangeEvent = z.infer<typeof changeEventSchema>;

/**
 * Why the bridge closed a stream: `session` (its session ended: logout, password change, revoked refresh
 * token) or `limit` (the customer opened more streams than the bridge keeps; the oldest goes, and should
 * not come back at once, or two devices would keep closing each other's stream).
 */
/** The customer's own cart for this buyer changed on the bridge (another device or tab wrote it): pull it. */
export const SSE_CART_EVENT = 'cart';
export const cartEventSchema = z.object({ buyer_id: z.string().min(1).max(64) });
export type CartEvent = z.infer<typeof cartEventSchema>;

/** An order of the signed-in customer for this buyer was stored or changed status: the orders pull. */
export const SSE_ORDERS_EVENT = 'orders';

export const SSE_END_EVENT = 'end';
export const endEventSchema = z.object({ reason: z.enum(['session', 'limit']) });
export type EndEvent = z.infer<typeof endEventSchema>;

/**
 * POST /api/events/ticket (Authorization: Bearer): the credential for opening the stream. EventSource cannot
 * send headers, so it goes in the URL; it lives about a minute and opens nothing but the stream, so the
 * access token itself never appears in a URL. Ending the session ends the ticket and the stream too.
 */
export const eventsTicketSchema = z.object({
  ticket: z.string().min(1).max(1000),
  /** Seconds the ticket can still open a stream (an open stream is not cut when it runs out). */
  expiresIn: z.number().int().positive(),
});
export type EventsTicket = z.infer<typeof eventsTicketSchema>;
