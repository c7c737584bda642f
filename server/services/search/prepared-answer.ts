import { gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** Below this, compressing costs more than it saves (the @fastify/compress default threshold too). */
const GZIP_MIN_BYTES = 1024;

/**
 * A search answer as it goes on the wire: the envelope checked against its contract and serialised once,
 * and gzip-compressed once on first need. A cached answer is sent many times (popular searches repeat);
 * validating, serialising and compressing 20–50 product documents on every hit was most of a cache hit's
 * cost under load. @fastify/compress leaves a response that already has a Content-Encoding alone.
 */
export class PreparedAnswer {
  private gzipped: Buffer | null = null;

  constructor(readonly json: string) {}

  private gzip(): Buffer | null {
    if (Buffer.byteLength(this.json) < GZIP_MIN_BYTES) return null;
    this.gzipped ??= gzipSync(this.json);
    return this.gzipped;
  }

  send(request: FastifyRequest, reply: FastifyReply): FastifyReply {
    reply.type('application/json; charset=utf-8').header('vary', 'accept-encoding');
    const accepts = /\bgzip\b/i.test(String(request.headers['accept-encoding'] ?? ''));
    const gzipped = accepts ? this.gzip() : null;
    if (gzipped) return reply.header('content-encoding', 'gzip').send(gzipped);
    return reply.send(this.json);
  }
}
