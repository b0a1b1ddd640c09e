/**
 * Writes each figure of a report beside it, for papers and slides: `figure-<name>.svg`, and
 * `figure-<name>.png` (png.ts) when the optional rasterizer is installed.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FigureSink } from './plots.js';
import { PNG_LIBRARIES_MISSING, svgToPng } from './png.js';

export interface FigureFiles {
  sink: FigureSink;
  /** The files written so far, in order. */
  files: string[];
}

/** A sink writing into `out`; `stderr` is told once, in a line, that PNGs are left out and how to get them. */
export function figureFiles(out: string, stderr: NodeJS.WritableStream): FigureFiles {
  const files: string[] = [];
  let warned = false;
  const sink: FigureSink = async (name, svg) => {
    const svgFile = `figure-${name}.svg`;
    await writeFile(join(out, svgFile), `<?xml version="1.0" encoding="utf-8"?>\n${svg}\n`);
    files.push(svgFile);
    const png = await svgToPng(svg);
    if (png === undefined) {
      if (!warned) stderr.write(`${PNG_LIBRARIES_MISSING}\n`);
      warned = true;
      return;
    }
    await writeFile(join(out, `figure-${name}.png`), png);
    files.push(`figure-${name}.png`);
  };
  return { sink, files };
}
