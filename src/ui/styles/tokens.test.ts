import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { BREAKPOINTS } from './breakpoints';

// The stylesheets' shared values live in one place each: colours, spacing and sizes in tokens.css,
// breakpoints in media.css (mirrored by breakpoints.ts for code). These checks read every stylesheet
// and script of src/ui, so a typo in a token name or a stray breakpoint fails here, not on a phone.
const stylesDir = path.dirname(fileURLToPath(import.meta.url));
const uiDir = path.resolve(stylesDir, '..');
const tokensFile = path.join(stylesDir, 'tokens.css');
const mediaFile = path.join(stylesDir, 'media.css');

function filesUnder(dir: string, pattern: RegExp): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && pattern.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

const stylesheets = filesUnder(uiDir, /\.css$/).map((file) => ({
  file,
  name: path.relative(uiDir, file),
  // Comments may name values and tokens freely.
  css: readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\//g, ''),
}));

const declaredIn = (css: string): Set<string> => new Set([...css.matchAll(/(--[\w-]+)\s*:/g)].map((m) => m[1] as string));
const tokens = declaredIn(stylesheets.find((s) => s.file === tokensFile)?.css ?? '');

/** `@custom-media --name (query);` of media.css. */
const customMedia = new Map(
  [...(stylesheets.find((s) => s.file === mediaFile)?.css ?? '').matchAll(/@custom-media\s+(--[\w-]+)\s+([^;]+);/g)].map((m) => [
    m[1] as string,
    m[2] as string,
  ]),
);

describe('design tokens', () => {
  it('finds the stylesheets', () => {
    expect(stylesheets.length).toBeGreaterThan(20);
    expect(tokens.has('--color-accent')).toBe(true);
  });

  it('every var(--name) is a token of tokens.css or a setting declared in the same stylesheet', () => {
    const undefinedUses = stylesheets.flatMap(({ name, css }) => {
      const local = declaredIn(css);
      return [...css.matchAll(/var\(\s*(--[\w-]+)/g)]
        .map((m) => m[1] as string)
        .filter((token) => !tokens.has(token) && !local.has(token))
        .map((token) => `${name}: ${token}`);
    });
    expect(undefinedUses).toEqual([]);
  });

  it('no var() carries a fallback, which would hide a missing token', () => {
    const withFallback = stylesheets.flatMap(({ name, css }) =>
      [...css.matchAll(/var\(\s*--[\w-]+\s*,[^)]*\)/g)].map((m) => `${name}: ${m[0]}`),
    );
    expect(withFallback).toEqual([]);
  });

  it('the tap target is 44 px, and sizes of that value use the token', () => {
    expect(stylesheets.find((s) => s.file === tokensFile)?.css).toMatch(/--tap-target:\s*2\.75rem;/);
    const literal = stylesheets.flatMap(({ name, css }) =>
      [...css.matchAll(/(?:^|[\s;{])((?:min-|max-)?(?:width|height)\s*:\s*(?:2\.75rem|44px))/g)].map((m) => `${name}: ${m[1]}`),
    );
    expect(literal).toEqual([]);
  });
});

describe('breakpoints', () => {
  it('media.css defines the product breakpoints, the same as breakpoints.ts', () => {
    expect(Object.fromEntries(customMedia)).toEqual({
      '--sm-down': `(max-width: ${BREAKPOINTS.sm}px)`,
      '--md-up': `(min-width: ${BREAKPOINTS.md}px)`,
      '--lg-up': `(min-width: ${BREAKPOINTS.lg}px)`,
      '--xl-up': `(min-width: ${BREAKPOINTS.xl}px)`,
    });
    expect(BREAKPOINTS).toEqual({ xs: 300, sm: 576, md: 577, lg: 961, xl: 1201 });
    expect(stylesheets.find((s) => s.file === tokensFile)?.css).toMatch(new RegExp(`--page-min-width:\\s*${BREAKPOINTS.xs}px;`));
  });

  it('no media query outside media.css names a width or height', () => {
    const literal = stylesheets
      .filter(({ file }) => file !== mediaFile)
      .flatMap(({ name, css }) =>
        [...css.matchAll(/@media[^{]*/g)].filter((m) => /\d\s*(px|r?em)|width|height/.test(m[0])).map((m) => `${name}: ${m[0].trim()}`),
      );
    expect(literal).toEqual([]);
  });

  it('every custom media used is defined, in a stylesheet that imports media.css', () => {
    const problems = stylesheets.flatMap(({ file, name, css }) => {
      const used = [...css.matchAll(/@media[^{]*/g)].flatMap((m) => [...m[0].matchAll(/\((--[\w-]+)\)/g)].map((u) => u[1] as string));
      if (used.length === 0) return [];
      const imports = [...css.matchAll(/@import\s+['"]([^'"]+)['"]/g)].map((m) => path.resolve(path.dirname(file), m[1] as string));
      return [
        ...used.filter((media) => !customMedia.has(media)).map((media) => `${name}: unknown ${media}`),
        ...(imports.includes(mediaFile) ? [] : [`${name}: uses custom media without importing styles/media.css`]),
      ];
    });
    expect(problems).toEqual([]);
  });

  it('code reads the viewport width only through breakpoints.ts', () => {
    const scripts = filesUnder(uiDir, /\.tsx?$/).filter((file) => !file.endsWith('.test.ts') && !file.endsWith('.test.tsx'));
    const direct = scripts
      .filter((file) => file !== path.join(stylesDir, 'breakpoints.ts'))
      .filter((file) => /\binnerWidth\b|\bmatchMedia\s*\(/.test(readFileSync(file, 'utf8')))
      .map((file) => path.relative(uiDir, file));
    expect(direct).toEqual([]);
  });
});
