import { z } from 'zod';
import { boundedRecord, boundedText } from './bounds';
import { M } from './messages';

/**
 * Catalogue search (docs/product-rules.md §7 "Product search to the search bridge") and URL mapping, as the bridge accepts
 * and answers them. The body is a small, Elasticsearch-like subset documented in docs/decisions/007-search.md:
 *
 *   POST /api/catalog/{entity}/_search
 *   { query?: { text?, filters? }, size?, from?, sort?, includeFields?, excludeFields?, aggregations? }
 *
 * - `filters`: `{ field: value | [values] | { gte?, lte?, gt?, lt? } }`; a list matches any of its values.
 * - `sort`: "field:asc|desc" or a list of those; `_score` is the relevance order (default with text).
 * - `size` below 0 becomes 50 and `from` below 0 becomes 0 (docs/product-rules.md §9); default size 50.
 * - `aggregations`: `{ name: { terms: { field, size? } } }` or `{ name: { range: { field, ranges } } }`.
 */
export const SEARCH_ENTITIES = [
  'product',
  'category',
  'attribute',
  'taxrule',
  'cms_page',
  'cms_block',
  'cms_hierarchy',
  'supplier',
] as const;
export const searchEntitySchema = z.enum(SEARCH_ENTITIES);
export type SearchEntity = z.infer<typeof searchEntitySchema>;

export const DEFAULT_SEARCH_SIZE = 50;
/**
 * The largest page each entity may ask for, from what the storefront lists in one call (docs/product-rules.md §9): the
 * category tree 4000; favourites and category listings 2000 products; supplier search loads 2000; CMS
 * blocks and pages at most 500; attributes 150 (500 here, like the CMS lists).
 */
export const SEARCH_SIZE_LIMITS: Readonly<Record<SearchEntity, number>> = {
  product: 2000,
  category: 4000,
  supplier: 2000,
  attribute: 500,
  taxrule: 500,
  cms_page: 500,
  cms_block: 500,
  cms_hierarchy: 500,
};
/** Deepest result a search may reach: `from + size` (Elasticsearch's default max_result_window). */
export const MAX_SEARCH_WINDOW = 10_000;
/** docs/product-rules.md §9 "max filters size 999": the most buckets one terms aggregation may ask for. */
export const MAX_TERMS_BUCKETS = 999;
/** docs/product-rules.md §9 "filter aggregation size 10": a terms aggregation's buckets when it names no size. */
export const DEFAULT_TERMS_BUCKETS = 10;
/**
 * Aggregations in one search. A category page asks for one per filter it shows (category, price,
 * manufacturer, unit, stock, new, sale, supplier: 8); each costs a pass over the matched products.
 */
export const MAX_AGGREGATIONS = 10;
/** Ranges of one range aggregation (the price filter has 4, docs/product-rules.md §9). */
export const MAX_AGGREGATION_RANGES = 10;
/** Fields one search may filter on at once (there are 24 product fields; a listing uses 2–4). */
export const MAX_FILTERS = 16;
/** Values of one list filter: a listing of up to 2000 products by sku (favourites, docs/product-rules.md §9). */
export const MAX_FILTER_VALUES = 2000;
/** Sort keys of one search. */
export const MAX_SORT_KEYS = 5;
/** Paths of includeFields or excludeFields (a listing card needs ~10). */
export const MAX_FIELD_PATHS = 100;
/** Characters of the search text: more than a pasted product name; only the first 8 words count anyway. */
export const MAX_SEARCH_TEXT = 100;
/** No filter or range value needs more: epoch milliseconds are ~1.8e12, prices and ids far less. */
export const MAX_FILTER_NUMBER = 1e15;
/** docs/product-rules.md §9 "server 1000 ms". */
export const SEARCH_TIME_LIMIT_MS = 1000;

