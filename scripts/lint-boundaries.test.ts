import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

// Proves that eslint.config.js enforces the dependency direction of docs/architecture.md §2
// (domain ← contracts ← db ← replication ← ui; server/ sees only domain and contracts), the boundaries
// inside src/ui, and the size limit.
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
let eslint: ESLint;

beforeAll(() => {
  eslint = new ESLint({ cwd: root });
});

async function lintAs(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, filePath) });
  if (!result) throw new Error(`ESLint returned no result for ${filePath}`);
  return result.messages.map((m) => `${m.ruleId ?? 'fatal'}: ${m.message}`);
}

const restricted = (messages: string[]): string[] =>
  messages.filter((m) => m.startsWith('no-restricted-imports') || m.startsWith('no-restricted-syntax') || m.startsWith('ui/boundaries'));

/** An import line plus a use of what it imports, so no-unused-vars stays quiet. */
const importing = (importLine: string): string => `${importLine}\nexport const used = [${importLine.match(/\{ (\w+) \}/)?.[1]}];\n`;

describe('layer boundaries', () => {
  it.each([
    ['src/domain/cart-merge.ts', "import { openDatabase } from '../db/database';"],
    ['src/domain/cart-merge.ts', "import { useThing } from '../ui/hooks/use-thing';"],
    ['src/domain/pricing/tax.ts', "import { envelope } from '../../contracts/envelope';"],
    ['src/domain/cart-merge.ts', "import { createRxDatabase } from 'rxdb';"],
    ['src/domain/cart-merge.ts', "import { useState } from 'react';"],
    ['src/contracts/order.ts', "import { ordersCollection } from '../db/schema/orders';"],
    ['src/db/commands/add-to-cart.ts', "import { pushCart } from '../../replication/cart';"],
    ['src/replication/cart.ts', "import { App } from '../ui/app';"],
    ['server/routes/auth.ts', "import { openDatabase } from '../../src/db/database';"],
    ['server/app.ts', "import { App } from '../src/ui/app';"],
    ['server/app.ts', "import { createRxDatabase } from 'rxdb';"],
    ['server/app.ts', "import { useState } from 'react';"],
  ])('%s: %s is reported', async (file, importLine) => {
    const messages = await lintAs(file, `${importLine}\nexport const used = [${importLine.match(/\{ (\w+) \}/)?.[1]}];\n`);
    expect(restricted(messages)).toHaveLength(1);
  });

  it.each([
    ['src/domain/cart-merge.ts', "import { normalizeAfm } from './afm';"],
    ['src/contracts/order.ts', "import { normalizeAfm } from '../domain/afm';"],
    ['src/db/commands/add-to-cart.ts', "import { M } from '../../contracts/messages';"],
    ['src/replication/cart.ts', "import { cartItems } from '../db/schema/cart-items';"],
    ['src/ui/features/cart/cart-page.tsx', "import { pushCart } from '../../../replication/cart';"],
    ['server/routes/auth.ts', "import { M } from '../../src/contracts/messages';"],
    ['server/routes/auth.ts', "import { normalizeAfm } from '../../src/domain/afm';"],
    ['server/routes/auth.ts', "import { createDb } from '../db/client';"],
  ])('%s: %s is allowed', async (file, importLine) => {
    const messages = await lintAs(file, `${importLine}\nexport const used = [${importLine.match(/\{ (\w+) \}/)?.[1]}];\n`);
    expect(messages).toEqual([]);
  });

  it.each([
    ['src/ui/features/home/home-page.tsx', "import { createRxDatabase } from 'rxdb';"],
    ['src/ui/features/home/home-page.tsx', "import { RxDBDevModePlugin } from 'rxdb/plugins/dev-mode';"],
    ['src/ui/shared/database/use-observable.ts', "import type { RxDocument } from 'rxdb';"],
    ['src/ui/features/cart/cart-page.tsx', "import { Dexie } from 'dexie';"],
  ])('%s: %s is reported (the UI goes through src/db/queries and commands)', async (file, importLine) => {
    expect(restricted(await lintAs(file, importing(importLine)))).toHaveLength(1);
  });

  it('src/domain may not read the wall clock', async () => {
    const messages = await lintAs('src/domain/price-window.ts', 'export const isOpen = (end: number) => Date.now() < end;\n');
    expect(restricted(messages)).toHaveLength(1);
  });
});

