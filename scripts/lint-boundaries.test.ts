import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

// Proves that eslint.config.js enforces ARCHITECTURE's dependency direction
// (domain ← contracts ← db ← replication ← ui; server/ sees only domain and contracts).
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
  messages.filter((m) => m.startsWith('no-restricted-imports') || m.startsWith('no-restricted-syntax'));

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

  it('src/domain may not read the wall clock', async () => {
    const messages = await lintAs('src/domain/price-window.ts', 'export const isOpen = (end: number) => Date.now() < end;\n');
    expect(restricted(messages)).toHaveLength(1);
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

  it('accepts @ts-expect-error with a reason', async () => {
    const code = "// @ts-expect-error -- the library's types omit this overload\nexport const n: number = 'x';\n";
    expect(await lintAs('src/ui/parse.ts', code)).toEqual([]);
  });
});
