import { expect, test } from '@playwright/test';
import path from 'node:path';
import { INITIAL_JS_BUDGET_BYTES, bundleReport, filesNamedByIndexHtml, readManifest } from '../../bench/support/initial-chunks';
import { REPO_ROOT } from './support/e2e-env';

/**
 * The initial-bundle budget (decision 030) on the build these tests run against (`npm run test:e2e` builds
 * first): what index.html loads before any page code (the entry, its static imports and styles) stays within
 * 200 KB gzip. Sizes, not timings: the same build gives the same answer on any machine.
 * `npx tsx bench/bundle.ts` prints the same numbers per chunk.
 */
const DIST = path.join(REPO_ROOT, 'dist');

test('the initial JavaScript stays within 200 KB gzip', () => {
  const { initial } = bundleReport(DIST);
  const sizes = initial.chunks.map((c) => `${c.file} ${c.gzipBytes} bytes`).join('\n');
  expect(initial.jsGzipBytes, `initial chunks (gzip):\n${sizes}`).toBeLessThanOrEqual(INITIAL_JS_BUDGET_BYTES);
});

test('the budget counts what index.html really loads', () => {
  const { initial } = bundleReport(DIST);
  expect(initial.chunks.map((c) => c.file).sort()).toEqual(filesNamedByIndexHtml(DIST));
});

test('RxDB and Dexie load with the database, after the initial chunks', () => {
  const { initial, lazy } = bundleReport(DIST, ['src/db/database.ts']);
  const initialFiles = initial.chunks.map((c) => c.file);
  expect(initialFiles).not.toContain(readManifest(DIST)['src/db/database.ts']?.file);
  // What the database adds beyond the initial chunks: RxDB, Dexie, the storage code. Were one of them imported
  // statically from the first page's code, its chunk would count as initial and this would shrink.
  expect(lazy['src/db/database.ts']!.jsGzipBytes).toBeGreaterThan(60_000);
});
