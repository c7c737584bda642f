/**
 * Bundle report: `npx tsx bench/bundle.ts` (also part of `npm run bench`), after `npm run build`. Reads the build
 * manifest (dist/.vite/manifest.json) and prints the gzip size of every chunk the first page load fetches:
 * index.html's entry, the chunks it imports statically (index.html's modulepreloads) and their styles.
 * Target (issue 15): initial JavaScript ≤ 200 KB gzip; exits 1 when over. Also reports, not budgeted, what
 * each locale catalog (loaded before the first render) and the home, category and product pages add on top.
 * Writes bench/results/bundle.json. The same budget fails the end-to-end run: tests/e2e/bundle-budget.spec.ts.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { INITIAL_JS_BUDGET_BYTES, bundleReport, filesNamedByIndexHtml, type ChunkGroup } from './support/initial-chunks';
import { BenchRecord } from './support/results';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const DIST = path.resolve(HERE, '..', 'dist');
/** Loaded before the first render (src/ui/shared/i18n/activate-locale.ts) and by the three pages Lighthouse audits. */
const LAZY = {
  'catalog el-GR': 'src/locales/el-GR/messages.po',
  'catalog en-US': 'src/locales/en-US/messages.po',
  /** Loaded at start beside the catalog (src/db/lazy-database.ts): RxDB, Dexie, the storage code. */
  database: 'src/db/database.ts',
  'home page': 'src/ui/features/home/home-page.tsx',
  'category page': 'src/ui/features/category/category-page.tsx',
  'product page': 'src/ui/features/product/product-page.tsx',
} as const;

/** kB of 1000 bytes, as Vite's build report prints them. */
const kb = (bytes: number): number => Math.round(bytes / 100) / 10;

function table(group: ChunkGroup): { file: string; kb: number; gzipKb: number }[] {
  return group.chunks.map((c) => ({ file: c.file, kb: kb(c.bytes), gzipKb: kb(c.gzipBytes) }));
}

if (!existsSync(path.join(DIST, '.vite', 'manifest.json'))) {
  console.error('no build manifest: run `npm run build` first (vite.config.ts writes dist/.vite/manifest.json)');
  process.exit(1);
}
const report = bundleReport(DIST, Object.values(LAZY));
const fromManifest = report.initial.chunks.map((c) => c.file).sort();
const fromHtml = filesNamedByIndexHtml(DIST);
const agree = JSON.stringify(fromManifest) === JSON.stringify(fromHtml);

console.log('initial chunks (entry, static imports, styles):');
console.table(table(report.initial));
console.log(`initial JavaScript ${kb(report.initial.jsGzipBytes)} kB gzip, CSS ${kb(report.initial.cssGzipBytes)} kB gzip`);
if (!agree)
  console.warn(
    `index.html names other files than the manifest's entry graph:\n  html ${fromHtml.join(' ')}\n  manifest ${fromManifest.join(' ')}`,
  );
const lazy = Object.fromEntries(
  Object.entries(LAZY).map(([name, source]) => {
    const group = report.lazy[source]!;
    return [name, { jsGzipKb: kb(group.jsGzipBytes), cssGzipKb: kb(group.cssGzipBytes), chunks: table(group) }];
  }),
);
console.log('added on top of the initial chunks:');
console.table(
  Object.fromEntries(
    Object.entries(lazy).map(([name, g]) => [name, { jsGzipKb: g.jsGzipKb, cssGzipKb: g.cssGzipKb, chunks: g.chunks.length }]),
  ),
);

const summary = {
  target: `initial JavaScript ≤ ${kb(INITIAL_JS_BUDGET_BYTES)} kB gzip (entry + static imports)`,
  met: report.initial.jsGzipBytes <= INITIAL_JS_BUDGET_BYTES && agree,
  initialJsGzipKb: kb(report.initial.jsGzipBytes),
  initialCssGzipKb: kb(report.initial.cssGzipBytes),
  initialChunks: report.initial.chunks.length,
  catalogElGrGzipKb: lazy['catalog el-GR']!.jsGzipKb,
  databaseJsGzipKb: lazy.database!.jsGzipKb,
  homePageJsGzipKb: lazy['home page']!.jsGzipKb,
  indexHtmlAgrees: agree,
};
const record = new BenchRecord('bundle');
record.check({
  name: 'initial JavaScript (gzip)',
  phase: 'all',
  value: report.initial.jsGzipBytes,
  target: INITIAL_JS_BUDGET_BYTES,
  unit: 'bytes',
  samples: 1,
});
// The budget must count what index.html loads: a file one names and the other does not is a miss.
const differing = fromHtml.filter((f) => !fromManifest.includes(f)).length + fromManifest.filter((f) => !fromHtml.includes(f)).length;
record.check({
  name: 'files index.html and the manifest disagree on',
  phase: 'all',
  value: differing,
  target: 0,
  unit: 'files',
  samples: 1,
});
Object.assign(record.figures, { summary, initial: table(report.initial), lazy });
record.finish();
