import { gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { ownBuffer } from '../../server/services/own-buffer';
import { PreparedAnswer } from '../../server/services/search/prepared-answer';

/**
 * Caches count the bytes of what they keep; a kept buffer must hold only those bytes, not a slice of zlib's or
 * Buffer.from's larger shared buffer (server/services/own-buffer.ts).
 */
describe('buffers kept in caches', () => {
  it('copies a slice of a shared buffer out, and leaves a buffer that is already its own', () => {
    const slice = gzipSync('{"small":true}');
    expect(slice.buffer.byteLength).toBeGreaterThan(slice.length);
    const own = ownBuffer(slice);
    expect(own.equals(slice)).toBe(true);
    expect(own.buffer.byteLength).toBe(own.length);
    expect(ownBuffer(own)).toBe(own);
  });

  it('a prepared search answer holds only the bytes it counts, plain and gzipped', () => {
    const json = JSON.stringify({
      code: 200,
      result: Array.from({ length: 40 }, (_, i) => ({ sku: `SKU-${i}`, name: 'Φέτα ΠΟΠ 400 γρ.' })),
    });
    const answer = new PreparedAnswer(json);
    const sent: Buffer[] = [];
    const reply = {
      type: () => reply,
      header: () => reply,
      send: (payload: Buffer) => {
        sent.push(payload);
        return reply;
      },
    };
    const ask = (encoding: string) =>
      answer.send({ headers: { 'accept-encoding': encoding } } as unknown as FastifyRequest, reply as unknown as FastifyReply);
    ask('gzip');
    ask('identity');
    const [gzipped, plain] = sent;
    expect(plain?.toString()).toBe(json);
    expect(answer.size).toBe((plain?.length ?? 0) + (gzipped?.length ?? 0));
    for (const buffer of sent) expect(buffer.buffer.byteLength).toBe(buffer.length);
  });
});
