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
  /** UTF-8 bytes, encoded once: a string reply is encoded again on every send (and was measured again). */
  private readonly bytes: Buffer;
  /** undefined: not compressed yet; null: too small to be worth it. */
  private gzipped: Buffer | null | undefined;

  constructor(json: string) {
    this.bytes = Buffer.from(json, 'utf8');
  }

  private gzip(): Buffer | null {
    if (this.gzipped === undefined) this.gzipped = this.bytes.length < GZIP_MIN_BYTES ? null : gzipSync(this.bytes);
    return this.gzipped;
  }

  send(request: FastifyRequest, reply: FastifyReply): FastifyReply {
    reply.type('application/json; charset=utf-8').header('vary', 'accept-encoding');
    const accepts = /\bgzip\b/i.test(String(request.headers['accept-encoding'] ?? ''));
    const gzipped = accepts ? this.gzip() : null;
    if (gzipped) return reply.header('content-encoding', 'gzip').send(gzipped);
    return reply.send(this.bytes);
  }
}
