import { rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openPglite } from '../../../server/db/client';
import { migrate } from '../../../server/db/migrate';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A dump of a freshly migrated PGlite database, or '' on the PostgreSQL run. */
    pgliteTemplate: string;
  }
}

/**
 * Global setup of the server suite: PGlite spends about 4 s creating an empty database (initdb) and 1 s
 * loading a dump, so the migrated database is made once per run and every test file starts from its
 * dump. The migrations still run in each file (they find nothing left to do), as on a real bridge.
 */
export default async function setup(project: TestProject): Promise<() => void> {
  if (process.env.TEST_DB === 'postgresql' && process.env.TEST_DATABASE_URL) {
    project.provide('pgliteTemplate', '');
    return () => undefined;
  }
  const db = await openPglite(undefined, { thread: 'main' });
  const file = path.join(os.tmpdir(), `pglite-template-${process.pid}.tar`);
  try {
    await migrate(db);
    const dump = await db.dump!();
    writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  } finally {
    await db.close();
  }
  project.provide('pgliteTemplate', file);
  return () => rmSync(file, { force: true });
}
