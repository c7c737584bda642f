import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The repository stands on its own: comments and docs cite docs/product-rules.md, docs/architecture.md and
// docs/field-notes.md, never the documents the team wrote them from. And one spelling in names: files and
// identifiers say "catalog"; prose and user-visible text may say "catalogue" (docs/README.md).
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const tracked = execFileSync('git', ['ls-files'], { cwd: root, encoding: 'utf8' })
  .split('\n')
  .filter((file) => file !== '');

const TEXT = /\.(ts|tsx|js|mjs|css|sql|md|json|html)$/;
/** Migration names are what the migration runner records as applied: renaming one would run it again. */
const KEPT_NAMES = new Set(['server/db/migrations/002-catalogue.sql']);

export function outsideCitations(text: string): string[] {
  return [...text.matchAll(/\b(SPEC(?:\.md)?|ARCHITECTURE(?:\.md)?|FIELD-NOTES(?:\.md)?)\b/g)].map((m) => m[0]);
}

export function britishIdentifiers(text: string): string[] {
  return [...text.matchAll(/\b(?:\w*[a-z_]Catalogue\w*|Catalogue[A-Z_]\w*|catalogue[A-Z_]\w*)\b/g)].map((m) => m[0]);
}

describe('the repository stands on its own', () => {
  it('recognises what it looks for (so the scans below can fail)', () => {
    expect(outsideCitations('// see SPEC §4 and ARCHITECTURE "Replication", FIELD-NOTES.md')).toEqual([
      'SPEC',
      'ARCHITECTURE',
      'FIELD-NOTES.md',
    ]);
    expect(outsideCitations('// docs/product-rules.md §4; SPECIAL_PRICE; PROSPECT_COMPANIES')).toEqual([]);
    expect(britishIdentifiers('const localCatalogue = waitForCatalogueReady(catalogueArb) as CatalogueProduct;')).toEqual([
      'localCatalogue',
      'waitForCatalogueReady',
      'catalogueArb',
      'CatalogueProduct',
    ]);
    expect(britishIdentifiers('// the catalogue is offline; t`Catalogue download`')).toEqual([]);
  });

  it('cites no document outside the repository', () => {
    const found = tracked
      .filter((file) => TEXT.test(file) && file !== 'package-lock.json' && file !== 'scripts/self-contained.test.ts')
      .flatMap((file) => outsideCitations(readFileSync(path.join(root, file), 'utf8')).map((hit) => `${file}: ${hit}`));
    expect(found).toEqual([]);
  });

  it('spells "catalog" in file names and identifiers', () => {
    const names = tracked.filter((file) => /catalogue/i.test(file) && !file.startsWith('docs/') && !KEPT_NAMES.has(file));
    expect(names).toEqual([]);
    const identifiers = tracked
      .filter((file) => /\.(ts|tsx|js|mjs)$/.test(file) && file !== 'scripts/self-contained.test.ts')
      .flatMap((file) => britishIdentifiers(readFileSync(path.join(root, file), 'utf8')).map((hit) => `${file}: ${hit}`));
    expect(identifiers).toEqual([]);
  });
});