const TOO_LARGE = { message: M.searchTooLarge };
const fieldName = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z_][A-Za-z0-9_.]*$/);
const boundedNumber = z.number().min(-MAX_FILTER_NUMBER, TOO_LARGE).max(MAX_FILTER_NUMBER, TOO_LARGE);
const scalar = z.union([boundedText(200), boundedNumber, z.boolean()]);
const range = z
  .object({
    gte: boundedNumber.optional(),
    lte: boundedNumber.optional(),
    gt: boundedNumber.optional(),
    lt: boundedNumber.optional(),
  })
  .strict()
  .refine((r) => Object.values(r).some((v) => v !== undefined), { message: 'A range needs gte, lte, gt or lt' });
export const filterValueSchema = z.union([scalar, z.array(scalar).min(1).max(MAX_FILTER_VALUES, TOO_LARGE), range]);
export type FilterValue = z.infer<typeof filterValueSchema>;
export type FilterRange = z.infer<typeof range>;

const sortItem = z
  .string()
  .min(1)
  .max(80)
  .regex(/^[A-Za-z_][A-Za-z0-9_.]*(:(asc|desc))?$/i);

const termsAggregation = z
  .object({
    terms: z.object({ field: fieldName, size: z.number().int().min(1).max(MAX_TERMS_BUCKETS, TOO_LARGE).optional() }).strict(),
  })
  .strict();
const rangeAggregation = z
  .object({
    range: z
      .object({
        field: fieldName,
        ranges: z
          .array(z.object({ from: boundedNumber.optional(), to: boundedNumber.optional() }).strict())
          .min(1)
          .max(MAX_AGGREGATION_RANGES, TOO_LARGE),
      })
      .strict(),
  })
  .strict();
export const aggregationSchema = z.union([termsAggregation, rangeAggregation]);
export type AggregationRequest = z.infer<typeof aggregationSchema>;

const fieldList = z.array(boundedText(120)).max(MAX_FIELD_PATHS, TOO_LARGE);
const atMost = (max: number) => (record: Record<string, unknown>) => Object.keys(record).length <= max;

export const searchRequestSchema = z
  .object({
    query: z
      .object({
        text: boundedText(MAX_SEARCH_TEXT, M.searchTextTooLong).optional(),
        filters: z.record(fieldName, filterValueSchema).refine(atMost(MAX_FILTERS), TOO_LARGE).optional(),
      })
      .strict()
      .optional(),
    // docs/product-rules.md §9: a size below 0 means the default and a start below 0 means 0; both stay small numbers.
    size: z.number().int().min(-MAX_SEARCH_WINDOW).max(SEARCH_SIZE_LIMITS.category, TOO_LARGE).optional(),
    from: z.number().int().min(-MAX_SEARCH_WINDOW).max(MAX_SEARCH_WINDOW, TOO_LARGE).optional(),
    sort: z.union([sortItem, z.array(sortItem).max(MAX_SORT_KEYS, TOO_LARGE)]).optional(),
    includeFields: fieldList.optional(),
    excludeFields: fieldList.optional(),
    aggregations: z
      .record(
        z
          .string()
          .min(1)
          .max(64)
          .regex(/^[A-Za-z_][A-Za-z0-9_.-]*$/),
        aggregationSchema,
      )
      .refine(atMost(MAX_AGGREGATIONS), TOO_LARGE)
      .optional(),
  })
  .strict()
  .refine((r) => Math.max(0, r.from ?? 0) + Math.max(0, r.size ?? DEFAULT_SEARCH_SIZE) <= MAX_SEARCH_WINDOW, {
    ...TOO_LARGE,
    path: ['from'],
  });

/** The body of one entity's search: the page is bounded by what that entity's lists need. */
export function searchRequestSchemaFor(entity: SearchEntity) {
  return searchRequestSchema.refine((r) => (r.size ?? 0) <= SEARCH_SIZE_LIMITS[entity], { ...TOO_LARGE, path: ['size'] });
}
export type SearchRequest = z.infer<typeof searchRequestSchema>;

export const bucketSchema = z.object({
  key: z.union([z.string(), z.number()]),
  doc_count: z.number().int(),
  from: z.number().optional(),
  to: z.number().optional(),
});
export type Bucket = z.infer<typeof bucketSchema>;

