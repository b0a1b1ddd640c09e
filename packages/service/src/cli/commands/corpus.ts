/**
 * `styler corpus AUTHOR_DIR... [--list FILE] [--unknown DIR] --out DIR`: stylometry of a corpus, one
 * folder per author (named after the author) or a list of files with their labels, as R's stylo:
 * MFW tables, Delta matrices, leave-one-out attribution, unknown texts attributed, PCA, Ward
 * clustering, a bootstrap consensus tree, per-author analytics profiles (on the worker pool). Writes summary.json, report.html and CSV tables into the output folder.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { basename, dirname, isAbsolute, join, resolve } from 'node:path';
import { featureProfile, PROFILE_COLUMNS } from '@styler/analytics/metrics';
import { createAnalyticsPool } from '@styler/analytics/pool';
import { analyzeCorpus, bootstrapConsensus, type CorpusDocument } from '@styler/analytics/stylometry';
import { parseArgs, single } from '../args.js';
import { csvText } from '../csv.js';
import { expandPaths, readDocument } from '../documents.js';
import { batchPoolOptions, CALLS_PER_THREAD, mapBounded } from '../bounded.js';
import { CliError, EXIT, type CliIO } from '../io.js';
import { positiveInteger } from '../numbers.js';
import { createProgress } from '../progress.js';
import { corpusMethods } from '../stylometry/corpus-methods.js';
import {
  classifyAsked,
  classifySettings,
  CLASSIFY_FLAGS,
  featureSettings,
  featuresDescription,
  FEATURE_FLAGS,
} from '../stylometry/options.js';
import { textProfiles, type ProfiledText } from '../stylometry/profiles.js';
import { corpusReport } from '../../report/corpus-report.js';
import { loadPlotLibraries } from '../../report/plots.js';

export const CORPUS_USAGE =
  'styler corpus AUTHOR_DIR... [--list FILE] [--unknown DIR] --out DIR [--mfw N] [--culling PERCENT] [--consensus-mfw N,N,...] [--threads N] ' +
  '[--features F] [--wordlist FILE] [--sample N[:consecutive|random]] [--seed N] [--distance D] [--classify C] [--k N] [--shrinkage D] [--cost C] [--cv K] [--mds]';

/** MFW sizes of the bootstrap consensus tree: stylo's default range, 100 to 500 by 100. */
const CONSENSUS_MFW = [100, 200, 300, 400, 500];

function sizeList(text: string | undefined): number[] {
  if (text === undefined) return CONSENSUS_MFW;
  const sizes = text.split(',').map((part) => Number(part.trim()));
  if (sizes.length === 0 || sizes.some((size) => !Number.isInteger(size) || size < 1)) {
    throw new CliError('--consensus-mfw must be positive integers separated by commas, e.g. 100,200,300');
  }
  return sizes;
}

/**
 * `--list FILE`: one document a line, `path<TAB>label` (or `path,label`); no label: unknown
 * authorship. Relative paths are read from the list's folder; blank lines and `#` comments skipped.
 */
async function readLabelledList(list: string): Promise<Array<{ path: string; author?: string }>> {
  let text: string;
  try {
    text = await readFile(list, 'utf8');
  } catch {
    throw new CliError(`--list: cannot read ${list}`);
  }
  const sources: Array<{ path: string; author?: string }> = [];
  text.split(/\r?\n/).forEach((line, i) => {
    if (line.trim() === '' || line.trimStart().startsWith('#')) return;
    const [file = '', label = ''] = line.split(/\t|,(?=[^,]*$)/).map((part) => part.trim());
    if (file === '') throw new CliError(`--list ${list}:${i + 1}: no file name`);
    const path = isAbsolute(file) ? file : join(dirname(list), file);
    sources.push(label === '' ? { path } : { path, author: label });
  });
  return sources;
}

