import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// An import circle makes modules load half-initialised and blurs which one owns what. This walks every
// import of src/ (static, re-exports, dynamic import() and type-only imports alike) with the TypeScript
// parser and fails on any strongly connected group of more than one file, or a file importing itself;
// then the same over modules: each feature and shared topic of src/ui, each other folder of src/ui, each
// layer of src/ (production code only: a test may reach into the harness that renders its own feature).
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const EXTENSIONS = ['.ts', '.tsx', '.d.ts', '/index.ts', '/index.tsx'];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/** Relative module specifiers of one file; package imports cannot close a circle inside src/. */
export function importsOf(file: string, text = readFileSync(file, 'utf8')): string[] {
  const source = ts.createSourceFile(
    file,
    text,
    ts.ScriptTarget.Latest,
    false,
    file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if (
      (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      found.push(node.moduleSpecifier.text);
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteral(node.arguments[0])
    ) {
      found.push(node.arguments[0].text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found.filter((specifier) => specifier.startsWith('.'));
}

function resolveImport(from: string, specifier: string, known: ReadonlySet<string>): string | null {
  const base = path.resolve(path.dirname(from), specifier);
  if (known.has(base)) return base;
  for (const extension of EXTENSIONS) if (known.has(base + extension)) return base + extension;
  return null;
}

/** Tarjan's strongly connected components: every group of files that reach each other. */
export function findCycles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const connect = (node: string): void => {
    index.set(node, counter);
    low.set(node, counter);
    counter += 1;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        connect(next);
        low.set(node, Math.min(low.get(node) ?? 0, low.get(next) ?? 0));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node) ?? 0, index.get(next) ?? 0));
      }
    }
    if (low.get(node) !== index.get(node)) return;
    const group: string[] = [];
    let member: string | undefined;
    do {
      member = stack.pop();
      if (member === undefined) break;
      onStack.delete(member);
      group.push(member);
    } while (member !== node);
    if (group.length > 1 || (graph.get(node) ?? []).includes(node)) cycles.push(group.sort());
  };
  for (const node of graph.keys()) if (!index.has(node)) connect(node);
  return cycles;
}

/** The module a file belongs to: src/ui/features/<name>, src/ui/shared/<name>, src/ui/<folder> or src/<layer>. */
export function moduleOf(relativeFile: string): string {
  const parts = relativeFile.split(/[\\/]/);
  if (parts[0] !== 'src' || parts.length < 3) return parts.slice(0, 2).join('/');
  if (parts[1] !== 'ui') return parts.slice(0, 2).join('/');
  if ((parts[2] === 'features' || parts[2] === 'shared') && parts.length > 4) return parts.slice(0, 4).join('/');
  return parts.length > 3 ? parts.slice(0, 3).join('/') : 'src/ui';
}

function importGraph(files: readonly string[]): Map<string, string[]> {
  const known = new Set(files);
  return new Map(
    files.map((file) => [
      file,
      importsOf(file)
        .map((specifier) => resolveImport(file, specifier, known))
        .filter((target): target is string => target !== null),
    ]),
  );
}

describe('import circles', () => {
  it('finds a circle of three and a file importing itself, and nothing in a tree', () => {
    const graph = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a', 'd']],
      ['d', []],
      ['e', ['e']],
      ['f', ['d']],
    ]);
    expect(findCycles(graph)).toEqual([['a', 'b', 'c'], ['e']]);
  });

  it('reads static, re-exported, dynamic and type-only imports', () => {
    const code = [
      "import { a } from './a';",
      "import type { B } from '../b';",
      "export { c } from './c';",
      "export * from './d';",
      "const e = () => import('./e');",
      "import { useState } from 'react';",
    ].join('\n');
    expect(importsOf('/x/y.tsx', code)).toEqual(['./a', '../b', './c', './d', './e']);
  });

  it('names modules by feature, shared topic, UI folder or layer', () => {
    expect(moduleOf('src/ui/features/cart/cart-page.tsx')).toBe('src/ui/features/cart');
    expect(moduleOf('src/ui/shared/session/session-context.tsx')).toBe('src/ui/shared/session');
    expect(moduleOf('src/ui/routes/pages/not-found-page.tsx')).toBe('src/ui/routes');
    expect(moduleOf('src/ui/app.tsx')).toBe('src/ui');
    expect(moduleOf('src/db/queries/cms-pages.ts')).toBe('src/db');
  });

  // Reads every source file: seconds on a busy machine, so more time than the unit default.
  it('no file of src/ is part of one', { timeout: 30_000 }, () => {
    const files = sourceFiles(path.join(root, 'src'));
    expect(files.length).toBeGreaterThan(100);
    const cycles = findCycles(importGraph(files)).map((group) => group.map((file) => path.relative(root, file)));
    expect(cycles).toEqual([]);
  });

  it('no module of src/ is part of one (production code)', { timeout: 30_000 }, () => {
    const files = sourceFiles(path.join(root, 'src')).filter((file) => !/\.test\.tsx?$/.test(file));
    const modules = new Map<string, Set<string>>();
    for (const [file, targets] of importGraph(files)) {
      const from = moduleOf(path.relative(root, file));
      const edges = modules.get(from) ?? new Set<string>();
      for (const target of targets) {
        const to = moduleOf(path.relative(root, target));
        if (to !== from) edges.add(to);
      }
      modules.set(from, edges);
    }
    expect(modules.size).toBeGreaterThan(20);
    const graph = new Map([...modules].map(([name, edges]) => [name, [...edges]]));
    expect(findCycles(graph)).toEqual([]);
  });
});
