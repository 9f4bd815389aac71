// Draws Treble's app icons (the brand's "T" on its purple) as PNG files, with no image library:
// run `node frontend/scripts/make-icons.mjs` after changing the design; the PNGs are committed.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';

const out = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../public');
const brand = [0x3d, 0x19, 0x5b];
const accent = [0x00, 0xa3, 0x56];
const white = [0xff, 0xff, 0xff];

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buffer) {
  let c = 0xffffffff;
  for (const byte of buffer) c = crcTable[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type, data) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}
function png(size, pixel) {
  const raw = Buffer.alloc(size * (size * 4 + 1));
  for (let y = 0; y < size; y += 1) {
    raw[y * (size * 4 + 1)] = 0;
    for (let x = 0; x < size; x += 1) {
      const [r, g, b, a] = pixel((x + 0.5) / size, (y + 0.5) / size);
      raw.set([r, g, b, a], y * (size * 4 + 1) + 1 + x * 4);
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 6, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** u, v in 0..1. `maskable` keeps the mark inside the safe zone (the centre 80%) on a full bleed. */
function icon(maskable) {
  const scale = maskable ? 0.62 : 0.8;
  return (u, v) => {
    const x = (u - 0.5) / scale + 0.5;
    const y = (v - 0.5) / scale + 0.5;
    const inRound = (() => {
      if (maskable) return true;
      const r = 0.22;
      const cx = Math.min(Math.max(u, r), 1 - r);
      const cy = Math.min(Math.max(v, r), 1 - r);
      return (u - cx) ** 2 + (v - cy) ** 2 <= r * r;
    })();
    if (!inRound) return [0, 0, 0, 0];
    const bar = y >= 0.2 && y <= 0.36 && x >= 0.18 && x <= 0.82;
    const stem = x >= 0.42 && x <= 0.58 && y >= 0.2 && y <= 0.82;
    const ball = (x - 0.5) ** 2 + (y - 0.9) ** 2 <= 0.006;
    if (bar || stem) return [...white, 255];
    if (ball) return [...accent, 255];
    return [...brand, 255];
  };
}

const files = [
  ['icons/icon-192.png', 192, false],
  ['icons/icon-512.png', 512, false],
  ['icons/icon-maskable-512.png', 512, true],
  ['icons/apple-touch-icon.png', 180, true],
  ['favicon-32.png', 32, false],
];
for (const [name, size, maskable] of files) {
  fs.mkdirSync(path.dirname(path.join(out, name)), { recursive: true });
  fs.writeFileSync(path.join(out, name), png(size, icon(maskable)));
}
console.log(`wrote ${files.length} icons under ${out}`);
