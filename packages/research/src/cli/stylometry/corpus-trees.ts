/**
 * The Delta matrices and trees of `styler corpus`. With the pairs in memory (two condensed matrices,
 * 8 bytes a pair each), Burrows' Delta is computed once for the main tree and grown word by word
 * for the consensus trees (the main tree is one of them when its size is among theirs), each matrix
 * is written as it is made and each tree clustered by the nearest-neighbour chain. Past that, the
 * matrices are computed tile by tile and written as each document's nearest neighbours, and there
 * are no trees.
 */
import { join } from 'node:path';
import type { DeltaMethod } from '@styler-dev/analytics/metrics';
import { createProgress, csvCell, CsvFile } from '@styler-dev/cli-kit';
import {
  burrowsOfSums,
  CladeCounter,
  condensedLength,
  deltaRows,
  linkage,
  linkageLabel,
  nearestInCondensed,
  type LinkageMethod,
  type Merge,
  type ZScoreMatrix,
} from '../../stylometry/index.js';
import { writeMatrix, writeNearest } from './corpus-tables.js';
import { deltaThreads, DeltaWorkers, sharedMatrix } from './delta-workers.js';

/** How the matrices are written: whole (one row and column per document), or each document's nearest. */
export type MatrixFormat = 'full' | 'nearest';

export interface TreePlan {
  out: string;
  names: readonly string[];
  /** Every document's z-scores; as many columns as the largest size asked. */
  z: ZScoreMatrix;
  /** Worker threads of the matrices (default: deltaThreads, by the work). */
  threads?: number;
  /** Words of the main matrices and tree. */
  words: number;
  /** The Delta variants written as matrices (Burrows' first). */
  methods: readonly DeltaMethod[];
  matrices: MatrixFormat;
  /** Neighbours per document when matrices are 'nearest'. */
  nearest: number;
  /** Hold every pair in memory: the trees, and whole matrices read from memory. */
  trees: boolean;
  /** MFW sizes of the consensus trees (none: no consensus). */
  consensusSizes: readonly number[];
  /** How the trees join clusters. */
  linkage: LinkageMethod;
  stderr: NodeJS.WritableStream;
  /** Whether a resumed run skips a phase (`matrix <file>`, `tree`, `consensus`), asked in phase order. */
  skips?: (phase: string) => Promise<boolean>;
}

export interface TreeResults {
  /** The main tree (null without trees). */
  onMainTree(merges: Merge[]): Promise<void>;
  /** Each matrix file as it is written. */
  onMatrix(file: string): Promise<void>;
  /** The consensus trees' clades, counted. */
  onConsensus(counter: CladeCounter): Promise<void>;
  /**
   * A resumed run kept the Burrows matrix, the main tree and the consensus of the run it resumes:
   * they are read back, not computed.
   */
  onKeptTrees(): Promise<void>;
}

/** What a tree costs in the progress, as words of Burrows' sums (a chain over n items ≈ 20 words over n²/2 pairs). */
const TREE_COST_WORDS = 20;

function matrixFile(method: DeltaMethod, format: MatrixFormat): string {
  return format === 'full' ? `delta-${method}.csv` : `delta-${method}-nearest.csv`;
}

/** `matrix <file>`: the phase of one matrix file. */
function matrixPhase(file: string): string {
  return `matrix ${file}`;
}

/** Whether a resumed run skips `phase` (never without resuming). */
function skips(plan: TreePlan, phase: string): Promise<boolean> {
  return plan.skips?.(phase) ?? Promise.resolve(false);
}

/** A matrix a resumed run keeps is recorded again, not written. */
async function keptMatrix(plan: TreePlan, results: TreeResults, method: DeltaMethod): Promise<boolean> {
  const file = matrixFile(method, plan.matrices);
  if (!(await skips(plan, matrixPhase(file)))) return false;
  await results.onMatrix(file);
  return true;
}

/** Writes the matrix of `method` from a condensed matrix (whole, or the nearest neighbours). */
async function writeFromCondensed(plan: TreePlan, method: DeltaMethod, condensed: Float64Array): Promise<string> {
  const file = matrixFile(method, plan.matrices);
  if (plan.matrices === 'full') {
    const progress = createProgress(plan.stderr, plan.names.length, `writing ${file}`, { lines: true });
    await writeMatrix(join(plan.out, file), plan.names, condensed, progress);
  } else {
    await writeNearest(
      join(plan.out, file),
      plan.names,
      nearestInCondensed(condensed, plan.names.length, plan.nearest),
    );
  }
  return file;
}

/** The matrices and trees with every pair in memory. */
async function inMemory(plan: TreePlan, workers: DeltaWorkers, results: TreeResults): Promise<void> {
  const { z, words } = plan;
  const n = z.rows;
  const pairs = condensedLength(n);
  const grow = plan.consensusSizes.length > 0;
  // One matrix the threads write (Burrows' sums as they grow, then each matrix).
  const shared = sharedMatrix(n);
  // The Burrows matrix and the trees come in this order; a resumed run keeps them all or none.
  const kept =
    plan.methods.includes('burrows') &&
    (await skips(plan, matrixPhase(matrixFile('burrows', plan.matrices)))) &&
    (await skips(plan, 'tree')) &&
    (!grow || (await skips(plan, 'consensus')));
  if (kept) await results.onKeptTrees();
  else await burrowsAndTrees(plan, workers, results, shared);
  for (const method of plan.methods) {
    if (method === 'burrows' || (await keptMatrix(plan, results, method))) continue;
    const delta = createProgress(plan.stderr, pairs, `${method} Delta`, { lines: true, percent: true });
    await workers.condensed(method, words, shared, delta);
    delta.done();
    await results.onMatrix(await writeFromCondensed(plan, method, shared));
  }
}

