import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Where the baseline page answers. The bridge never serves this path: the benchmark fulfils it with
 * context.route, so the page shares the storefront's origin (and IndexedDB quota and disk) without any
 * change to the app or the bridge.
 */
export const BASELINE_PATH = '/__bench/first-sync-baseline.html';

export interface BaselineArgs {
  token: string;
  collections: string[];
  /** The primary key of each collection: the object store's keyPath, and its only index. */
  primaryKeys: Record<string, string>;
  dbName: string;
}

export interface BaselineResult {
  fetchMs: number;
  /** One readwrite transaction putting every document, from its start to `complete`. */
  writeMs: number;
  documents: Record<string, number>;
}

declare global {
  interface Window {
    firstSyncBaseline(args: BaselineArgs): Promise<BaselineResult>;
  }
}

export function baselinePageHtml(): string {
  return readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), 'baseline.html'), 'utf8');
}
