import { z } from 'zod';

/**
 * Catalogue search (SPEC §7 "Product search to the search bridge") and URL mapping, as the bridge accepts
 * and answers them. The body is a small, Elasticsearch-like subset documented in docs/decisions/007-search.md:
 *
 *   POST /api/catalog/{entity}/_search
 *   { query?: { text?, filters? }, size?, from?, sort?, includeFields?, excludeFields?, aggregations? }
 *
 * - `filters`: `{ field: value | [values] | { gte?, lte?, gt?, lt? } }`; a list matches any of its values.
 * - `sort`: "field:asc|desc" or a list of those; `_score` is the relevance order (default with text).
 * - `size` below 0 becomes 50 and `from` below 0 becomes 0 (SPEC §9); default size 50.
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
/** Large enough for the category list (4000, SPEC §9) in one call, small enough to bound a response. */
export const MAX_SEARCH_SIZE = 5000;
export const MAX_SEARCH_WINDOW = 10_000;
export const MAX_TERMS_BUCKETS = 999;
export const DEFAULT_TERMS_BUCKETS = 10;
/** SPEC §9 "server 1000 ms". */
export const SEARCH_TIME_LIMIT_MS = 1000;

const fieldName = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z_][A-Za-z0-9_.]*$/);
const scalar = z.union([z.string().max(200), z.number().finite(), z.boolean()]);
const range = z
  .object({
    gte: z.number().finite().optional(),
    lte: z.number().finite().optional(),
    gt: z.number().finite().optional(),
    lt: z.number().finite().optional(),
  })
  .strict()
  .refine((r) => Object.values(r).some((v) => v !== undefined), { message: 'A range needs gte, lte, gt or lt' });
export const filterValueSchema = z.union([scalar, z.array(scalar).min(1).max(1000), range]);
export type FilterValue = z.infer<typeof filterValueSchema>;
export type FilterRange = z.infer<typeof range>;

const sortItem = z
  .string()
  .min(1)
  .max(80)
  .regex(/^[A-Za-z_][A-Za-z0-9_.]*(:(asc|desc))?$/i);

const termsAggregation = z
  .object({ terms: z.object({ field: fieldName, size: z.number().int().min(1).max(MAX_TERMS_BUCKETS).optional() }).strict() })
  .strict();
const rangeAggregation = z
  .object({
    range: z
      .object({
        field: fieldName,
        ranges: z
          .array(z.object({ from: z.number().finite().optional(), to: z.number().finite().optional() }).strict())
          .min(1)
          .max(20),
      })
      .strict(),
  })
  .strict();
export const aggregationSchema = z.union([termsAggregation, rangeAggregation]);
export type AggregationRequest = z.infer<typeof aggregationSchema>;

const fieldList = z.array(z.string().min(1).max(120)).max(200);

export const searchRequestSchema = z
  .object({
    query: z
      .object({
        text: z.string().max(200).optional(),
        filters: z.record(fieldName, filterValueSchema).optional(),
      })
      .strict()
      .optional(),
    size: z.number().int().max(MAX_SEARCH_SIZE).optional(),
    from: z.number().int().max(MAX_SEARCH_WINDOW).optional(),
    sort: z.union([sortItem, z.array(sortItem).max(5)]).optional(),
    includeFields: fieldList.optional(),
    excludeFields: fieldList.optional(),
    aggregations: z.record(z.string().min(1).max(64), aggregationSchema).optional(),
  })
  .strict();
export type SearchRequest = z.infer<typeof searchRequestSchema>;

export const bucketSchema = z.object({
  key: z.union([z.string(), z.number()]),
  doc_count: z.number().int(),
  from: z.number().optional(),
  to: z.number().optional(),
});
export type Bucket = z.infer<typeof bucketSchema>;

export const searchResultSchema = z.object({
  items: z.array(z.record(z.string(), z.unknown())),
  total: z.number().int().min(0),
  perPage: z.number().int().min(0),
  start: z.number().int().min(0),
  aggregations: z.record(z.string(), z.object({ buckets: z.array(bucketSchema) })),
  attributeMetadata: z.array(z.record(z.string(), z.unknown())),
});
export type SearchResult = z.infer<typeof searchResultSchema>;

/** Present when the text was too short to search (SPEC §9: at least 2 characters); the result is then empty. */
export const searchMetaSchema = z.object({ notice: z.literal('term_too_short'), minTermLength: z.number().int() }).optional();

/** SPEC §7 URL mapping. `filters.childSku` (or `filters.sku`) names the variant chosen on the page. */
export const urlMapRequestSchema = z.object({
  url: z.string().min(1).max(2000),
  includeFields: fieldList.optional(),
  excludeFields: fieldList.optional(),
  options: z.record(z.string(), z.unknown()).optional(),
  filters: z.record(z.string(), z.unknown()).optional(),
  groupId: z.union([z.number(), z.string()]).optional(),
  groupToken: z.string().optional(),
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

/** SPEC §2: the storefront's dispatcher falls through to page-not-found on this text. */
export const NO_MAPPING_FOUND = 'No mapping found';