/** Burrows' Delta, its matrix and the trees (main and consensus). */
async function burrowsAndTrees(
  plan: TreePlan,
  workers: DeltaWorkers,
  results: TreeResults,
  shared: Float64Array,
): Promise<void> {
  const { z, words } = plan;
  const n = z.rows;
  const pairs = condensedLength(n);
  // Beside the shared one, the matrix each tree is clustered in (the chain overwrites it).
  const work = new Float64Array(pairs);
  // The sizes to cluster at, ascending: the main one, and each consensus size (a size past the
  // words there are clusters at all the words, once per size asked, as stylo does).
  const stops = new Map<number, { main: boolean; consensus: number }>();
  stops.set(words, { main: true, consensus: 0 });
  for (const size of plan.consensusSizes) {
    const at = Math.min(size, z.columns);
    const stop = stops.get(at) ?? { main: false, consensus: 0 };
    stop.consensus += 1;
    stops.set(at, stop);
  }
  const sorted = [...stops].sort(([a], [b]) => a - b);
  const lastWords = sorted.at(-1)![0];
  const grow = plan.consensusSizes.length > 0;
  const counter = grow ? new CladeCounter(n) : undefined;
  const progress = createProgress(
    plan.stderr,
    pairs * (lastWords + TREE_COST_WORDS * sorted.length),
    `Burrows' Delta and the ${linkageLabel(plan.linkage)} tree${counter === undefined ? '' : 's'}`,
    { lines: true, percent: true },
  );
  let reached = 0;
  for (const [at, stop] of sorted) {
    if (grow) {
      await workers.addBurrowsSums(shared, reached, at, progress);
      burrowsOfSums(shared, at, work);
    } else {
      await workers.condensed('burrows', at, shared, progress);
      work.set(shared);
    }
    reached = at;
    if (stop.main && plan.methods.includes('burrows'))
      await results.onMatrix(await writeFromCondensed(plan, 'burrows', work));
    const merges = linkage(work, n, plan.linkage);
    progress.advance(pairs * TREE_COST_WORDS);
    if (stop.main) await results.onMainTree(merges);
    for (let c = 0; c < stop.consensus; c += 1) counter!.add(merges);
  }
  progress.done();
  if (counter !== undefined) await results.onConsensus(counter);
}

/** The matrices without holding the pairs: nearest neighbours tile by tile, or whole rows computed one by one. */
async function byTiles(plan: TreePlan, workers: DeltaWorkers, results: TreeResults): Promise<void> {
  const { z, words, names } = plan;
  if (plan.matrices === 'nearest') {
    const kept: DeltaMethod[] = [];
    for (const method of plan.methods)
      if (await keptMatrix(plan, results, method)) kept.push(method);
      else break;
    if (kept.length === plan.methods.length) return;
    // Every variant in one walk over the pairs.
    const progress = createProgress(plan.stderr, condensedLength(z.rows), 'Delta, nearest neighbours', {
      lines: true,
      percent: true,
    });
    const found = await workers.nearest(plan.methods, plan.nearest, words, progress);
    progress.done();
    for (const [m, method] of plan.methods.entries()) {
      if (kept.includes(method)) continue;
      const file = matrixFile(method, 'nearest');
      await writeNearest(join(plan.out, file), names, found[m]!);
      await results.onMatrix(file);
    }
    return;
  }
  for (const method of plan.methods) {
    if (await keptMatrix(plan, results, method)) continue;
    const file = matrixFile(method, 'full');
    const progress = createProgress(plan.stderr, z.rows, `writing ${file}`, { lines: true });
    const rowOf = deltaRows(z, method, { words });
    const row = new Float64Array(z.rows);
    const csv = await CsvFile.create(join(plan.out, file), ['document', ...names]);
    try {
      for (let i = 0; i < z.rows; i += 1) {
        rowOf(i, row);
        const full = csv.line(`${csvCell(names[i])},${Array.from(row, String).join(',')}\n`);
        if (full !== undefined) await full;
        progress.tick();
      }
    } catch (error) {
      await csv.abort();
      throw error;
    } finally {
      progress.done();
    }
    await csv.close();
    await results.onMatrix(file);
  }
}

/**
 * The steps (one word of one pair's Delta) the plan gives the matrices' threads: with the pairs in
 * memory Burrows' sums grown to the largest size and each other variant at the main size; tile by
 * tile every variant at the main size for the nearest neighbours (whole rows are computed here).
 */
export function threadedSteps(
  plan: Pick<TreePlan, 'z' | 'words' | 'methods' | 'matrices' | 'trees' | 'consensusSizes'>,
): number {
  const pairs = condensedLength(plan.z.rows);
  const others = plan.methods.filter((method) => method !== 'burrows').length;
  if (plan.trees) {
    const largest = Math.max(plan.words, ...plan.consensusSizes.map((size) => Math.min(size, plan.z.columns)));
    return pairs * (largest + others * plan.words);
  }
  return plan.matrices === 'nearest' ? pairs * plan.methods.length * plan.words : 0;
}

/** Computes and writes the matrices, and the trees when the pairs are held. */
export async function deltaMatricesAndTrees(plan: TreePlan, results: TreeResults): Promise<void> {
  if (!plan.trees && plan.methods.length === 0) return;
  const workers = await DeltaWorkers.start(plan.z, deltaThreads(threadedSteps(plan), plan.threads));
  try {
    await (plan.trees ? inMemory(plan, workers, results) : byTiles(plan, workers, results));
  } finally {
    await workers.close();
  }
}
