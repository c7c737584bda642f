/**
 * The page bench/local-search.ts builds with Vite and loads in headless Chromium: the storefront's real
 * offline search index (src/db/queries/local-search-index.ts, MiniSearch) over the documents in data.json,
 * built in slices with a macrotask between them as the app does in idle time, then the query mix run
 * `rounds` times (the first one cold). `window.benchSearch()` returns the raw timings; the Node script computes percentiles.
 */
import { createLocalSearchIndex } from '../../src/db/queries/local-search-index';
import type { CategoryDoc } from '../../src/db/schema/categories';
import type { ProductDoc } from '../../src/db/schema/products';

export interface SearchBenchData {
  products: ProductDoc[];
  categories: CategoryDoc[];
  queries: { kind: string; text: string }[];
  rounds: number;
}

export interface SearchBenchResult {
  buildMs: number;
  slices: number[];
  /** One entry per query of every round; round 0 is the cold one (first run of each query, JIT cold). */
  timings: { kind: string; round: number; ms: number }[];
  hitsFirstRound: number;
}

declare global {
  interface Window {
    benchSearch(): Promise<SearchBenchResult>;
  }
}

window.benchSearch = async () => {
  const data = (await (await fetch('/data.json')).json()) as SearchBenchData;
  const index = createLocalSearchIndex();
  const slices: number[] = [];
  let sliceStart = performance.now();
  const buildStart = performance.now();
  await index.sync(
    { products: data.products, categories: data.categories },
    {
      pause: async () => {
        slices.push(performance.now() - sliceStart);
        await new Promise((resolve) => setTimeout(resolve, 0));
        sliceStart = performance.now();
      },
    },
  );
  slices.push(performance.now() - sliceStart);
  const buildMs = performance.now() - buildStart;
  const timings: SearchBenchResult['timings'] = [];
  let hitsFirstRound = 0;
  for (let round = 0; round < data.rounds; round += 1) {
    for (const query of data.queries) {
      const start = performance.now();
      const result = index.search(query.text, { limit: 20 });
      const ms = performance.now() - start;
      timings.push({ kind: query.kind, round, ms });
      if (round === 0) hitsFirstRound += result.hits.length;
    }
  }
  return { buildMs, slices, timings, hitsFirstRound };
};
document.body.dataset.ready = 'true';
