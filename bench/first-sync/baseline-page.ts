import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Where the baseline page answers. The bridge never serves this path: the benchmark fulfils it with
 * context.route, so the page shares the storefront's origin (and IndexedDB quota and disk) without any
 * change to the app or the bridge.
 */
export const BASELINE_PATH = '/__bench/first-sync-baseline.html';

/** Dexie `stores()` definitions by table name. */
export type BaselineTables = Record<string, string>;

export interface BaselineArgs {
  token: string;
  collections: string[];
  tables: BaselineTables;
  dbName: string;
}

export interface BaselineResult {
  fetchMs: number;
  bulkPutMs: number;
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
