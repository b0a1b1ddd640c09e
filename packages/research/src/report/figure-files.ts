/**
 * Writes each figure of a report beside it, for papers and slides: `figure-<name>.svg`, and
 * `figure-<name>.png` (png.ts) when the optional rasterizer is installed. A figure file carries its
 * caption under the drawing (the report's page has it as the figure's caption), and is bounded in
 * size (figure-size.ts).
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { boundedSvg, svgSize } from './figure-size.js';
import type { FigureSink } from './plots.js';
import { PNG_LIBRARIES_MISSING, svgToPng } from './png.js';

export interface FigureFiles {
  sink: FigureSink;
  /** The files written so far, in order. */
  files: string[];
  /** Told of each figure written (a phase's progress: one tick a figure). */
  track(onFigure: (() => void) | undefined): void;
}

const CAPTION_PX = 11;
const LINE_PX = 15;

/** Caption text from the report's HTML caption: tags dropped, entities kept (they are XML's too). */
const captionText = (caption: string): string => caption.replace(/<[^>]*>/g, '');

/** The caption's lines, broken at spaces to the figure's width. */
export function captionLines(caption: string, width: number): string[] {
  const perLine = Math.max(40, Math.floor(width / (CAPTION_PX * 0.55)));
  const lines: string[] = [];
  let line = '';
  for (const word of captionText(caption).split(/\s+/).filter(Boolean)) {
    if (line !== '' && line.length + 1 + word.length > perLine) {
      lines.push(line);
      line = word;
    } else line = line === '' ? word : `${line} ${word}`;
  }
  if (line !== '') lines.push(line);
  return lines;
}

/** The SVG with its caption in lines under it: the document grown by their height. */
export function captionedSvg(svg: string, caption: string | undefined): string {
  const { width, height } = svgSize(svg);
  if (caption === undefined || !(width > 0 && height > 0)) return svg;
  const lines = captionLines(caption, width);
  const grown = height + 8 + lines.length * LINE_PX;
  const text = lines
    .map(
      (line, i) =>
        `<text x="8" y="${height + 4 + (i + 1) * LINE_PX}" font-size="${CAPTION_PX}" fill="#444" font-family="sans-serif">${line}</text>`,
    )
    .join('');
  return svg
    .replace(/^(<svg\b[^>]*?)\bheight="[\d.]+"/, `$1height="${grown}"`)
    .replace(/^(<svg\b[^>]*?\bviewBox="[-\d.]+ [-\d.]+ [\d.]+ )[\d.]+"/, `$1${grown}"`)
    .replace(/<\/svg>\s*$/, `<g class="caption">${text}</g></svg>`);
}

/** Which figure files are written: SVG and PNG (figureFiles' default), SVG only, or none (the report still shows them). */
export type FigureFormats = 'png' | 'svg' | 'none';

/** The figure formats' names, as `--figures` takes them. */
export const FIGURE_FORMATS: readonly FigureFormats[] = ['png', 'svg', 'none'];

/**
 * A sink writing into `out` as `formats` says; `stderr` is told once, in a line, that PNGs are left
 * out and how to get them (when they were asked for).
 */
export function figureFiles(out: string, stderr: NodeJS.WritableStream, formats: FigureFormats = 'png'): FigureFiles {
  const files: string[] = [];
  let warned = false;
  let onFigure: (() => void) | undefined;
  const sink: FigureSink = async (name, drawn, caption) => {
    if (formats === 'none') {
      onFigure?.();
      return;
    }
    const svg = boundedSvg(captionedSvg(drawn, caption));
    const svgFile = `figure-${name}.svg`;
    await writeFile(join(out, svgFile), `<?xml version="1.0" encoding="utf-8"?>\n${svg}\n`);
    files.push(svgFile);
    if (formats === 'svg') {
      onFigure?.();
      return;
    }
    const png = await svgToPng(svg);
    if (png === undefined) {
      if (!warned) stderr.write(`${PNG_LIBRARIES_MISSING}\n`);
      warned = true;
    } else {
      await writeFile(join(out, `figure-${name}.png`), png);
      files.push(`figure-${name}.png`);
    }
    onFigure?.();
  };
  return {
    sink,
    files,
    track(callback) {
      onFigure = callback;
    },
  };
}
