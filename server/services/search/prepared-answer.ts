import { gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ownBuffer } from '../own-buffer';

/** Below this, compressing costs more than it saves (the @fastify/compress default threshold too). */
const GZIP_MIN_BYTES = 1024;

/**
 * A search answer as it goes on the wire: the envelope checked against its contract and serialised once,
 * and gzip-compressed once. A cached answer is sent many times (popular searches repeat);
 * validating, serialising and compressing 20–50 product documents on every hit was most of a cache hit's
 * cost under load. @fastify/compress leaves a response that already has a Content-Encoding alone.
 */
export class PreparedAnswer {
  /** UTF-8 bytes, encoded once: a string reply is encoded again on every send (and was measured again). */
  private readonly bytes: Buffer;
  /**
   * Compressed when prepared, not on first need, so that `size` is final when the answer cache counts it
   * (browsers all accept gzip: nearly every answer is compressed once anyway). null: too small to be worth it.
   */
  private readonly gzipped: Buffer | null;

  constructor(json: string) {
    // Buffers of their own: the answer cache counts their lengths, and a slice would keep its shared parent.
    this.bytes = ownBuffer(Buffer.from(json, 'utf8'));
    this.gzipped = this.bytes.length < GZIP_MIN_BYTES ? null : ownBuffer(gzipSync(this.bytes));
  }

  /** Bytes this answer holds in memory (plain and compressed), what the answer cache's budget counts. */
  get size(): number {
    return this.bytes.length + (this.gzipped?.length ?? 0);
  }

  send(request: FastifyRequest, reply: FastifyReply): FastifyReply {
    reply.type('application/json; charset=utf-8').header('vary', 'accept-encoding');
    const accepts = /\bgzip\b/i.test(String(request.headers['accept-encoding'] ?? ''));
    const gzipped = accepts ? this.gzipped : null;
    if (gzipped) return reply.header('content-encoding', 'gzip').send(gzipped);
    return reply.send(this.bytes);
  }
}
