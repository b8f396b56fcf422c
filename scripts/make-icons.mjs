// Draws Handoff's icon (a rounded square with a hand-over arrow) into public/icon/*.png.
// Pure Node: shapes as signed distances, 4×4 supersampling, a minimal PNG encoder.
import { mkdirSync, writeFileSync } from 'node:fs';
import { deflateSync } from 'node:zlib';

const background = [15, 118, 110]; // teal
const foreground = [255, 255, 255];

function roundedSquare(x, y, r) {
  const qx = Math.abs(x - 0.5) - (0.5 - r);
  const qy = Math.abs(y - 0.5) - (0.5 - r);
  return Math.hypot(Math.max(qx, 0), Math.max(qy, 0)) + Math.min(Math.max(qx, qy), 0) - r;
}

function segment(px, py, ax, ay, bx, by, width) {
  const dx = bx - ax;
  const dy = by - ay;
  const t = Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / (dx * dx + dy * dy)));
  return Math.hypot(px - (ax + t * dx), py - (ay + t * dy)) - width;
}

/** The arrow: a shaft and two head strokes, like a hand passing something on. */
function arrow(x, y) {
  const w = 0.055;
  return Math.min(
    segment(x, y, 0.24, 0.5, 0.74, 0.5, w),
    segment(x, y, 0.74, 0.5, 0.55, 0.31, w),
    segment(x, y, 0.74, 0.5, 0.55, 0.69, w),
  );
}

function crc32(bytes) {
  let crc = ~0;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return ~crc >>> 0;
}

function chunk(type, data) {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, 'ascii');
  data.copy(out, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}

function png(size) {
  const rows = Buffer.alloc(size * (size * 4 + 1));
  const samples = 4;
  for (let py = 0; py < size; py++) {
    rows[py * (size * 4 + 1)] = 0;
    for (let px = 0; px < size; px++) {
      let cover = 0;
      let ink = 0;
      for (let sy = 0; sy < samples; sy++) {
        for (let sx = 0; sx < samples; sx++) {
          const x = (px + (sx + 0.5) / samples) / size;
          const y = (py + (sy + 0.5) / samples) / size;
          if (roundedSquare(x, y, 0.2) <= 0) {
            cover++;
            if (arrow(x, y) <= 0) ink++;
          }
        }
      }
      const total = samples * samples;
      const mix = cover ? ink / cover : 0;
      const offset = py * (size * 4 + 1) + 1 + px * 4;
      for (let c = 0; c < 3; c++) {
        rows[offset + c] = Math.round(background[c] * (1 - mix) + foreground[c] * mix);
      }
      rows[offset + 3] = Math.round((255 * cover) / total);
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 6; // RGBA
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

mkdirSync('public/icon', { recursive: true });
for (const size of [16, 32, 48, 96, 128]) writeFileSync(`public/icon/${size}.png`, png(size));
console.log('wrote public/icon/{16,32,48,96,128}.png');
