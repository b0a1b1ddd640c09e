/**
 * `styler corpus AUTHOR_DIR... [--list FILE] [--unknown DIR] --out DIR`: stylometry of a corpus, one
 * folder per author (named after the author) or a list of files with their labels, as R's stylo:
 * MFW tables, Delta matrices, leave-one-out attribution, unknown texts attributed, PCA, Ward
 * clustering, a bootstrap consensus tree, and with --profiles per-author analytics profiles (an NLP
 * pass on the worker pool). Phase by phase, each with its progress on stderr and its files written
 * as it ends (summary.json rewritten with what is done), so a long run shows where it is and a run
 * cut short keeps what it finished. One feature space for all of it: the labelled documents' most
 * frequent words (up to the largest consensus size), their z-scores computed once.
 */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { PROFILE_COLUMNS } from '@styler-dev/analytics/metrics';
import {
  type ArgSpec,
  CliError,
  type CliIO,
  countOf,
  createProgress,
  EXIT,
  parseArgs,
  required,
  single,
  writeFileAtomic,
} from '@styler-dev/cli-kit';
import {
  attributeCorpus,
  consensusNewick,
  LINKAGE_METHODS,
  newick,
  pcaOfMatrix,
  zScoreMatrix,
  type ConsensusTree,
  type Merge,
} from '../../stylometry/index.js';
import type { ResearchHost } from '../../host.js';
import { jsonArray } from '../json-file.js';
import { positiveInteger } from '../numbers.js';
import { corpusMethods } from '../stylometry/corpus-methods.js';
import { authorProfiles, hardWrappedTexts, readCorpus } from '../stylometry/corpus-read.js';
import { corpusSources } from '../stylometry/corpus-sources.js';
import { encodedReader } from '../stylometry/encoding.js';
import { LeftOutFiles } from '../stylometry/left-out.js';
import { FIGURE_FORMATS, figureFiles, type FigureFormats } from '../../report/figure-files.js';
import { reportAnalysis } from '../stylometry/corpus-report-input.js';
import { writeProbabilities } from '../stylometry/probabilities-table.js';
import { consensusFromSummary, readTree } from '../stylometry/kept-trees.js';
import { inputsSha256, optionsSha256, ResumePlan } from '../stylometry/resume.js';
import { RunSummary } from '../stylometry/run-summary.js';
import { attributionNotes, fewerFeaturesNote } from '../stylometry/notes.js';
import {
  writeConfusion,
  writeCountTables,
  writeMfw,
  writePca,
  writeProfiles,
  writeTree,
} from '../stylometry/corpus-tables.js';
import { deltaMatricesAndTrees, type MatrixFormat } from '../stylometry/corpus-trees.js';
import {
  classifyAsked,
  classifySettings,
  CLASSIFY_FLAGS,
  cullingOption,
  featureSettings,
  minSharedOption,
  featuresDescription,
  FEATURE_FLAGS,
} from '../stylometry/options.js';
import { corpusFigureNames, corpusPlotSpecs, corpusReport } from '../../report/corpus-report.js';
import { PlotThread } from '../../report/plot-thread.js';
import { requirePlotLibraries } from '../../report/plots.js';

export const CORPUS_USAGE =
  'styler corpus AUTHOR_DIR... [--list FILE] [--unknown DIR] --out DIR [--mfw N] [--culling PERCENT] [--min-shared X] [--consensus-mfw N,N,...] ' +
  '[--matrices full|nearest|none] [--nearest K] [--figures svg|png|none] [--linkage ward|single|complete|average] [--tree-limit N] [--profiles] [--threads N] [--strict] ' +
  '[--features F] [--wordlist FILE] [--sample N[:consecutive|random]] [--samples N] [--seed N] [--encoding NAME] [--distance D] [--classify C] [--k N] [--shrinkage D] [--cost C] [--cv K] [--mds] [--resume]';

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
 * Above this many documents the Delta matrices are written as each document's nearest neighbours:
 * three full matrices of 2,000 documents are 75 MB of CSV, most of the run's time.
 */
