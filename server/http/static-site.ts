import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { M } from '../../src/contracts/messages';
import { errorEnvelope } from './envelope';

const NO_CACHE = new Set(['index.html', 'sw.js']);

const isSourceMap = (pathname: string) => pathname.toLowerCase().endsWith('.map');
/** dist/.vite/ holds the build manifest (module paths and chunk names), read by the bundle report only. */
const isBuildRecord = (pathname: string) => pathname.toLowerCase().replaceAll('%2e', '.').startsWith('/.vite/');
const isUnpublished = (pathname: string) => isSourceMap(pathname) || isBuildRecord(pathname);

/** Vite puts content-hashed files under assets/: they never change, so browsers may keep them for a year. */
function cacheControlFor(filePath: string): string | undefined {
  const name = path.basename(filePath);
  if (NO_CACHE.has(name) || name.endsWith('.webmanifest')) return 'no-cache';
  if (filePath.split(path.sep).includes('assets')) return 'public, max-age=31536000, immutable';
  return undefined;
}

/**
 * CSP sources (`'sha256-…'`) of the <style> elements of the built index.html, which styles its static first
 * paint inline: the policy allows exactly those texts. Read again whenever the file changes (a build while
 * the bridge runs); none when there is no build.
 */
export function inlineStyleSources(distDir: string): () => string {
  const file = path.join(distDir, 'index.html');
  let seen: { mtimeMs: number; sources: string } | null = null;
  return () => {
    if (!existsSync(file)) return '';
    const { mtimeMs } = statSync(file);
    if (seen?.mtimeMs !== mtimeMs) {
      const html = readFileSync(file, 'utf8');
      const hashes = [...html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/g)].map(
        (match) =>
          `'sha256-${createHash('sha256')
            .update(match[1] ?? '', 'utf8')
            .digest('base64')}'`,
      );
      seen = { mtimeMs, sources: [...new Set(hashes)].join(' ') };
    }
    return seen.sources;
  };
}

/**
 * Serves the built storefront from `distDir` (when it exists) and answers every unmatched request:
 * `/api/...` with a 404 envelope, other GETs with the SPA's index.html so client routes survive reloads.
 */
export async function installStaticSite(app: FastifyInstance, distDir: string): Promise<void> {
  const hasDist = existsSync(path.join(distDir, 'index.html'));
  if (hasDist) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: true,
      index: false,
      // The build keeps source maps for our own debugging (vite.config.ts, 'hidden') and its manifest for the
      // bundle report; neither is published.
      allowedPath: (pathName) => !isUnpublished(pathName),
      setHeaders: (reply, filePath) => {
        const value = cacheControlFor(filePath);
        if (value) reply.header('cache-control', value);
      },
    });
    // With `index: false`, @fastify/static answers the root directory with 403; the home page is the SPA.
    app.get('/', (_request, reply) => reply.header('cache-control', 'no-cache').sendFile('index.html'));
  }
  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    const pathname = request.url.split('?')[0] ?? '';
    if (pathname === '/api' || pathname.startsWith('/api/') || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return reply.code(404).send(errorEnvelope(404, M.routeNotFound));
    }
    if (pathname.startsWith('/assets/') || isUnpublished(pathname)) {
      // A missing hashed file is a stale client; index.html in its place would fail as a script anyway.
      return reply.code(404).type('text/plain; charset=utf-8').send('Not found\n');
    }
    if (!hasDist) {
      return reply
        .code(503)
        .type('text/plain; charset=utf-8')
        .send('The storefront is not built yet. Run `npm run build` (or `npm start`), then reload this page.\n');
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}
