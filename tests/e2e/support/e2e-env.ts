import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Where the end-to-end bridge runs. One fixed port so the tests and the mails' links agree on the origin. */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 8099);
export const E2E_BASE_URL = `http://127.0.0.1:${E2E_PORT}`;

/** Repository root (this file is tests/e2e/support/e2e-env.ts). */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/**
 * Throwaway data directory of the e2e bridge (PGlite, mail outbox). `data-*` is git-ignored; the web server
 * command wipes it before every run so each run starts from a fresh seed.
 */
export const E2E_DATA_DIR = path.join(REPO_ROOT, 'data-e2e');
export const E2E_OUTBOX_DIR = path.join(E2E_DATA_DIR, 'outbox');
