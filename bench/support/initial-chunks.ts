import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/**
 * What a page of the built storefront loads, read from Vite's build manifest (dist/.vite/manifest.json,
 * `build.manifest` in vite.config.ts): the entry of index.html with every chunk it imports statically (the
 * browser fetches them at once: index.html lists them as modulepreloads) and their styles. Sizes are gzip at
 * level 9, as the bridge's compression and Vite's build report come close to.
 */
/** 200 kB of 1000 bytes, the unit of Vite's build report. */
export const INITIAL_JS_BUDGET_BYTES = 200_000;

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

export interface ChunkSize {
  file: string;
  kind: 'js' | 'css';
  bytes: number;
  gzipBytes: number;
}

export interface ChunkGroup {
  chunks: ChunkSize[];
  jsGzipBytes: number;
  cssGzipBytes: number;
}

export interface BundleReport {
  /** index.html's entry, its static imports and their styles. */
  initial: ChunkGroup;
  /** Lazy chunks by the source file that starts them (route pages, the locale catalogs): what each adds to the initial set. */
  lazy: Record<string, ChunkGroup>;
}

export function readManifest(distDir: string): Manifest {
  return JSON.parse(readFileSync(path.join(distDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
}

function sizeOf(distDir: string, file: string): ChunkSize {
  const content = readFileSync(path.join(distDir, file));
  return { file, kind: file.endsWith('.css') ? 'css' : 'js', bytes: content.length, gzipBytes: gzipSync(content, { level: 9 }).length };
}

/** The chunk `key` and every chunk it imports statically, transitively (keys of the manifest). */
function staticClosure(manifest: Manifest, key: string, into = new Set<string>()): Set<string> {
  if (into.has(key)) return into;
  into.add(key);
  for (const imported of manifest[key]?.imports ?? []) staticClosure(manifest, imported, into);
  return into;
}

function groupOf(distDir: string, manifest: Manifest, keys: Iterable<string>, exclude: ReadonlySet<string> = new Set()): ChunkGroup {
  const files = new Set<string>();
  for (const key of keys) {
    const chunk = manifest[key];
    if (!chunk) continue;
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
  }
  const chunks = [...files]
    .filter((file) => !exclude.has(file))
    .map((file) => sizeOf(distDir, file))
    .sort((a, b) => b.gzipBytes - a.gzipBytes);
  const sum = (kind: ChunkSize['kind']) => chunks.filter((c) => c.kind === kind).reduce((total, c) => total + c.gzipBytes, 0);
  return { chunks, jsGzipBytes: sum('js'), cssGzipBytes: sum('css') };
}

export function bundleReport(distDir: string, lazySources: readonly string[] = []): BundleReport {
  const manifest = readManifest(distDir);
  const entries = Object.keys(manifest).filter((key) => manifest[key]?.isEntry);
  if (entries.length !== 1) throw new Error(`expected one entry in the build manifest, found ${entries.join(', ') || 'none'}`);
  const initialKeys = staticClosure(manifest, entries[0]!);
  const initial = groupOf(distDir, manifest, initialKeys);
  const loaded = new Set(initial.chunks.map((c) => c.file));
  const lazy: Record<string, ChunkGroup> = {};
  for (const source of lazySources) {
    if (!manifest[source]) throw new Error(`${source} is not a chunk of the build manifest`);
    lazy[source] = groupOf(distDir, manifest, staticClosure(manifest, source), loaded);
  }
  return { initial, lazy };
}

/**
 * The chunks index.html itself names (entry script, modulepreloads, stylesheets, the latter inline as
 * `<style data-href>`, see vite.config.ts): must equal the manifest's view.
 */
export function filesNamedByIndexHtml(distDir: string): string[] {
  const html = readFileSync(path.join(distDir, 'index.html'), 'utf8');
  const found = [...html.matchAll(/<(?:script|link|style)\b[^>]*\b(?:src|href|data-href)="\/(assets\/[^"]+\.(?:js|css))"/g)].map(
    (m) => m[1]!,
  );
  return [...new Set(found)].sort();
}
