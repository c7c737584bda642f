import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { buildApp, type AppOptions } from '../../../server/app';
import { loadConfig, type Config } from '../../../server/config';
import type { OutboxSummary } from '../../../server/services/mailer';
import { openTestDb, type TestDb } from './test-db';

export const TEST_JWT_SECRET = 'test-secret-that-is-long-enough-for-hmac-0123456789';

export type TestApp = {
  app: FastifyInstance;
  db: TestDb;
  config: Config;
  /** Everything the app logged so far (pino JSON lines). */
  logs(): string;
  /** Mails written to the outbox, oldest first. */
  outbox(): OutboxSummary[];
  /** Waits (up to 5 s) until the outbox holds `count` mails; mails are sent after the response. */
  waitForMails(count: number): Promise<OutboxSummary[]>;
  close(): Promise<void>;
};

/** A full bridge over a fresh test database, with its own DATA_DIR (outbox) and a captured log. */
export async function createTestApp(
  overrides: Partial<Omit<AppOptions, 'config' | 'db' | 'logStream'>> & { env?: Record<string, string> } = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bridge-test-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    JWT_SECRET: TEST_JWT_SECRET,
    PUBLIC_URL: 'http://shop.test',
    LOG_LEVEL: 'info',
    ...overrides.env,
  });
  const db = await openTestDb();
  const chunks: string[] = [];
  const logStream = new PassThrough();
  logStream.on('data', (chunk: Buffer) => chunks.push(chunk.toString('utf8')));
  const { env: _env, ...rest } = overrides;
  const app = await buildApp({ config, db, logStream, distDir: path.join(dataDir, 'no-dist'), ...rest });
  await app.ready();
  const outboxDir = path.join(dataDir, 'outbox');
  const outbox = (): OutboxSummary[] => {
    let files: string[];
    try {
      files = readdirSync(outboxDir).filter((f) => f.endsWith('.json'));
    } catch {
      // No mail sent yet: the outbox directory is created by the first mail.
      return [];
    }
    return files.sort().map((f) => JSON.parse(readFileSync(path.join(outboxDir, f), 'utf8')) as OutboxSummary);
  };
  return {
    app,
    db,
    config,
    logs: () => chunks.join(''),
    outbox,
    async waitForMails(count) {
      for (let waited = 0; waited < 5000; waited += 20) {
        const mails = outbox();
        if (mails.length >= count) return mails;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      throw new Error(`expected ${count} mails in the outbox, found ${outbox().length}`);
    },
    async close() {
      await app.close();
      await db.dispose();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Parses an inject response body as JSON (the envelope). */
export function json(res: {
  body: string;
}): Record<string, unknown> & { code?: number; result?: unknown; meta?: Record<string, unknown>; errors?: { description: string }[] } {
  return JSON.parse(res.body) as Record<string, unknown>;
}