describe('boundaries inside src/ui', () => {
  it.each([
    // A feature never reaches into another one, however it imports.
    ['src/ui/features/category/category-page.tsx', "import { ProductGrid } from '../product/product-grid';"],
    ['src/ui/features/category/category-page.tsx', "import { ProductGrid } from '../../features/product/product-grid';"],
    ['src/ui/features/category/category-page.tsx', "export { ProductGrid } from '../product/product-grid';"],
    ['src/ui/features/category/category-page.test.tsx', "import { Component } from '../home/home-page';"],
    // Shared pieces and components stay below the features; nothing below the shell imports it.
    ['src/ui/shared/catalog/price-tag.tsx', "import { CartButton } from '../../features/cart/cart-button';"],
    ['src/ui/components/dialog.tsx', "import { useSession } from '../shared/session/session-context';"],
    ['src/ui/components/dialog.tsx', "import { to } from '../routes/paths';"],
    ['src/ui/components/dialog.tsx', "import { LoginForm } from '../features/auth/login-form';"],
    ['src/ui/features/cart/cart-page.tsx', "import { AppHeader } from '../../layouts/app-header';"],
    ['src/ui/features/cart/cart-page.tsx', "import { buildRoutes } from '../../route-table';"],
    ['src/ui/shared/session/require-login.tsx', "import { App } from '../../app';"],
    // Test support is for tests.
    ['src/ui/features/cart/cart-page.tsx', "import { startFakeBridge } from '../../testing/auth-test-harness';"],
  ])('%s: %s is reported', async (file, importLine) => {
    expect(restricted(await lintAs(file, importing(importLine)))).toHaveLength(1);
  });

  it('reports a dynamic import of another feature', async () => {
    const code = "export const load = () => import('../product/product-page');\n";
    expect(restricted(await lintAs('src/ui/features/category/category-page.tsx', code))).toHaveLength(1);
  });

  it.each([
    ['src/ui/features/category/category-page.tsx', "import { ProductListing } from '../../shared/listing/product-listing';"],
    ['src/ui/features/category/category-page.tsx', "import { Breadcrumbs } from '../../shared/catalog/breadcrumbs';"],
    ['src/ui/features/category/category-page.tsx', "import { Button } from '../../components/button';"],
    ['src/ui/features/category/category-page.tsx', "import { to } from '../../routes/paths';"],
    ['src/ui/features/category/category-page.tsx', "import { useCrumbs } from './use-crumbs';"],
    ['src/ui/shared/listing/product-listing.tsx', "import { ProductGrid } from '../catalog/product-grid';"],
    ['src/ui/shared/catalog/catalog-states.tsx', "import { NotFoundPage } from '../../routes/pages/not-found-page';"],
    ['src/ui/components/dialog.tsx', "import { IconButton } from './icon-button';"],
    ['src/ui/layouts/company-switch.tsx', "import { BuyerSelectDialog } from '../features/auth/buyer-select-dialog';"],
    ['src/ui/route-table.tsx', "import { RequireAuth } from './features/auth/require-auth';"],
    ['src/ui/features/cart/cart-page.test.tsx', "import { startFakeBridge } from '../../testing/auth-test-harness';"],
    ['src/ui/testing/browsing-test-harness.tsx', "import { Component } from '../features/home/home-page';"],
  ])('%s: %s is allowed', async (file, importLine) => {
    expect(await lintAs(file, importing(importLine))).toEqual([]);
  });

  it('the route table may load any feature lazily', async () => {
    const code = "export const load = () => import('./features/product/product-page');\n";
    expect(await lintAs('src/ui/route-table.tsx', code)).toEqual([]);
  });

  it('the UI may not call RxDB collections directly, except in tests and test support', async () => {
    const code = 'declare const db: any;\nexport const supplier = db.suppliers.findOne("s-1").$;\n';
    expect(
      restricted(await lintAs('src/ui/features/product/product-view.tsx', code.replace(': any', ': { suppliers: never }'))),
    ).toHaveLength(1);
    const read = 'declare const db: { catalog_meta: never };\nexport const pages = db.catalog_meta.find({});\n';
    expect(restricted(await lintAs('src/ui/features/url-dispatcher/browser-url-resolver.ts', read))).toHaveLength(1);
    expect(restricted(await lintAs('src/ui/features/product/product-page.test.tsx', read))).toEqual([]);
    expect(restricted(await lintAs('src/ui/testing/product-test-harness.tsx', read))).toEqual([]);
    const arrays = 'declare const buyers: { id: string }[];\nexport const first = buyers.find((b) => b.id === "b-1");\n';
    expect(await lintAs('src/ui/features/auth/buyer-select-dialog.tsx', arrays)).toEqual([]);
  });
});

describe('code rules', () => {
  it('reports any, @ts-ignore and an empty catch', async () => {
    const code = [
      'export function parse(text: string): any {',
      '  // @ts-ignore',
      '  try { return JSON.parse(text); } catch {}',
      '}',
      '',
    ].join('\n');
    const rules = (await lintAs('src/ui/parse.ts', code)).map((m) => m.split(':')[0]);
    expect(rules).toEqual(expect.arrayContaining(['@typescript-eslint/no-explicit-any', '@typescript-eslint/ban-ts-comment', 'no-empty']));
  });

  it('reports a file over 400 lines of code, not counting blank lines and comments', async () => {
    const lines = (count: number) => Array.from({ length: count }, (_, i) => `export const v${i} = ${i};`);
    const long = lines(401).join('\n') + '\n';
    expect((await lintAs('src/domain/long.ts', long)).map((m) => m.split(':')[0])).toEqual(['max-lines']);
    expect((await lintAs('server/routes/long.ts', long)).map((m) => m.split(':')[0])).toEqual(['max-lines']);
    const padded =
      lines(400)
        .flatMap((line) => ['', '// why', line])
        .join('\n') + '\n';
    expect(await lintAs('src/domain/long.ts', padded)).toEqual([]);
  });

  it('accepts @ts-expect-error with a reason', async () => {
    const code = "// @ts-expect-error -- the library's types omit this overload\nexport const n: number = 'x';\n";
    expect(await lintAs('src/ui/parse.ts', code)).toEqual([]);
  });
});
