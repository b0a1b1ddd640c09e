/**
 * CSV output (RFC 4180): a cell is quoted when it holds a comma, a quote or a line break. Tables of
 * any size are written row by row to a file (csvFile), never as one string: a 10,000 × 10,000
 * matrix is 2 GB of text, past what one JavaScript string can hold.
 */
import { OutputFile } from './output-file.js';

export type CsvValue = string | number | null | undefined;

export function csvCell(value: CsvValue): string {
  const text = value === null || value === undefined ? '' : String(value);
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One CSV line, with its line break. */
export function csvLine(row: ReadonlyArray<CsvValue>): string {
  let line = '';
  for (let i = 0; i < row.length; i += 1) line += (i === 0 ? '' : ',') + csvCell(row[i]);
  return `${line}\n`;
}

/** A whole CSV text: the header line, then one line per row (for small tables). */
export function csvText(header: readonly string[], rows: ReadonlyArray<ReadonlyArray<string | number | null>>): string {
  return [header, ...rows].map((row) => row.map(csvCell).join(',')).join('\n') + '\n';
}

/** A CSV file written row by row; it appears under its name only when closed (see OutputFile). */
export class CsvFile {
  readonly #file: OutputFile;

  private constructor(file: OutputFile) {
    this.#file = file;
  }

  static async create(path: string, header: readonly string[]): Promise<CsvFile> {
    const csv = new CsvFile(await OutputFile.create(path));
    await csv.row(header);
    return csv;
  }

  row(cells: ReadonlyArray<CsvValue>): Promise<void> | void {
    return this.#file.write(csvLine(cells));
  }

  /** A line already made of CSV cells (its line break included), for tables too wide to build as arrays. */
  line(text: string): Promise<void> | void {
    return this.#file.write(text);
  }

  close(): Promise<void> {
    return this.#file.close();
  }

  abort(): Promise<void> {
    return this.#file.abort();
  }
}

/** Writes a table to `path`: its header, then each row (from an array, or a generator of rows). */
export async function writeCsv(
  path: string,
  header: readonly string[],
  rows: Iterable<ReadonlyArray<CsvValue>>,
): Promise<void> {
  const csv = await CsvFile.create(path, header);
  try {
    for (const row of rows) {
      const full = csv.row(row);
      if (full !== undefined) await full;
    }
  } catch (error) {
    await csv.abort();
    throw error;
  }
  await csv.close();
}
