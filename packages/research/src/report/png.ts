/**
 * A report's figures as PNG, for papers and slides: each SVG rasterized by resvg compiled to
 * WebAssembly (nothing native to build), at 300 dots per inch of the SVG's CSS pixels, on white.
 * Text is set in DejaVu Sans, shipped as fontsource's WOFF files and unpacked here to the TrueType
 * tables resvg reads, so a figure looks the same on every machine, whatever fonts it has.
 *
 * @resvg/resvg-wasm and @fontsource/dejavu-sans are optional peer dependencies of the package, like
 * vega: without them a report still writes its SVG figures and says how to get PNGs too.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { crc32, inflateSync } from 'node:zlib';
import { FIGURE_MAX_SIDE, svgSize } from './figure-size.js';

/** Print resolution: the SVG's pixels are CSS pixels, 96 to the inch. */
export const PNG_DPI = 300;
const CSS_DPI = 96;
/**
 * The most pixels one PNG may have (200 MB of RGBA while drawn): a tree of thousands of documents
 * is drawn at a lower resolution rather than at a size no machine could hold.
 */
export const PNG_MAX_PIXELS = 50_000_000;

/**
 * The zoom from the SVG's size to the PNG's: PNG_DPI, or less for a figure past PNG_MAX_PIXELS or
 * past FIGURE_MAX_SIDE pixels on a side.
 */
export function pngZoom(svg: string): number {
  const { width, height } = svgSize(svg);
  const zoom = PNG_DPI / CSS_DPI;
  if (!(width > 0 && height > 0)) return zoom;
  return Math.min(
    zoom,
    Math.sqrt(PNG_MAX_PIXELS / (width * height)),
    FIGURE_MAX_SIDE / width,
    FIGURE_MAX_SIDE / height,
  );
}

export const PNG_LIBRARIES_MISSING =
  'PNG figures need two more packages (the SVG figures are written): npm install @resvg/resvg-wasm @fontsource/dejavu-sans';

const FONT_FILES = ['dejavu-sans-latin-400-normal.woff', 'dejavu-sans-latin-700-normal.woff'];
const FONT_FAMILY = 'DejaVu Sans';

type ResvgModule = typeof import('@resvg/resvg-wasm');

interface Rasterizer {
  Resvg: ResvgModule['Resvg'];
  fonts: Uint8Array[];
}

/**
 * A WOFF 1.0 font as the sfnt (TrueType/OpenType) file it wraps: the same tables, each inflated
 * when stored compressed, behind an sfnt header (W3C WOFF 1.0, §3–5). Checksums are copied, not
 * recomputed: they describe the uncompressed tables, which are the ones written.
 */
export function woffToSfnt(woff: Uint8Array): Uint8Array {
  const input = Buffer.from(woff.buffer, woff.byteOffset, woff.byteLength);
  if (input.toString('latin1', 0, 4) !== 'wOFF') throw new RangeError('not a WOFF 1.0 font');
  const flavor = input.readUInt32BE(4);
  const tableCount = input.readUInt16BE(12);
  const tables = Array.from({ length: tableCount }, (_, i) => {
    const entry = 44 + i * 20;
    const offset = input.readUInt32BE(entry + 4);
    const compressed = input.readUInt32BE(entry + 8);
    const length = input.readUInt32BE(entry + 12);
    const stored = input.subarray(offset, offset + compressed);
    const data = compressed < length ? inflateSync(stored) : stored;
    if (data.length !== length) throw new RangeError('WOFF table of the wrong length');
    return { tag: input.readUInt32BE(entry), checksum: input.readUInt32BE(entry + 16), data };
  });
  const power = 2 ** Math.floor(Math.log2(tableCount));
  const header = Buffer.alloc(12 + 16 * tableCount);
  header.writeUInt32BE(flavor, 0);
  header.writeUInt16BE(tableCount, 4);
  header.writeUInt16BE(power * 16, 6);
  header.writeUInt16BE(Math.log2(power), 8);
  header.writeUInt16BE(tableCount * 16 - power * 16, 10);
  const parts: Buffer[] = [header];
  let offset = header.length;
  tables.forEach((table, i) => {
    const record = 12 + 16 * i;
    header.writeUInt32BE(table.tag, record);
    header.writeUInt32BE(table.checksum, record + 4);
    header.writeUInt32BE(offset, record + 8);
    header.writeUInt32BE(table.data.length, record + 12);
    // Each table starts on a four-byte boundary.
    const padded = Buffer.alloc(Math.ceil(table.data.length / 4) * 4);
    table.data.copy(padded);
    parts.push(padded);
    offset += padded.length;
  });
  return new Uint8Array(Buffer.concat(parts));
}

