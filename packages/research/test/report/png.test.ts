/** PNG figures: real PNGs at print resolution, their text drawn in the bundled font, bounded in size. */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { crc32, inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { FIGURE_MAX_SIDE } from '../../src/report/figure-size.js';
import { PNG_DPI, PNG_MAX_PIXELS, pngZoom, svgToPng, woffToSfnt } from '../../src/report/png.js';

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Width, height and the RGBA rows' bytes of a PNG as resvg writes it (8-bit RGBA, no interlace). */
function decode(png: Uint8Array): { width: number; height: number; pixels: Buffer } {
  const bytes = Buffer.from(png);
  expect(bytes.subarray(0, 8)).toEqual(SIGNATURE);
  const chunks: Buffer[] = [];
  let width = 0;
  let height = 0;
  for (let at = 8; at < bytes.length;) {
    const length = bytes.readUInt32BE(at);
    const type = bytes.toString('latin1', at + 4, at + 8);
    const data = bytes.subarray(at + 8, at + 8 + length);
    if (type === 'IHDR') {
      width = data.readUInt32BE(0);
      height = data.readUInt32BE(4);
      expect([data[8], data[9], data[12]]).toEqual([8, 6, 0]);
    }
    if (type === 'IDAT') chunks.push(data);
    at += 12 + length;
  }
  return { width, height, pixels: unfilter(inflateSync(Buffer.concat(chunks)), width, height) };
}

/** The RGBA bytes of filtered scanlines (PNG spec §9: None, Sub, Up, Average, Paeth). */
function unfilter(data: Buffer, width: number, height: number): Buffer {
  const stride = width * 4;
  const out = Buffer.alloc(stride * height);
  for (let y = 0; y < height; y += 1) {
    const filter = data[y * (stride + 1)]!;
    for (let x = 0; x < stride; x += 1) {
      const raw = data[y * (stride + 1) + 1 + x]!;
      const a = x >= 4 ? out[y * stride + x - 4]! : 0;
      const b = y > 0 ? out[(y - 1) * stride + x]! : 0;
      const c = x >= 4 && y > 0 ? out[(y - 1) * stride + x - 4]! : 0;
      const p = a + b - c;
      const paeth =
        Math.abs(p - a) <= Math.abs(p - b) && Math.abs(p - a) <= Math.abs(p - c)
          ? a
          : Math.abs(p - b) <= Math.abs(p - c)
            ? b
            : c;
      const predictor = [0, a, b, (a + b) >> 1, paeth][filter]!;
      out[y * stride + x] = (raw + predictor) & 0xff;
    }
  }
  return out;
}

/** Pixels darker than light grey. */
const inked = (pixels: Buffer): number => {
  let count = 0;
  for (let i = 0; i < pixels.length; i += 4) if (pixels[i]! < 200) count += 1;
  return count;
};

const svg = (body: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="200" height="50" viewBox="0 0 200 50">${body}</svg>`;

describe('PNG figures', () => {
  it('draws an SVG at 300 dpi of its CSS pixels, on white', async () => {
    const { width, height, pixels } = decode((await svgToPng(svg('')))!);
    expect([width, height]).toEqual([Math.round((200 * PNG_DPI) / 96), Math.round((50 * PNG_DPI) / 96)]);
    expect(inked(pixels)).toBe(0);
  });

  it('says its resolution in a pHYs chunk, so a paper prints it at its size', async () => {
    const png = Buffer.from((await svgToPng(svg('')))!);
    // Right after the 13-byte header chunk: pixels per metre in x and y, unit 1 (metre).
    expect(png.toString('latin1', 37, 41)).toBe('pHYs');
    expect(png.readUInt32BE(41)).toBe(Math.round(PNG_DPI / 0.0254));
    expect(png.readUInt32BE(45)).toBe(Math.round(PNG_DPI / 0.0254));
    expect(png[49]).toBe(1);
    expect(png.readUInt32BE(50)).toBe(crc32(png.subarray(37, 50)));
    // Still a PNG any decoder reads.
    expect(decode(png).width).toBe(Math.round((200 * PNG_DPI) / 96));
  });

  it('sets text in the bundled DejaVu Sans, whatever fonts the machine has', async () => {
    const text = (family: string) =>
      svg(`<text x="10" y="30" font-family="${family}" font-size="16" fill="#000">Burrows’ Delta −0.5</text>`);
    const sans = decode((await svgToPng(text('system-ui, sans-serif')))!);
    expect(inked(sans.pixels)).toBeGreaterThan(500);
    // A family nobody has falls back to the same font.
    expect(decode((await svgToPng(text('No Such Font')))!).pixels).toEqual(sans.pixels);
  });

  it('unpacks a WOFF font to the TrueType tables it wraps', () => {
    const require = createRequire(import.meta.url);
    const woff = readFileSync(require.resolve('@fontsource/dejavu-sans/files/dejavu-sans-latin-400-normal.woff'));
    const sfnt = Buffer.from(woffToSfnt(woff));
    expect(sfnt.readUInt32BE(0)).toBe(woff.readUInt32BE(4));
    const tables = sfnt.readUInt16BE(4);
    expect(tables).toBe(woff.readUInt16BE(12));
    const tags = Array.from({ length: tables }, (_, i) => sfnt.toString('latin1', 12 + 16 * i, 16 + 16 * i));
    expect(tags).toEqual([...tags].sort());
    expect(tags).toEqual(expect.arrayContaining(['cmap', 'glyf', 'head', 'hmtx', 'name']));
    // The head table's magic number, where its record says the table is.
    const head = tags.indexOf('head');
    expect(sfnt.readUInt32BE(sfnt.readUInt32BE(12 + 16 * head + 8) + 12)).toBe(0x5f0f3cf5);
    expect(() => woffToSfnt(new Uint8Array(64))).toThrow(RangeError);
  });

  it('draws a very large figure at a lower resolution rather than run out of memory', () => {
    expect(pngZoom(svg(''))).toBe(PNG_DPI / 96);
    const tall = '<svg xmlns="http://www.w3.org/2000/svg" width="800" height="140000">';
    const zoom = pngZoom(tall);
    expect(zoom).toBeLessThan(PNG_DPI / 96);
    // Bounded by the side first here (FIGURE_MAX_SIDE), and never past PNG_MAX_PIXELS.
    expect(140000 * zoom).toBeCloseTo(FIGURE_MAX_SIDE, 6);
    expect(800 * zoom * 140000 * zoom).toBeLessThanOrEqual(PNG_MAX_PIXELS);
    const square = '<svg xmlns="http://www.w3.org/2000/svg" width="9000" height="9000">';
    expect(9000 * pngZoom(square) * 9000 * pngZoom(square)).toBeCloseTo(PNG_MAX_PIXELS, -3);
  });
});
