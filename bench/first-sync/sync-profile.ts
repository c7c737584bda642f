/**
 * Where a first sync's time goes (bench/first-sync.ts): the page's requests to the product feed, the page's
 * main-thread CPU profile (BENCH_PROFILE=1) and the documents in the app's catalogue write log.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { RESULTS_DIR } from '../support/results';

/** Where the first sync's time goes, from the page's requests to the product feed. */
export interface SyncProfile {
  /** Click → the first product pull leaves the browser (sign-in, app start, database open, leader election). */
  startMs: number;
  productPulls: number;
  /** Sum over product pulls of request sent → response body received (bridge + network). */
  pullRequestMs: number;
  /** Part of pullRequestMs spent waiting for the bridge's first byte (request.timing(): responseStart − requestStart). */
  pullWaitMs: number;
  /** Other requests the page made to the bridge meanwhile, by kind (media, api, assets). */
  otherRequests: Record<string, number>;
  /** Sum of the gaps between one product pull's response and the next request (client: parse, check, RxDB write). */
  pullGapMs: number;
  /** Last product response → every document written. */
  tailMs: number;
}

interface CpuNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}
interface CpuProfile {
  nodes: CpuNode[];
  samples?: number[];
  timeDeltas?: number[];
}

/** Chromium's sampling profiler on the page's main thread (CDP), for BENCH_PROFILE=1. */
export async function startProfiler(page: Page): Promise<{ stop(): Promise<void> }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 500 });
  await cdp.send('Profiler.start');
  return {
    async stop() {
      const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: CpuProfile };
      mkdirSync(RESULTS_DIR, { recursive: true });
      writeFileSync(path.join(RESULTS_DIR, 'first-sync.cpuprofile'), JSON.stringify(profile));
      const byNode = new Map(profile.nodes.map((node) => [node.id, node]));
      const selfMs = new Map<string, number>();
      (profile.samples ?? []).forEach((id, i) => {
        const frame = byNode.get(id)?.callFrame;
        const file = frame?.url.split('/').pop() ?? '';
        const key = `${frame?.functionName || '(anonymous)'} ${file}:${frame?.lineNumber ?? 0}`;
        selfMs.set(key, (selfMs.get(key) ?? 0) + (profile.timeDeltas?.[i] ?? 0) / 1000);
      });
      const top = [...selfMs].sort((a, b) => b[1] - a[1]).slice(0, 30);
      console.log('main-thread self time (ms), top 30:');
      for (const [key, ms] of top) console.log(`${ms.toFixed(0).padStart(7)}  ${key}`);
    },
  };
}

export interface Pull {
  sent: number;
  done: number;
  waitMs: number;
}

export function profileOf(pulls: Pull[], started: number, finished: number): Omit<SyncProfile, 'otherRequests'> {
  // Only the first sync's pulls: the page pulls again after each reload of the warm start.
  const sorted = pulls.filter((p) => p.sent <= finished).sort((a, b) => a.sent - b.sent);
  let pullGapMs = 0;
  for (let i = 1; i < sorted.length; i += 1) pullGapMs += Math.max(0, (sorted[i]?.sent ?? 0) - (sorted[i - 1]?.done ?? 0));
  return {
    startMs: (sorted[0]?.sent ?? finished) - started,
    productPulls: sorted.length,
    pullRequestMs: sorted.reduce((sum, p) => sum + (p.done - p.sent), 0),
    pullWaitMs: Math.round(sorted.reduce((sum, p) => sum + p.waitMs, 0)),
    pullGapMs,
    tailMs: finished - (sorted.at(-1)?.done ?? finished),
  };
}

/**
 * In the page: counts the live documents in the app's catalogue write log (IndexedDB database
 * `rxdb-mapped-storefront`, store `records`: one record per write, `stream` = `<collection>--<schema
 * version>--<record form>`, `docs` its documents with text columns or as a JSON array; src/db/storage/write-log.ts and
 * document-columns.ts), merging records by primary key as the app
 * does when it loads them (the later record wins). A first sync stores only listed documents (a removal of
 * a document never stored is skipped), so at the ready flag these counts must equal the listed documents
 * of the feed, which the baseline fetches afterwards: main() compares them and fails the run otherwise.
 */
export async function countStored(args: {
  collections: string[];
  /** Per collection, the write-log stream its records are in (src/db/storage/document-columns.ts streamName). */
  streams: Record<string, string>;
  primaryKeys: Record<string, string>;
}): Promise<Record<string, number>> {
  type Columns = { rows: string; keys: string[]; values: string[] };
  type StoredRecord = { stream: string; docs: string | Columns };
  /** A record's documents (read here, not with the app's code): the rows, with any column the count needs put back. */
  const docsOf = (stored: string | Columns, primaryKey: string): Array<Record<string, unknown>> => {
    if (typeof stored === 'string') return JSON.parse(stored) as Array<Record<string, unknown>>;
    const rows = JSON.parse(stored.rows) as Array<Record<string, unknown>>;
    for (const key of [primaryKey, '_deleted']) {
      const at = stored.keys.indexOf(key);
      if (at < 0) continue;
      const values = JSON.parse(stored.values[at]!) as unknown[];
      rows.forEach((row, i) => {
        if (Object.hasOwn(row, key)) row[key] = values[i];
      });
    }
    return rows;
  };
  const records = await new Promise<StoredRecord[]>((resolve, reject) => {
    const open = indexedDB.open('rxdb-mapped-storefront');
    open.onerror = () => reject(open.error ?? new Error('cannot open the write log'));
    open.onsuccess = () => {
      const db = open.result;
      if (!db.objectStoreNames.contains('records')) {
        db.close();
        resolve([]);
        return;
      }
      const request = db.transaction('records', 'readonly').objectStore('records').getAll();
      request.onsuccess = () => {
        db.close();
        resolve(request.result as StoredRecord[]);
      };
      request.onerror = () => reject(request.error ?? new Error('cannot read the write log'));
    };
  });
  const counts: Record<string, number> = {};
  for (const c of args.collections) {
    const latest = new Map<unknown, boolean>();
    for (const record of records.filter((r) => r.stream === args.streams[c])) {
      // getAll() returns records by key, i.e. in commit order: the later record wins, as in the app.
      const key = args.primaryKeys[c]!;
      for (const doc of docsOf(record.docs, key)) latest.set(doc[key], doc._deleted === true);
    }
    counts[c] = [...latest.values()].filter((deleted) => !deleted).length;
  }
  return counts;
}
