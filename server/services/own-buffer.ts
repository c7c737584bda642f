/**
 * A copy of `buffer` in memory of its own. Node hands small buffers out as slices of larger shared ones (zlib's
 * output chunk of 16 KiB, `Buffer.from`'s pool of 8 KiB), and a slice kept in a cache keeps the whole of its
 * parent alive: a cache that counts the slice's length then holds many times what it counts.
 */
export function ownBuffer(buffer: Buffer): Buffer {
  if (buffer.byteOffset === 0 && buffer.buffer.byteLength === buffer.length) return buffer;
  const copy = Buffer.allocUnsafeSlow(buffer.length);
  buffer.copy(copy);
  return copy;
}
