import { execFile } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, realpathSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { REPO_ROOT } from './e2e-env';

/**
 * A real next deployment for the tests of docs/decisions/032-safe-upgrades.md: the storefront's sources copied
 * to a temporary directory, changed the way a release changes them, and built once per worker with Vite.
 * `deploy()` puts it where the bridge serves dist/ from; `restore()` brings the tested build back.
 */
const SOURCES = ['src', 'public', 'index.html', 'vite.config.ts', 'lingui.config.ts', 'tsconfig.json', 'package.json'];
const DIST = path.join(REPO_ROOT, 'dist');
/** The tested build while the next one is served; git-ignored like dist/. */
const PREVIOUS_DIST = path.join(REPO_ROOT, 'dist-previous');

/** The page whose code the next deployment changes, so its old chunk is gone from the server. */
export const CHANGED_PAGE_SOURCE = 'src/ui/features/static-pages/faqs-page.tsx';

/** The buyer collection whose schema version the next deployment raises, with a migration that keeps every line. */
const BUMPED_SCHEMA_SOURCE = 'src/db/schema/cart-items.ts';
const SCHEMA_CHANGES: [string, string][] = [
  ['  version: 1,\n', '  version: 2,\n'],
  [
    'export const cartItemMigrations = { 1: (): null => null };',
    'export const cartItemMigrations = { 1: (): null => null, 2: (doc: CartItemDoc): CartItemDoc => doc };',
  ],
];

function edit(file: string, changes: [string, string][]): void {
  let text = readFileSync(file, 'utf8');
  for (const [from, to] of changes) {
    if (!text.includes(from)) throw new Error(`The next deployment expects "${from}" in ${file}`);
    text = text.replace(from, to);
  }
  writeFileSync(file, text);
}

let built: Promise<string> | undefined;

/** Builds the next deployment once; resolves to its output directory. */
export function buildNextDeployment(): Promise<string> {
  built ??= build();
  return built;
}

async function build(): Promise<string> {
  const root = mkdtempSync(path.join(tmpdir(), 'storefront-next-'));
  // The worker's specs share the build; it goes when the worker ends.
  process.once('exit', () => rmSync(root, { recursive: true, force: true }));
  for (const entry of SOURCES) cpSync(path.join(REPO_ROOT, entry), path.join(root, entry), { recursive: true });
  symlinkSync(realpathSync(path.join(REPO_ROOT, 'node_modules')), path.join(root, 'node_modules'));
  const page = path.join(root, CHANGED_PAGE_SOURCE);
  writeFileSync(page, `${readFileSync(page, 'utf8')}\nexport const release = 'next';\n`);
  edit(path.join(root, BUMPED_SCHEMA_SOURCE), SCHEMA_CHANGES);
  const outDir = path.join(root, 'dist');
  const started = Date.now();
  await promisify(execFile)(path.join(root, 'node_modules', '.bin', 'vite'), ['build', '--outDir', outDir, '--logLevel', 'warn'], {
    cwd: root,
    maxBuffer: 16 * 1024 * 1024,
  });
  console.log(`next deployment built in ${Date.now() - started} ms`);
  return outDir;
}

/** The file name of a source's chunk in a build, read from Vite's manifest. */
export function chunkOf(distDir: string, source: string): string {
  const manifest = JSON.parse(readFileSync(path.join(distDir, '.vite', 'manifest.json'), 'utf8')) as Record<string, { file: string }>;
  const entry = manifest[source];
  if (!entry) throw new Error(`${source} is not in ${distDir}'s manifest`);
  return entry.file;
}

/** Serves the next deployment in place of the tested build (kept aside until `restore()`). */
export async function deployNext(): Promise<void> {
  const next = await buildNextDeployment();
  restore();
  renameSync(DIST, PREVIOUS_DIST);
  cpSync(next, DIST, { recursive: true });
}

/** Brings the tested build back; safe to call any number of times, also after an interrupted run. */
export function restore(): void {
  if (!existsSync(PREVIOUS_DIST)) return;
  rmSync(DIST, { recursive: true, force: true });
  renameSync(PREVIOUS_DIST, DIST);
}