/**
 * How long an answer may be kept, by the bridge and by the storefront alike (docs/product-rules.md §9.2):
 * 60 s for products (prices and stock move), 10 minutes for every other entity. The URL map keeps its
 * answers like products.
 */
export const PRODUCT_SEARCH_TTL_MS = 60_000;
export const OTHER_SEARCH_TTL_MS = 10 * 60_000;
export const searchAnswerTtl = (entity: SearchEntity): number => (entity === 'product' ? PRODUCT_SEARCH_TTL_MS : OTHER_SEARCH_TTL_MS);

/** The storefront waits this long for the bridge's search before it answers from its local copy. */
export const CLIENT_SEARCH_TIMEOUT_MS = 5000;

/**
 * A product in a search answer: the bridge's product document, projected by includeFields/excludeFields,
 * so every field but the sku may be missing. Money in euros with 2 decimals and dates as ISO strings, as the
 * bridge's documents carry them. The bridge checks its product answers against it; the storefront reads
 * them with it.
 */
export const productSearchItemSchema = z.looseObject({
  sku: z.string(),
  parentSku: z.string().nullish(),
  name: z.string().optional(),
  name_en: z.string().nullish(),
  supplier_name: z.string().nullish(),
  price: z.number().nullish(),
  special_price: z.number().nullish(),
  special_from_date: z.string().nullish(),
  special_to_date: z.string().nullish(),
  tax_class_id: z.number().int().optional(),
  slug: z.string().nullish(),
  url_key: z.string().nullish(),
  thumbnail: z.string().nullish(),
});
export type ProductSearchItem = z.infer<typeof productSearchItemSchema>;

export const searchResultSchema = z.object({
  items: z.array(z.record(z.string(), z.unknown())),
  total: z.number().int().min(0),
  perPage: z.number().int().min(0),
  start: z.number().int().min(0),
  aggregations: z.record(z.string(), z.object({ buckets: z.array(bucketSchema) })),
  attributeMetadata: z.array(z.record(z.string(), z.unknown())),
});
export type SearchResult = z.infer<typeof searchResultSchema>;

/** A product search's answer: searchResultSchema with product items. */
export const productSearchResultSchema = searchResultSchema.extend({ items: z.array(productSearchItemSchema) });

/** Present when the text was too short to search (docs/product-rules.md §9: at least 2 characters); the result is then empty. */
export const searchMetaSchema = z.object({ notice: z.literal('term_too_short'), minTermLength: z.number().int() }).optional();

/** docs/product-rules.md §7 URL mapping. `filters.childSku` (or `filters.sku`) names the variant chosen on the page. */
export const urlMapRequestSchema = z.object({
  url: boundedText(2000).pipe(z.string().min(1)),
  includeFields: fieldList.optional(),
  excludeFields: fieldList.optional(),
  /** Accepted for the storefront's protocol and unused, except filters.childSku / filters.sku. */
  options: boundedRecord().optional(),
  filters: boundedRecord().optional(),
  groupId: z.union([z.number().int().min(0).max(Number.MAX_SAFE_INTEGER), boundedText(100)]).optional(),
  groupToken: boundedText(400).optional(),
});
export type UrlMapRequest = z.infer<typeof urlMapRequestSchema>;

export const URL_TYPES = ['product', 'category', 'cms_page'] as const;
export const urlMapResultSchema = z.object({
  _type: z.enum(URL_TYPES),
  _source: z.record(z.string(), z.unknown()),
  /** The storefront path to show; for a hidden variant it is the parent's URL with `?childSku=`. */
  url_path: z.string(),
  /** For a product reached through a hidden variant: the variant to preselect. */
  filters: z.object({ childSku: z.string() }).optional(),
});
export type UrlMapResult = z.infer<typeof urlMapResultSchema>;

/** docs/product-rules.md §2: the storefront's dispatcher falls through to page-not-found on this text. */
export const NO_MAPPING_FOUND = 'No mapping found';