export async function main(argv: string[], io: CliIO): Promise<number> {
  const args = parseArgs(argv, {
    single: [
      'unknown',
      'list',
      'out',
      'mfw',
      'culling',
      'threads',
      'consensus-mfw',
      ...FEATURE_FLAGS,
      ...CLASSIFY_FLAGS,
    ],
    boolean: ['mds'],
  });
  const out = single(args, 'out');
  if ((args.positionals.length === 0 && single(args, 'list') === undefined) || out === undefined) {
    throw new CliError(`usage: ${CORPUS_USAGE}`);
  }
  // stylo's other options: features, a word list, sampling; a classifier and distance; MDS.
  const featureOptions = await featureSettings(args);
  const classify = classifyAsked(args) ? classifySettings(args) : undefined;
  const mostFrequent = positiveInteger(single(args, 'mfw'), 'mfw', featureOptions.wordList?.length ?? 100);
  const culling = Number(single(args, 'culling') ?? 0);
  if (!(culling >= 0 && culling <= 100)) throw new CliError('--culling must be a percentage from 0 to 100');
  const consensusSizes = sizeList(single(args, 'consensus-mfw'));
  const threadsText = single(args, 'threads');
  const threads = threadsText === undefined ? undefined : positiveInteger(threadsText, 'threads', 1);
  await loadPlotLibraries();

  // Each author folder: its documents, labelled with the folder's name.
  const sources: Array<{ path: string; author?: string }> = [];
  for (const folder of args.positionals) {
    const author = basename(resolve(folder));
    for (const path of await expandPaths([folder])) sources.push({ path, author });
  }
  const list = single(args, 'list');
  if (list !== undefined) sources.push(...(await readLabelledList(list)));
  const unknownFolder = single(args, 'unknown');
  if (unknownFolder !== undefined) for (const path of await expandPaths([unknownFolder])) sources.push({ path });
  if (new Set(sources.filter((s) => s.author).map((s) => s.author)).size < 2) {
    throw new CliError(
      'give at least two authors: folders (one per author, named after the author) or a --list of labelled files',
    );
  }

  const pool = createAnalyticsPool(batchPoolOptions(threads));
  const progress = createProgress(io.stderr, sources.length, 'analyzing');
  let documents: Array<{ name: string; author?: string; pieces: ProfiledText[]; features: Record<string, number> }>;
  try {
    documents = await mapBounded(sources, pool.threads * CALLS_PER_THREAD, async ({ path, author }) => {
      const { text } = await readDocument(path);
      const features = featureProfile(await pool.analyzeText(text));
      progress.tick();
      return {
        name: basename(path),
        ...(author !== undefined && { author }),
        pieces: textProfiles(text, basename(path), featureOptions),
        features: features as unknown as Record<string, number>,
      };
    });
  } finally {
    progress.done();
    await pool.close();
  }

  // The documents of the stylometry: each text, or each of its samples.
  const stylometric: CorpusDocument[] = documents.flatMap((document) =>
    document.pieces.map((piece) => ({ ...piece, ...(document.author !== undefined && { author: document.author }) })),
  );
  const skipped = documents.filter((document) => document.pieces.length === 0).length;
  if (skipped > 0) io.stderr.write(`${skipped} texts shorter than one sample were left out\n`);
  const analysis = analyzeCorpus(stylometric, { mostFrequent, culling });
  const consensus =
    stylometric.length >= 3 ? bootstrapConsensus(stylometric, { mostFrequent: consensusSizes, culling }) : undefined;
  const methods = await corpusMethods({
    documents: stylometric,
    features: featureOptions,
    ...(classify !== undefined && { classify }),
    ...(args.flags.has('mds') && { mds: { distance: classify?.distance ?? 'burrows' } }),
    mostFrequent,
    culling,
  });
  for (const note of methods.notes) io.stderr.write(`${note}\n`);
  const profiles: Record<string, Record<string, number>> = {};
  for (const author of analysis.authors) {
    const own = documents.filter((document) => document.author === author);
    profiles[author] = Object.fromEntries(
      PROFILE_COLUMNS.map((column) => [
        column,
        own.reduce((sum, document) => sum + (document.features[column] ?? 0), 0) / own.length,
      ]),
    );
  }

  await mkdir(out, { recursive: true });
  const names = analysis.documents.map((document) => document.name);
  const words = analysis.reference.words;
  const matrix = (rows: number[][]): Array<Array<string | number>> => rows.map((row, i) => [names[i]!, ...row]);
  const files: Record<string, string> = {
    'mfw.csv': csvText(
      ['rank', 'word', 'mean_relative_frequency', 'std'],
      words.map((word, i) => [i + 1, word, analysis.reference.mean[i]!, analysis.reference.std[i]!]),
    ),
    'frequencies.csv': csvText(
      ['document', 'author', ...words],
      analysis.frequencies.map((row, i) => [names[i]!, analysis.documents[i]!.author, ...row]),
    ),
    'counts.csv': csvText(
      ['document', 'author', 'word_forms', ...words],
      stylometric.map((document) => [
        document.name,
        document.author ?? null,
        document.profile.total,
        ...words.map((word) => document.profile.counts[word] ?? 0),
      ]),
    ),
    'delta-burrows.csv': csvText(['document', ...names], matrix(analysis.distances.burrows)),
    'delta-eder.csv': csvText(['document', ...names], matrix(analysis.distances.eder)),
    'delta-cosine.csv': csvText(['document', ...names], matrix(analysis.distances.cosine)),
    'confusion.csv': csvText(
      ['author', ...analysis.authors],
      analysis.authors.map((actual) => [actual, ...analysis.authors.map((p) => analysis.confusion[actual]?.[p] ?? 0)]),
    ),
    'pca.csv': csvText(
      ['document', 'author', 'PC1', 'PC2'],
      analysis.pca.scores.map((row, i) => [names[i]!, analysis.documents[i]!.author, row[0] ?? 0, row[1] ?? 0]),
    ),
    'pca-loadings.csv': csvText(
      ['word', 'PC1', 'PC2'],
      words.map((word, i) => [word, analysis.pca.loadings[0]?.[i] ?? 0, analysis.pca.loadings[1]?.[i] ?? 0]),
    ),
    'profiles.csv': csvText(
      ['feature', ...analysis.authors],
      PROFILE_COLUMNS.map((column) => [column, ...analysis.authors.map((author) => profiles[author]![column]!)]),
    ),
  };
  const summary = {
    authors: analysis.authors,
    documents: analysis.documents.length,
    settings: {
      most_frequent_words: words.length,
      culling,
      delta: ['burrows', 'eder', 'cosine'],
      features: featuresDescription(featureOptions, words.length),
    },
    loo_accuracy: analysis.looAccuracy,
    leave_one_out: analysis.leaveOneOut,
    attribution: analysis.attribution,
    pca: { explained: analysis.pca.explained },
    clusters: { newick: analysis.clusters.newick },
    consensus:
      consensus === undefined
        ? null
        : {
            most_frequent_words: consensus.mostFrequent,
            newick: consensus.newick,
            clades: consensus.clades.map((clade) => ({
              documents: clade.members.map((i) => analysis.documents[i]!.name),
              support: clade.support,
            })),
          },
    profiles,
    ...methods.summary,
    files: [...Object.keys(files), ...Object.keys(methods.files), 'report.html'].sort(),
  };
  Object.assign(files, methods.files);
  files['summary.json'] = `${JSON.stringify(summary, null, 2)}\n`;
  files['report.html'] = await corpusReport({
    analysis,
    profiles,
    settings: { mostFrequent, culling },
    consensus,
    sections: methods.sections,
  });
  await Promise.all(Object.entries(files).map(([name, text]) => writeFile(join(out, name), text)));
  io.stdout.write(
    `${analysis.authors.length} authors, ${analysis.documents.length} documents; leave-one-out accuracy ` +
      `${analysis.looAccuracy === null ? '–' : analysis.looAccuracy.toFixed(3)}; ` +
      `${analysis.attribution.length} unknown texts attributed. Wrote ${Object.keys(files).length} files to ${out}\n`,
  );
  return EXIT.ok;
}
