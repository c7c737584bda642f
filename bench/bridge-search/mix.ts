/**
 * What the bridge-search benchmark sends: searches built from the seeded catalogue (Greek words with and
 * without accents, prefixes, typos, English names, SKUs, barcodes, category listings with facets, URL maps,
 * the category tree), one per catalogue row, and a Zipf-distributed choice among them (search logs: a few
 * searches are very popular, most are rare).
 */
import type { Db } from '../../server/db/client';

export type BenchQuery = { kind: string; path: string; body: Record<string, unknown> };

export const SEARCH = '/api/catalog/product/_search';

/** Deterministic pseudo-random numbers, so two runs send the same queries in the same order. */
export function rng(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1_664_525 + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}

const stripAccents = (s: string): string => s.normalize('NFD').replace(/\p{M}+/gu, '');
const words = (s: string): string[] => s.split(/\s+/).filter((w) => /^\p{L}{3,}$/u.test(w));

/**
 * What buyers type into the search panel (as the storefront sends it: text, size 20), a category listing
 * with facets, the other catalogue entities and URL mapping; built from the seeded catalogue itself.
 */
export async function buildBenchQueries(db: Db, distinct: number): Promise<BenchQuery[]> {
  const rows = await db.query<{
    sku: string;
    name: string;
    name_en: string;
    barcode: string | null;
    category_ids: number[];
    url_path: string;
  }>(
    `select sku, name, name_en, barcode, category_ids, data->>'url_path' as url_path from products
     where status in (0, 1) and visibility in (2, 3, 4) order by md5(sku) limit $1`,
    [distinct],
  );
  const random = rng(42);
  const text = (kind: string, value: string): BenchQuery => ({ kind, path: SEARCH, body: { query: { text: value }, size: 20 } });
  const queries: BenchQuery[] = [];
  for (const row of rows) {
    const el = words(row.name);
    const first = el[0] ?? row.name;
    const r = random();
    if (r < 0.2) queries.push(text('word', stripAccents(first).toLowerCase()));
    else if (r < 0.35) queries.push(text('prefix', first.slice(0, 3 + Math.floor(random() * 3)).toLowerCase()));
    else if (r < 0.5) queries.push(text('two-words', el.slice(0, 2).join(' ')));
    else if (r < 0.6) {
      const long = el.find((w) => w.length >= 6) ?? first;
      const at = 1 + Math.floor(random() * (long.length - 2));
      queries.push(text('typo', stripAccents(long.slice(0, at) + long.slice(at + 1)).toLowerCase()));
    } else if (r < 0.7) queries.push(text('english', row.name_en.split(' ').slice(0, 2).join(' ')));
    else if (r < 0.76) queries.push(text('sku', row.sku));
    else if (r < 0.8 && row.barcode) queries.push(text('barcode', row.barcode));
    else if (r < 0.9) {
      queries.push({
        kind: 'category-listing',
        path: SEARCH,
        body: {
          query: { filters: { category_ids: row.category_ids.at(-1) ?? 2 } },
          size: 50,
          sort: 'price:asc',
          includeFields: ['sku', 'name', 'price', 'final_price', 'special_price', 'thumbnail', 'url_path', 'supplier_name'],
          aggregations: {
            categories: { terms: { field: 'category_ids', size: 50 } },
            price: { range: { field: 'price', ranges: [{ to: 50 }, { from: 50, to: 100 }, { from: 100, to: 150 }, { from: 150 }] } },
          },
        },
      });
    } else if (r < 0.95) queries.push({ kind: 'url-map', path: '/api/url/map', body: { url: `/${row.url_path}` } });
    else
      queries.push({
        kind: 'category-tree',
        path: '/api/catalog/category/_search',
        body: { query: { filters: { is_active: true, product_count: { gt: 0 } } }, size: 4000 },
      });
  }
  return queries;
}

/** Query indexes drawn from a Zipf distribution over a fixed shuffle of the queries (rank 1 most popular). */
export function zipfPicker(count: number, seed: number, exponent: number): () => number {
  const random = rng(seed);
  const order = Array.from({ length: count }, (_, i) => i);
  for (let i = count - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [order[i], order[j]] = [order[j] ?? 0, order[i] ?? 0];
  }
  const cumulative: number[] = [];
  let total = 0;
  for (let rank = 1; rank <= count; rank += 1) cumulative.push((total += 1 / rank ** exponent));
  return () => {
    const x = random() * total;
    let lo = 0;
    let hi = count - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((cumulative[mid] ?? 0) < x) lo = mid + 1;
      else hi = mid;
    }
    return order[lo] ?? 0;
  };
}
