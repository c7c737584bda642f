import type { SearchEntity, SearchRequest, SearchResult } from '../contracts/search';
import {
  CLIENT_SEARCH_TIMEOUT_MS,
  productSearchItemSchema,
  searchAnswerTtl,
  searchMetaSchema,
  searchResultSchema,
  type ProductSearchItem,
} from '../contracts/search';
import type { LocalSearchOptions, LocalSearchResult } from '../db/queries/local-search-index';
import type { ProductDoc } from '../db/schema/products';
import type { PricedItem } from '../domain/pricing';
import type { BridgeClient } from './bridge-client';
import { BridgeError, isBridgeError, networkError } from './bridge-error';

/** Bounds memory: a long session of typing makes many distinct queries. */
const MAX_CACHE_ENTRIES = 200;

/** One product of a search answer, the same whether it came from the bridge or the local replica. */
export interface ProductSearchHit {
  sku: string;
  /** The product page's sku: the parent for a variant, else the product itself. */
  pageSku: string;
  name: string;
  nameEn: string;
  supplierName: string;
  /** Cents excluding VAT, with the special price window (PriceTag decides what applies now); null without a price. */
  prices: PricedItem | null;
  taxClassId: number;
  slug: string;
  thumbnail?: string;
}

export interface ProductSearchAnswer {
  hits: ProductSearchHit[];
  total: number;
  /** From the local replica because the bridge could not be reached (docs/product-rules.md §7 "marked offline"). */
  offline: boolean;
  tooShort: boolean;
}

export interface ProductSearchOptions {
  size?: number;
  /** 2 for the Greek catalogue, 3 for the English one. */
  minLength?: number;
}

export type LocalProductSearch = (text: string, options: LocalSearchOptions) => Promise<LocalSearchResult>;

export interface CatalogSearchClientDeps {
  client: BridgeClient;
  local: LocalProductSearch;
  now?: () => number;
  timeoutMs?: number;
  /** navigator.onLine in the browser: when false, the bridge is not even tried. */
  isOnline?: () => boolean;
}

export interface CatalogSearchClient {
  searchProducts(text: string, options?: ProductSearchOptions): Promise<ProductSearchAnswer>;
  /** Any entity, cached; a failure is raised (there is no local fallback for these). */
  search(entity: SearchEntity, body: SearchRequest): Promise<SearchResult>;
}

const cents = (euros: number): number => Math.round(euros * 100);
const epoch = (iso: string | null | undefined): number | undefined => {
  const ms = iso ? Date.parse(iso) : Number.NaN;
  return Number.isNaN(ms) ? undefined : ms;
};

function bridgePrices(d: ProductSearchItem): PricedItem | null {
  if (d.price == null) return null;
  return {
    price: cents(d.price),
    special_price: d.special_price == null ? undefined : cents(d.special_price),
    special_from_date: epoch(d.special_from_date),
    special_to_date: epoch(d.special_to_date),
  };
}

/** Bridge documents carry euros with 2 decimals and ISO dates (docs/product-rules.md §3); the storefront counts cents and ms. */
export function hitFromBridgeItem(item: Record<string, unknown>): ProductSearchHit | null {
  const parsed = productSearchItemSchema.safeParse(item);
  if (!parsed.success) return null;
  const d = parsed.data;
  return {
    sku: d.sku,
    pageSku: d.parentSku || d.sku,
    name: d.name ?? '',
    nameEn: d.name_en ?? '',
    supplierName: d.supplier_name ?? '',
    prices: bridgePrices(d),
    taxClassId: d.tax_class_id ?? 0,
    slug: d.slug ?? d.url_key ?? '',
    ...(d.thumbnail ? { thumbnail: d.thumbnail } : {}),
  };
}

export function hitFromProduct(product: ProductDoc): ProductSearchHit {
  return {
    sku: product.sku,
    pageSku: product.parent_sku || product.sku,
    name: product.name,
    nameEn: product.name_en ?? '',
    supplierName: product.supplier_name,
    prices: {
      price: product.price,
      special_price: product.special_price,
      special_from_date: product.special_from_date,
      special_to_date: product.special_to_date,
    },
    taxClassId: product.tax_class_id,
    slug: product.slug,
    ...(product.thumbnail ? { thumbnail: product.thumbnail } : {}),
  };
}

class SearchTimeout extends Error {
  readonly code = 'SEARCH_TIMEOUT';
}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const expiry = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new SearchTimeout(`Search took longer than ${ms} ms`)), ms);
  });
  return Promise.race([work, expiry]).finally(() => clearTimeout(timer));
}

/** No answer at all (offline, reset, timeout): the local replica answers instead. A 4xx/5xx is raised. */
function isUnreachable(error: unknown): boolean {
  return error instanceof SearchTimeout || (isBridgeError(error) && error.kind === 'network');
}

interface CacheEntry {
  at: number;
  value: Promise<{ result: SearchResult; tooShort: boolean }>;
}

export function createCatalogSearchClient(deps: CatalogSearchClientDeps): CatalogSearchClient {
  const now = deps.now ?? (() => Date.now());
  const timeoutMs = deps.timeoutMs ?? CLIENT_SEARCH_TIMEOUT_MS;
  const cache = new Map<string, CacheEntry>();

  function remember(key: string, value: CacheEntry['value']): void {
    if (cache.size >= MAX_CACHE_ENTRIES) {
      const oldest = cache.keys().next();
      if (!oldest.done) cache.delete(oldest.value);
    }
    cache.set(key, { at: now(), value });
    // A failed call must not be served from the cache for the next minute.
    value.catch(() => cache.delete(key));
  }

  function remote(entity: SearchEntity, body: SearchRequest): CacheEntry['value'] {
    const key = `${entity}\u0000${JSON.stringify(body)}`;
    const ttl = searchAnswerTtl(entity);
    const hit = cache.get(key);
    if (hit && now() - hit.at < ttl) return hit.value;
    if (deps.isOnline && !deps.isOnline()) return Promise.reject(networkError());
    const call = deps.client
      .request({ method: 'POST', path: `/api/catalog/${entity}/_search`, body, result: searchResultSchema, meta: searchMetaSchema })
      .then(({ result, meta }) => ({ result, tooShort: meta?.notice === 'term_too_short' }));
    const value = withTimeout(call, timeoutMs);
    remember(key, value);
    return value;
  }

  async function offline(text: string, options: ProductSearchOptions): Promise<ProductSearchAnswer> {
    const local = await deps.local(text, { limit: options.size, minLength: options.minLength });
    return { hits: local.hits.map((h) => hitFromProduct(h.product)), total: local.total, offline: true, tooShort: local.tooShort };
  }

  return {
    async searchProducts(text, options = {}) {
      try {
        const { result, tooShort } = await remote('product', { query: { text: text.trim() }, size: options.size ?? 20 });
        const hits = result.items.map(hitFromBridgeItem).filter((h): h is ProductSearchHit => h !== null);
        return { hits, total: result.total, offline: false, tooShort };
      } catch (error) {
        if (isUnreachable(error)) return offline(text, options);
        throw error instanceof Error ? error : new BridgeError(0, String(error), 'format');
      }
    },
    async search(entity, body) {
      return (await remote(entity, body)).result;
    },
  };
}