let loading: Promise<Rasterizer | undefined> | undefined;

/** resvg and the fonts, loaded once; undefined when either package is not installed. */
function loadRasterizer(): Promise<Rasterizer | undefined> {
  loading ??= (async () => {
    const require = createRequire(import.meta.url);
    let wasmPath: string;
    let fontPaths: string[];
    try {
      wasmPath = require.resolve('@resvg/resvg-wasm/index_bg.wasm');
      fontPaths = FONT_FILES.map((file) => require.resolve(`@fontsource/dejavu-sans/files/${file}`));
    } catch {
      return undefined;
    }
    const resvg: ResvgModule = await import('@resvg/resvg-wasm');
    try {
      await resvg.initWasm(await readFile(wasmPath));
    } catch (error) {
      // Another copy of this module in the process (a second bundle, a test runner sharing modules)
      // set resvg up already: its one WebAssembly instance serves this copy too.
      if (!(error instanceof Error && error.message.startsWith('Already initialized'))) throw error;
    }
    const fonts = await Promise.all(fontPaths.map(async (path) => woffToSfnt(await readFile(path))));
    return { Resvg: resvg.Resvg, fonts };
  })();
  return loading;
}

/**
 * The PNG with a pHYs chunk after its header saying its resolution (pixels per metre), so that
 * LaTeX, word processors and image viewers print it at its size rather than guess 72 or 96 dpi.
 */
export function withResolution(png: Uint8Array, dotsPerInch: number): Uint8Array {
  const bytes = Buffer.from(png.buffer, png.byteOffset, png.byteLength);
  const afterHeader = 8 + 12 + bytes.readUInt32BE(8);
  const perMetre = Math.round(dotsPerInch / 0.0254);
  const chunk = Buffer.alloc(21);
  chunk.writeUInt32BE(9, 0);
  chunk.write('pHYs', 4, 'latin1');
  chunk.writeUInt32BE(perMetre, 8);
  chunk.writeUInt32BE(perMetre, 12);
  chunk.writeUInt8(1, 16);
  chunk.writeUInt32BE(crc32(chunk.subarray(4, 17)), 17);
  return new Uint8Array(Buffer.concat([bytes.subarray(0, afterHeader), chunk, bytes.subarray(afterHeader)]));
}

/** The SVG document as PNG bytes (see pngZoom), or undefined when the optional packages are missing. */
export async function svgToPng(svg: string): Promise<Uint8Array | undefined> {
  const rasterizer = await loadRasterizer();
  if (rasterizer === undefined) return undefined;
  const zoom = pngZoom(svg);
  const image = new rasterizer.Resvg(svg, {
    fitTo: { mode: 'zoom', value: zoom },
    background: 'white',
    font: {
      fontBuffers: rasterizer.fonts,
      defaultFontFamily: FONT_FAMILY,
      sansSerifFamily: FONT_FAMILY,
      serifFamily: FONT_FAMILY,
      monospaceFamily: FONT_FAMILY,
    },
  });
  try {
    const rendered = image.render();
    const png = rendered.asPng();
    rendered.free();
    return withResolution(png, zoom * CSS_DPI);
  } finally {
    image.free();
  }
}