export const FULL_MATRIX_DOCUMENTS = 1_000;
/** Above this many documents there are no trees (they need every pair in memory: 16 bytes a pair). */
export const TREE_DOCUMENTS = 20_000;
/** The Delta variants written as matrices. */
const MATRIX_METHODS = ['burrows', 'eder', 'cosine'] as const;

/** `--matrices`: whole, nearest neighbours, or no matrix file (default: by the corpus's size). */
function matrixFormat(text: string | undefined, documents: number): MatrixFormat | 'none' {
  if (text === undefined) return documents <= FULL_MATRIX_DOCUMENTS ? 'full' : 'nearest';
  if (text !== 'full' && text !== 'nearest' && text !== 'none') {
    throw new CliError('--matrices must be full, nearest or none');
  }
  return text;
}

export const CORPUS_ARGS: ArgSpec = {
  single: [
    'unknown',
    'list',
    'out',
    'mfw',
    'culling',
    'min-shared',
    'threads',
    'consensus-mfw',
    'matrices',
    'figures',
    'nearest',
    'tree-limit',
    'linkage',
    ...FEATURE_FLAGS,
    ...CLASSIFY_FLAGS,
  ],
  boolean: ['mds', 'profiles', 'strict', 'probabilities', 'resume'],
};

export async function main(argv: string[], io: CliIO, host: ResearchHost): Promise<number> {
  const args = parseArgs(argv, CORPUS_ARGS);
  const out = required(args, 'out', `usage: ${CORPUS_USAGE}`);
  if (args.positionals.length === 0 && single(args, 'list') === undefined) {
    throw new CliError(`give author folders or a --list of labelled files\nusage: ${CORPUS_USAGE}`);
  }
  // stylo's other options: features, a word list, sampling; a classifier and distance; MDS.
  const featureOptions = await featureSettings(args);
  const classify = classifyAsked(args) ? classifySettings(args) : undefined;
  const mostFrequent = positiveInteger(single(args, 'mfw'), 'mfw', featureOptions.wordList?.length ?? 100);
  const culling = cullingOption(args);
  const minShared = minSharedOption(args);
  const figureFormats = (single(args, 'figures') ?? 'svg') as FigureFormats;
  if (!FIGURE_FORMATS.includes(figureFormats))
    throw new CliError(`--figures must be one of ${FIGURE_FORMATS.join(', ')}`);
  const consensusSizes = sizeList(single(args, 'consensus-mfw'));
  const threadsText = single(args, 'threads');
  const threads = threadsText === undefined ? undefined : positiveInteger(threadsText, 'threads', 1);
  const nearest = positiveInteger(single(args, 'nearest'), 'nearest', 10);
  const treeLimit = positiveInteger(single(args, 'tree-limit'), 'tree-limit', TREE_DOCUMENTS);
  const matricesText = single(args, 'matrices');
  matrixFormat(matricesText, 0);
  const withProfiles = args.flags.has('profiles');
  const linkageName = single(args, 'linkage') ?? 'ward';
  const treeLinkage = LINKAGE_METHODS.find((method) => method === linkageName);
  if (treeLinkage === undefined) throw new CliError(`--linkage must be one of ${LINKAGE_METHODS.join(', ')}`);
  requirePlotLibraries();
  // With a core to spare, the report's plots are drawn on a thread of their own, each as soon as its
  // numbers are known: vega loads there while the texts are read, and the plots are drawn while the
  // trees are made. Without one, they are drawn here with the report.
  const plots = PlotThread.startIfSpareCore();
  const analyseCorpus = async (): Promise<number> => {
    // Files that cannot be read or have no words are left out, each with a message on stderr; with
    // --strict the run stops instead, listing them all.
    const leftOut = new LeftOutFiles(io.stderr, args.flags.has('strict'));
    const sources = await corpusSources(args.positionals, single(args, 'list'), single(args, 'unknown'), leftOut.note);
    if (new Set(sources.filter((s) => s.author).map((s) => s.author)).size < 2) {
      throw new CliError(
        'give at least two authors: folders (one per author, named after the author) or a --list of labelled files',
      );
    }

    await mkdir(out, { recursive: true });
    // What --resume compares: every input file's digest, and the options (the texts' labels among them).
    const list = single(args, 'list');
    const wordList = single(args, 'wordlist');
    const digests = {
      inputs: await inputsSha256([
        ...sources.map((source) => source.path),
        ...(list === undefined ? [] : [list]),
        ...(wordList === undefined ? [] : [wordList]),
      ]),
      options: optionsSha256(args, { sources: sources.map((source) => [source.name, source.author ?? null]) }),
    };
    const plan = args.flags.has('resume')
      ? await ResumePlan.open(out, digests, (reason) => io.stderr.write(`${reason}\n`))
      : ResumePlan.none();
    const mds = args.flags.has('mds');
    const corpus = await readCorpus(sources, {
      features: featureOptions,
      readDocument: encodedReader(host.readDocument, featureOptions.encoding),
      keepDocuments: classify !== undefined || mds,
      profiles: withProfiles,
      ...(threads !== undefined && { threads }),
      progress: createProgress(io.stderr, sources.length, withProfiles ? 'reading and analysing' : 'reading', {
        lines: true,
      }),
      onProblem: leftOut.note,
    });
    leftOut.check();
    if (corpus.skipped > 0)
      io.stderr.write(
        `${countOf(corpus.skipped, 'text')} shorter than one sample ${corpus.skipped === 1 ? 'was' : 'were'} left out\n`,
      );
    const { counts, names, authors: labels } = corpus;
    const n = names.length;
    const labelled = labels.flatMap((label, index) => (label !== undefined ? [index] : []));
    if (labelled.length < 2) throw new CliError('a corpus analysis needs at least two documents with an author');
    const matrixChoice = matrixFormat(matricesText, n);
    // Without matrix files no Delta variant is computed but Burrows' for the trees.
    const matrices = matrixChoice === 'none' ? 'full' : matrixChoice;
    const matrixMethods = matrixChoice === 'none' ? [] : MATRIX_METHODS;
    const trees = n <= treeLimit;
    const consensus = trees && n >= 3 ? [...new Set(consensusSizes)].sort((a, b) => a - b) : [];

    // The reference at the largest size asked: the main analysis's words are its first ones.
    const referencing = createProgress(io.stderr, 1, 'most frequent words', { lines: true });
    const reference = counts.reference(labelled, Math.max(mostFrequent, ...consensus), culling);
    referencing.tick();
    referencing.done();
    const words = Math.min(mostFrequent, reference.words.length);
    const fewer = fewerFeaturesNote(mostFrequent, words);
    if (fewer !== undefined) io.stderr.write(`${fewer}\n`);
    const mainWords = reference.words.slice(0, words);
    const authors = [...new Set(labels.filter((label): label is string => label !== undefined))].sort();
    const documents = { names, authors: labels };
    const summary = new RunSummary(
      join(out, 'summary.json'),
      {
        authors,
        documents: n,
        settings: {
          most_frequent_words: words,
          ...(words < mostFrequent && { most_frequent_words_asked: mostFrequent }),
          culling,
          min_shared: minShared,
          delta: [...matrixMethods],
          features: featuresDescription(featureOptions, words),
          matrices: matrixChoice === 'nearest' ? { nearest } : matrixChoice,
          trees: trees ? treeLinkage : `none: more than ${treeLimit} documents (--tree-limit)`,
        },
      },
      { ...digests, plan, stderr: io.stderr, alwaysRun: ['methods', 'profiles', 'report'] },
    );
    await summary.phase('reference', ['mfw.csv'], () => writeMfw(out, reference, words));

    await summary.phase('tables', ['counts.csv', 'frequencies.csv'], () =>
      writeCountTables(
        out,
        counts,
        documents,
        reference,
        words,
        createProgress(io.stderr, n, 'counts and frequencies', { lines: true }),
      ),
    );

    const z = zScoreMatrix(
      counts,
      names.map((_, index) => index),
      reference,
    );
    const attributing = createProgress(io.stderr, n, 'attribution', { lines: true });
    const attributed = attributeCorpus({
      counts,
      names,
      authors: labels,
      reference,
      zScores: z,
      words,
      minShared,
      onDocument: () => attributing.tick(),
    });
    attributing.done();
    for (const note of attributionNotes(attributed)) io.stderr.write(`${note}\n`);
    summary.set({
      loo_accuracy: attributed.looAccuracy,
      leave_one_out: jsonArray(() => attributed.leaveOneOut),
      attribution: jsonArray(() => attributed.attribution),
    });
    await summary.phase('attribution', ['confusion.csv'], () => writeConfusion(out, attributed));
    // Cheap, from the attribution just made: written on every run, resumed or not.
    let probabilities: Awaited<ReturnType<typeof writeProbabilities>> | undefined;
    if (args.flags.has('probabilities')) {
      probabilities = await writeProbabilities(out, attributed);
      summary.set({ probabilities });
      await summary.phaseDone('probabilities', ['probabilities.csv']);
    }

    const analysing = createProgress(io.stderr, 1, 'PCA', { lines: true });
    const pca = pcaOfMatrix({ values: z.values, rows: n, columns: words, stride: z.columns }, 2);
    analysing.tick();
    analysing.done();
    summary.set({ pca: { explained: pca.explained } });
    await summary.phase('pca', ['pca.csv', 'pca-loadings.csv'], () => writePca(out, documents, pca, mainWords));
    const drawAhead = (mainTree: readonly Merge[]): void => {
      if (plots === undefined) return;
      const analysis = reportAnalysis({ names, labels, reference, words, attributed, pca, mainTree });
      for (const spec of corpusPlotSpecs(analysis, treeLinkage)) plots.drawAhead(spec);
    };
    drawAhead([]);

    let mainTree: Merge[] = [];
    let consensusTree: ConsensusTree | undefined;
    summary.set({ clusters: null, consensus: null });
    const setConsensus = (tree: ConsensusTree): void => {
      consensusTree = tree;
      summary.set({
        consensus: {
          most_frequent_words: tree.mostFrequent,
          newick: tree.newick,
          clades: jsonArray(function* () {
            for (const clade of tree.clades) {
              yield { documents: clade.members.map((i) => names[i]!), support: clade.support };
            }
          }),
        },
      });
    };
    await deltaMatricesAndTrees(
      {
        out,
        names,
        z,
        words,
        methods: matrixMethods,
        matrices,
        nearest,
        trees,
        consensusSizes: consensus,
        linkage: treeLinkage,
        stderr: io.stderr,
        skips: (phase) => summary.skips(phase),
        ...(threads !== undefined && { threads }),
      },
      {
        onMatrix: (file) => summary.phaseDone(`matrix ${file}`, [file]),
        onMainTree: async (merges) => {
          mainTree = merges;
          drawAhead(merges);
          await writeTree(out, merges);
          summary.set({ clusters: { newick: newick(names, merges) } });
          await summary.phaseDone('tree', ['tree.csv']);
        },
        onConsensus: (counter) => {
          const clades = counter.clades();
          setConsensus({ clades, newick: consensusNewick(names, clades), mostFrequent: consensus });
          return summary.phaseDone('consensus', []);
        },
        onKeptTrees: async () => {
          const file = matrices === 'full' ? 'delta-burrows.csv' : 'delta-burrows-nearest.csv';
          await summary.phaseDone(`matrix ${file}`, [file]);
          mainTree = await readTree(out);
          drawAhead(mainTree);
          summary.set({ clusters: { newick: newick(names, mainTree) } });
          await summary.phaseDone('tree', ['tree.csv']);
          if (consensus.length > 0) {
            setConsensus(consensusFromSummary(summary.previous('consensus'), names));
            await summary.phaseDone('consensus', []);
          }
        },
      },
    );
    // Every plot is asked for: the thread gives its memory back once they are drawn.
    plots?.endWhenDrawn();

    // Each figure of the report also as its own files (figure-pca.svg and .png, …), for papers and slides.
    const figures = figureFiles(out, io.stderr, figureFormats);
    // stylo's other methods, on the documents' whole profiles.
    const methods =
      corpus.documents === undefined
        ? undefined
        : await corpusMethods({
            documents: corpus.documents,
            features: featureOptions,
            ...(classify !== undefined && { classify }),
            ...(mds && { mds: { distance: classify?.distance ?? 'burrows' } }),
            mostFrequent,
            culling,
            minShared,
            figures: figures.sink,
          });
    if (methods !== undefined) {
      for (const note of methods.notes) io.stderr.write(`${note}\n`);
      await Promise.all(Object.entries(methods.files).map(([name, text]) => writeFileAtomic(join(out, name), text)));
      summary.set(methods.summary);
      await summary.phaseDone('methods', [...Object.keys(methods.files), ...figures.files]);
    }

    const profiles = authorProfiles(corpus.featureSums, authors);
    const hardWrapped = hardWrappedTexts(corpus.featureSums);
    for (const [author, { hardWrapped: wrapped, texts }] of Object.entries(hardWrapped)) {
      io.stderr.write(
        `${author}: ${wrapped} of ${countOf(texts, 'text')} look${wrapped === 1 ? 's' : ''} hard-wrapped; check their sentence counts (report.html says why)\n`,
      );
    }
    summary.set({ profiles: withProfiles ? profiles : null });
    if (withProfiles) {
      await writeProfiles(out, authors, profiles, PROFILE_COLUMNS);
      await summary.phaseDone('profiles', ['profiles.csv']);
    }

    const methodFigures = figures.files.length;
    const analysis = reportAnalysis({ names, labels, reference, words, attributed, pca, mainTree });
    // One tick a figure, and one for the page.
    const reporting = createProgress(
      io.stderr,
      corpusFigureNames({ analysis, consensus: consensusTree }).length + 1,
      'report.html and figures',
      { lines: true },
    );
    figures.track(() => reporting.tick());
    const report = await corpusReport({
      analysis,
      profiles,
      hardWrapped,
      settings: { mostFrequent, culling, linkage: treeLinkage },
      consensus: consensusTree,
      sections: methods?.sections ?? [],
      figures: figures.sink,
      ...(plots !== undefined && { draw: plots.draw }),
      ...(probabilities !== undefined && { probabilities }),
    });
    await writeFileAtomic(join(out, 'report.html'), report);
    reporting.tick();
    reporting.done();
    await summary.phaseDone('report', [...figures.files.slice(methodFigures), 'report.html'], true);
    io.stdout.write(
      `${countOf(authors.length, 'author')}, ${countOf(n, 'document')}; leave-one-out accuracy ` +
        `${attributed.looAccuracy === null ? '–' : attributed.looAccuracy.toFixed(3)}; ` +
        `${attributed.attribution.filter((entry) => entry.predicted !== null).length} of ` +
        `${countOf(attributed.attribution.length, 'unknown text')} attributed. Wrote ${countOf(summary.files.length + 1, 'file')} to ${out}\n`,
    );
    return EXIT.ok;
  };
  try {
    return await analyseCorpus();
  } finally {
    await plots?.close();
  }
}
