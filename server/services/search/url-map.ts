import type { UrlMapRequest, UrlMapResult } from '../../../src/contracts/search';
import type { Queryable } from '../../db/client';
import { projectFields } from './fields';

type Doc = Record<string, unknown>;

/** docs/product-rules.md §1: store views de and it exist with URL prefixes /de and /it (unused, but a path may carry one). */
const STORE_CODES = new Set(['de', 'it']);

export type ParsedUrl = { segments: string[]; childSku: string | undefined };

/** Accepts a path or a full URL; drops the store-code prefix, the query and empty segments. */
export function parseStorefrontUrl(url: string): ParsedUrl | null {
  let parsed: URL;
  try {
    parsed = new URL(url, 'http://storefront.invalid');
  } catch {
    return null;
  }
  const segments: string[] = [];
  for (const raw of parsed.pathname.split('/')) {
    if (raw === '') continue;
    let segment: string;
    try {
      segment = decodeURIComponent(raw);
    } catch {
      return null;
    }
    // "%00" decodes to NUL, which no sku, slug or identifier holds (and PostgreSQL text cannot).
    if (segment.includes('\u0000')) return null;
    segments.push(segment);
  }
  if (segments.length > 0 && STORE_CODES.has(segments[0] ?? '')) segments.shift();
  const childSku = parsed.searchParams.get('childSku') ?? undefined;
  return { segments, childSku: childSku?.includes('\u0000') ? undefined : childSku };
}

type ProductRow = {
  sku: string;
  visibility: number;
  status: number;
  data: Doc;
  parent_sku: string | null;
  parent_status: number | null;
  parent_data: Doc | null;
};

/** The product a sku names, or the configurable parent of a hidden child variant (docs/product-rules.md §2, §4). */
export async function productBySku(q: Queryable, sku: string): Promise<{ parent: Doc; childSku: string | undefined } | null> {
  const [row] = await q.query<ProductRow>(
    `select p.sku, p.visibility, p.status, p.data, p.parent_sku, par.status as parent_status, par.data as parent_data
     from products p left join products par on par.sku = p.parent_sku where p.sku = $1`,
    [sku],
  );
  if (!row || row.status >= 2) return null;
  if (row.visibility !== 1) return { parent: row.data, childSku: undefined };
  if (!row.parent_sku || !row.parent_data || (row.parent_status ?? 2) >= 2) return null;
  return { parent: row.parent_data, childSku: row.sku };
}

function childSkus(doc: Doc): string[] {
  const children = Array.isArray(doc.configurable_children) ? doc.configurable_children : [];
  return children.flatMap((c) =>
    typeof c === 'object' && c !== null && typeof (c as Doc).sku === 'string' ? [(c as Doc).sku as string] : [],
  );
}

function requestedChild(request: UrlMapRequest, parsed: ParsedUrl): string | undefined {
  const f = request.filters ?? {};
  const fromFilters = typeof f.childSku === 'string' ? f.childSku : typeof f.sku === 'string' ? f.sku : undefined;
  return fromFilters ?? parsed.childSku;
}

export function productPath(doc: Doc, childSku?: string): string {
  const base =
    typeof doc.url_path === 'string' ? `/${doc.url_path.replace(/^\/+/, '')}` : `/p/${String(doc.sku)}/${String(doc.slug ?? '')}`;
  return childSku ? `${base}?childSku=${encodeURIComponent(childSku)}` : base;
}

async function mapProduct(q: Queryable, sku: string, request: UrlMapRequest, parsed: ParsedUrl): Promise<UrlMapResult | null> {
  const found = await productBySku(q, sku);
  if (!found) return null;
  const wanted = found.childSku ?? requestedChild(request, parsed);
  const childSku = wanted && (found.childSku || childSkus(found.parent).includes(wanted)) ? wanted : undefined;
  const source = projectFields(found.parent, request.includeFields, request.excludeFields);
  return {
    _type: 'product',
    _source: source,
    url_path: productPath(found.parent, childSku),
    ...(childSku ? { filters: { childSku } } : {}),
  };
}

async function mapCategory(q: Queryable, key: string, request: UrlMapRequest): Promise<UrlMapResult | null> {
  const [row] = await q.query<{ data: Doc; slug: string }>(
    'select data, slug from categories where is_active and (slug = $1 or url_key = $1 or url_path = $1) order by (slug = $1) desc, id limit 1',
    [key],
  );
  return row
    ? { _type: 'category', _source: projectFields(row.data, request.includeFields, request.excludeFields), url_path: `/c/${row.slug}` }
    : null;
}

async function mapCmsPage(q: Queryable, identifier: string, request: UrlMapRequest): Promise<UrlMapResult | null> {
  const [row] = await q.query<{ data: Doc }>('select data from cms_pages where is_active and identifier = $1', [identifier]);
  return row
    ? { _type: 'cms_page', _source: projectFields(row.data, request.includeFields, request.excludeFields), url_path: `/${identifier}` }
    : null;
}

/** docs/product-rules.md §2 URL dispatcher, server side: /p/{sku}/{slug}, /c/{slug}[/…], a category url_path, a CMS page. */
export async function mapUrl(q: Queryable, request: UrlMapRequest): Promise<UrlMapResult | null> {
  const parsed = parseStorefrontUrl(request.url);
  if (!parsed || parsed.segments.length === 0) return null;
  const [head, second] = parsed.segments;
  if (head === 'p' && second) return mapProduct(q, second, request, parsed);
  if (head === 'c' && second && second !== 'all') return mapCategory(q, second, request);
  const byPath = await mapCategory(q, parsed.segments.join('/'), request);
  if (byPath) return byPath;
  return parsed.segments.length === 1 && head ? mapCmsPage(q, head, request) : null;
}
