/** The rows of a benchmark run: parsing the input lines, sharding, and what an earlier run already did. */
import { createReadStream } from 'node:fs';
import { open, stat } from 'node:fs/promises';
import { CliError, jsonLines, parseJsonObject } from '@styler-dev/cli-kit';
import { fnv1a } from '../../stylometry/index.js';

/** System name of rows that give none. */
export const DEFAULT_SYSTEM = 'system';

export interface BenchmarkInput {
  id: string;
  author: string;
  system: string;
  unpersonalized: string;
  personalized: string;
}

const EXAMPLE = '{"id": "1", "author": "austen", "unpersonalized": "…", "personalized": "…", "system": "gpt"}';

/** A row of the input; throws an Error naming what is wrong. */
export function parseInputRow(line: string, authors: ReadonlySet<string>): BenchmarkInput {
  const row = parseJsonObject(line, EXAMPLE);
  const { id, author, unpersonalized, personalized } = row;
  const system = row.system ?? DEFAULT_SYSTEM;
  if (!(typeof id === 'string' && id !== '') && !Number.isFinite(id))
    throw new Error('id must be a string or a number');
  if (typeof author !== 'string' || !authors.has(author)) {
    throw new Error(`author must be one of the --authors (${[...authors].join(', ')}), got ${JSON.stringify(author)}`);
  }
  for (const [name, value] of [
    ['unpersonalized', unpersonalized],
    ['personalized', personalized],
  ] as const) {
    if (typeof value !== 'string' || value.trim() === '') throw new Error(`${name} must be a non-empty string`);
  }
  if (typeof system !== 'string' || system === '') throw new Error('system must be a non-empty string');
  return {
    id: String(id),
    author,
    system,
    unpersonalized: unpersonalized as string,
    personalized: personalized as string,
  };
}

/** Row identity in a run: the same id may be answered by several systems. */
export const rowKey = (row: { id: string; system: string }): string => `${row.system}\u0000${row.id}`;

/** `--shard K/N`: the K-th (1-based) of N parts. */
export interface Shard {
  index: number;
  count: number;
}

export function parseShard(text: string | undefined): Shard | undefined {
  if (text === undefined) return undefined;
  const match = /^(\d+)\/(\d+)$/.exec(text);
  const index = Number(match?.[1]);
  const count = Number(match?.[2]);
  if (!match || count < 1 || index < 1 || index > count) {
    throw new CliError('--shard must be K/N with 1 ≤ K ≤ N, e.g. --shard 3/8');
  }
  return { index, count };
}

/** FNV-1a of the id: the same row falls in the same shard on every machine, all its systems together. */
export function inShard(id: string, shard: Shard | undefined): boolean {
  if (shard === undefined) return true;
  return fnv1a(id) % shard.count === shard.index - 1;
}

/** Non-blank lines of a file, with their line numbers, streamed (a leading BOM dropped). */
export async function* readLines(path: string): AsyncGenerator<{ line: string; number: number }> {
  let number = 0;
  for await (const raw of jsonLines(createReadStream(path))) {
    number += 1;
    const line = number === 1 ? raw.replace(/^\uFEFF/, '') : raw;
    if (line.trim() !== '') yield { line, number };
  }
}

/**
 * The keys of the rows an earlier run wrote to `rowsPath`. A last line cut short (the run was
 * killed while writing it) is removed, so appending goes on from a whole line.
 */
export async function completedRows(rowsPath: string): Promise<Set<string>> {
  const done = new Set<string>();
  let size: number;
  try {
    size = (await stat(rowsPath)).size;
  } catch {
    return done;
  }
  let complete = 0;
  let offset = 0;
  for await (const { line } of readLinesWithLength(rowsPath)) {
    offset += line.bytes;
    try {
      const row = JSON.parse(line.text) as { id?: unknown; system?: unknown };
      if (typeof row.id === 'string' && typeof row.system === 'string') {
        done.add(rowKey({ id: row.id, system: row.system }));
        complete = offset;
      }
    } catch {
      break;
    }
  }
  if (complete < size) {
    const handle = await open(rowsPath, 'r+');
    try {
      await handle.truncate(complete);
    } finally {
      await handle.close();
    }
  }
  return done;
}

/** Lines of a file with their byte lengths (newline included), to know where the last whole one ends. */
async function* readLinesWithLength(path: string): AsyncGenerator<{ line: { text: string; bytes: number } }> {
  let rest = Buffer.alloc(0);
  for await (const chunk of createReadStream(path)) {
    rest = Buffer.concat([rest, chunk as Buffer]);
    let newline: number;
    while ((newline = rest.indexOf(0x0a)) >= 0) {
      const bytes = rest.subarray(0, newline + 1);
      rest = rest.subarray(newline + 1);
      yield { line: { text: bytes.toString('utf8'), bytes: bytes.length } };
    }
  }
  // A last line without its newline is never whole: the writer ends every row with one.
}
