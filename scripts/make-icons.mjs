// Draws the PWA icons (a white shopping bag on the accent colour) as PNGs with nothing but node:zlib,
// so the repository needs no image tool. Run: node scripts/make-icons.mjs
import { deflateSync } from 'node:zlib';
import { writeFileSync, mkdirSync } from 'node:fs';

const ACCENT = [0x0b, 0x5c, 0xad];
const WHITE = [0xff, 0xff, 0xff];
const SAMPLES = 4; // supersampling per axis, for smooth edges

/** Shape in unit coordinates (0..1): true where the bag is white. Full-bleed background keeps it maskable. */
function isBag(x, y) {
  const top = 0.4;
  const bottom = 0.76;
  if (y >= top && y <= bottom) {
    const t = (y - top) / (bottom - top);
    const half = 0.25 - 0.03 * t; // slightly narrower at the bottom
    if (Math.abs(x - 0.5) <= half) return true;
  }
  // Handle: a ring above the body.
  const dx = x - 0.5;
  const dy = y - 0.4;
  const r = Math.hypot(dx, dy);
  return dy <= 0 && r >= 0.1 && r <= 0.135;
}

function crc32(buf) {
  let c;
  let crc = 0xffffffff;
  for (const byte of buf) {
    c = (crc ^ byte) & 0xff;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    crc = (crc >>> 8) ^ c;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type, data) {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

function png(size) {
  const raw = Buffer.alloc(size * (size * 3 + 1));
  for (let py = 0; py < size; py++) {
    raw[py * (size * 3 + 1)] = 0; // filter: none
    for (let px = 0; px < size; px++) {
      let hits = 0;
      for (let sy = 0; sy < SAMPLES; sy++) {
        for (let sx = 0; sx < SAMPLES; sx++) {
          if (isBag((px + (sx + 0.5) / SAMPLES) / size, (py + (sy + 0.5) / SAMPLES) / size)) hits++;
        }
      }
      const a = hits / (SAMPLES * SAMPLES);
      const offset = py * (size * 3 + 1) + 1 + px * 3;
      for (let ch = 0; ch < 3; ch++) raw[offset + ch] = Math.round(ACCENT[ch] * (1 - a) + WHITE[ch] * a);
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // colour type: RGB
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([signature, chunk('IHDR', header), chunk('IDAT', deflateSync(raw, { level: 9 })), chunk('IEND', Buffer.alloc(0))]);
}

mkdirSync('public/icons', { recursive: true });
for (const size of [192, 512]) {
  writeFileSync(`public/icons/icon-${size}.png`, png(size));
  console.log(`public/icons/icon-${size}.png`);
}
