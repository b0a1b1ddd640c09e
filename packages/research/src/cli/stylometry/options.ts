/**
 * The stylo options the research commands share: the distance, the classifier and its settings,
 * the features, a word list of one's own and sampling; parsed and validated once here, with their
 * help lines, so every command says and checks them alike.
 */
import { readFile } from 'node:fs/promises';
import { CliError, countOf, single, type ParsedArgs } from '@styler-dev/cli-kit';
import {
  CLASSIFIERS,
  DISTANCES,
  featureLabel,
  isDistanceName,
  MIN_SHARED_FEATURES,
  usesDistance,
  WORD_FEATURES,
  type ClassifierName,
  type DistanceName,
  type FeatureSpec,
  type ImpostersOptions,
  type SamplingMode,
} from '../../stylometry/index.js';
import { positiveInteger } from '../numbers.js';
import { ENCODING_HELP, parseEncoding } from './encoding.js';

/** What features each document is counted with, and how texts are cut into samples. */
export interface FeatureSettings {
  features: FeatureSpec;
  /** The features of one's own word list, lower-cased, in its order. */
  wordList?: string[];
  /** Samples of `size` words; random ones `count` per text (stylo's number.of.samples). */
  sample?: { size: number; mode: SamplingMode; count?: number };
  /** Each text cut into this many consecutive samples of equal length (--samples without --sample). */
  parts?: number;
  seed: number;
  /** How text files are decoded (a TextDecoder encoding; absent: UTF-8, as the service reads them). */
  encoding?: string;
}

/** How documents are classified. */
export interface ClassifySettings {
  classifier: ClassifierName;
  distance: DistanceName;
  k: number;
  shrinkage: number;
  cost: number;
  folds?: number;
}

/** The flags of FeatureSettings, for parseArgs. */
export const FEATURE_FLAGS = ['features', 'wordlist', 'sample', 'samples', 'seed', 'encoding'] as const;
/** The flags of ClassifySettings, for parseArgs. */
export const CLASSIFY_FLAGS = ['distance', 'classify', 'k', 'shrinkage', 'cost', 'cv'] as const;

/** The help lines of the feature flags. */
export const FEATURE_HELP = [
  '  --features words|word-ngrams:N|char-ngrams:N   what is counted (default words; character n-grams',
  '                                   span the word forms joined by single spaces, as stylo)',
  '  --wordlist FILE                  compare these features (one a line, # comments) instead of the most',
  '                                   frequent; --mfw then defaults to the list length',
  '  --sample N[:consecutive|random]  cut each text into samples of N words: consecutive (the tail dropped,',
  '                                   stylo normal.sampling) or one random bag of N words (seeded);',
  '                                   default: each text whole',
  '  --samples N                      each text in N consecutive samples of equal length (the few words',
  '                                   left over dropped); with --sample N:random, N random samples a text',
  "                                   (stylo's number.of.samples); default: one",
  '  --seed N                         seed of random sampling, cross-validation folds and the SVM (default 1)',
  ...ENCODING_HELP,
];

/** The help lines of the classification flags. */
export const CLASSIFY_HELP = [
  `  --distance ${DISTANCES.join('|')}`,
  '                                   the distance (default burrows); Delta variants compare z-scores, the',
  '                                   others relative frequencies (docs/stylometry.md)',
  `  --classify ${CLASSIFIERS.join('|')}`,
  "                                   centroid: the author's pooled profile (default); nearest: the single",
  "                                   nearest text, as stylo's classify(); k-NN, nearest shrunken centroids",
  '                                   (with posterior probabilities), one-vs-rest linear SVM',
  '  --k N                            neighbours of --classify knn (default 3)',
  '  --shrinkage D                    soft threshold of --classify nsc (default 1, as stylo calls pamr)',
  '  --cost C                         cost of --classify svm (default 1)',
  '  --cv K                           stratified K-fold cross-validation of the labelled texts, with',
  '                                   per-author precision and recall (default: none)',
];

function number(text: string | undefined, name: string, fallback: number, min: number): number {
  if (text === undefined) return fallback;
  const value = Number(text);
  if (!Number.isFinite(value) || value < min) throw new CliError(`--${name} must be a number of at least ${min}`);
  return value;
}

/** `--features`: words, word-ngrams:N or char-ngrams:N. */
export function parseFeatures(text: string | undefined): FeatureSpec {
  if (text === undefined || text === 'words') return WORD_FEATURES;
  const match = /^(word-ngrams|char-ngrams):(\d+)$/.exec(text);
  if (match === null || Number(match[2]) < 1) {
    throw new CliError('--features must be words, word-ngrams:N or char-ngrams:N (N a positive integer)');
  }
  return { kind: match[1] as 'word-ngrams' | 'char-ngrams', n: Number(match[2]) };
}

/** `--sample`: N, N:consecutive or N:random. */
export function parseSample(text: string | undefined): FeatureSettings['sample'] {
  if (text === undefined) return undefined;
  const match = /^(\d+)(?::(consecutive|random))?$/.exec(text);
  if (match === null || Number(match[1]) < 1) {
    throw new CliError('--sample must be N, N:consecutive or N:random (N words, a positive integer)');
  }
  return { size: Number(match[1]), mode: (match[2] ?? 'consecutive') as SamplingMode };
}

/** A word list: one feature a line (trimmed, lower-cased), blank lines and `#` comments skipped. */
export async function readWordList(path: string): Promise<string[]> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch {
    throw new CliError(`--wordlist: cannot read ${path}`);
  }
  const words = text
    .split(/\r?\n/)
    .map((line) => line.trim().toLowerCase())
    .filter((line) => line !== '' && !line.startsWith('#'));
  if (words.length === 0) throw new CliError(`--wordlist ${path} lists no word`);
  return [...new Set(words)];
}

/** `--samples N` beside `--sample`: how many random samples a text, or how many equal parts. */
function withSamples(
  sample: FeatureSettings['sample'],
  samples: string | undefined,
): Pick<FeatureSettings, 'sample' | 'parts'> {
  if (samples === undefined) return sample === undefined ? {} : { sample };
  const count = positiveInteger(samples, 'samples', 1);
  if (sample === undefined) return { parts: count };
  if (sample.mode !== 'random') {
    throw new CliError(
      '--samples with --sample N:consecutive: the sample size already sets how many; give --sample N:random or leave --sample out',
    );
  }
  return { sample: { ...sample, count } };
}

export async function featureSettings(args: ParsedArgs): Promise<FeatureSettings> {
  const list = single(args, 'wordlist');
  const encoding = parseEncoding(single(args, 'encoding'));
  return {
    features: parseFeatures(single(args, 'features')),
    ...(list !== undefined && { wordList: await readWordList(list) }),
    ...withSamples(parseSample(single(args, 'sample')), single(args, 'samples')),
    seed: positiveInteger(single(args, 'seed'), 'seed', 1),
    ...(encoding !== undefined && { encoding }),
  };
}

/** --distance: one of DISTANCES (default burrows). */
export function distanceOption(args: ParsedArgs): DistanceName {
  const distance = single(args, 'distance') ?? 'burrows';
  if (!isDistanceName(distance)) throw new CliError(`--distance must be one of ${DISTANCES.join(', ')}`);
  return distance;
}

/** --culling: the percentage of the labelled texts a feature must occur in, 0 to 100 (default 0). */
export function cullingOption(args: ParsedArgs): number {
  const culling = Number(single(args, 'culling') ?? 0);
  if (!(culling >= 0 && culling <= 100)) throw new CliError('--culling must be a percentage from 0 to 100');
  return culling;
}

/** The help lines of --min-shared, which every command that attributes or verifies takes. */
export const MIN_SHARED_HELP = [
  '  --min-shared X                   a text (or window) using under this share of the features compared',
  '                                   is reported as not attributed, not verified (default 0.5; 0: off)',
];

/** --min-shared: the shared-words rule's share, 0 (off) to 1 (default 0.5; stylometry/shared-features.ts). */
export function minSharedOption(args: ParsedArgs): number {
  const text = single(args, 'min-shared');
  const value = text === undefined ? MIN_SHARED_FEATURES : Number(text);
  if (!(value >= 0 && value <= 1)) throw new CliError('--min-shared must be a share from 0 (the rule off) to 1');
  return value;
}

/** A share drawn each imposters round: above 0 and at most 1 (default 0.5). */
function share(args: ParsedArgs, name: string): number {
  const text = single(args, name);
  if (text === undefined) return 0.5;
  const value = Number(text);
  if (!(value > 0 && value <= 1)) throw new CliError(`--${name} must be above 0 and at most 1`);
  return value;
}

/** The General Imposters flags `styler imposters` and `styler verify` share, checked. */
export function impostersFlags(
  args: ParsedArgs,
  settings: FeatureSettings,
): Required<ImpostersOptions> & {
  mostFrequent: number;
  culling: number;
  minShared: number;
  words?: readonly string[];
} {
  return {
    iterations: positiveInteger(single(args, 'iterations'), 'iterations', 100),
    featureShare: share(args, 'feature-share'),
    imposterShare: share(args, 'imposter-share'),
    distance: distanceOption(args),
    seed: settings.seed,
    mostFrequent: settings.wordList?.length ?? positiveInteger(single(args, 'mfw'), 'mfw', 100),
    culling: cullingOption(args),
    minShared: minSharedOption(args),
    ...(settings.wordList !== undefined && { words: settings.wordList }),
  };
}

function folds(text: string): number {
  const value = Number(text);
  if (!Number.isInteger(value) || value < 2) throw new CliError('--cv must be an integer of at least 2 (folds)');
  return value;
}

/** The classification flags, checked against the classifier they apply to. */
export function classifySettings(args: ParsedArgs): ClassifySettings {
  const classifier = single(args, 'classify') ?? 'centroid';
  if (!(CLASSIFIERS as readonly string[]).includes(classifier)) {
    throw new CliError(`--classify must be one of ${CLASSIFIERS.join(', ')}`);
  }
  const name = classifier as ClassifierName;
  const distance = distanceOption(args);
  if (args.flags.has('distance') && !usesDistance(name)) {
    throw new CliError(`--distance applies to --classify centroid, nearest or knn, not ${name}`);
  }
  for (const [flag, owner] of [
    ['k', 'knn'],
    ['shrinkage', 'nsc'],
    ['cost', 'svm'],
  ] as const) {
    if (args.flags.has(flag) && name !== owner) throw new CliError(`--${flag} applies to --classify ${owner}`);
  }
  const cv = single(args, 'cv');
  return {
    classifier: name,
    distance,
    k: positiveInteger(single(args, 'k'), 'k', 3),
    shrinkage: number(single(args, 'shrinkage'), 'shrinkage', 1, 0),
    cost: number(single(args, 'cost'), 'cost', 1, Number.MIN_VALUE),
    ...(cv !== undefined && { folds: folds(cv) }),
  };
}

/** Whether any classification flag was given (the corpus command adds its classification then). */
export function classifyAsked(args: ParsedArgs): boolean {
  return CLASSIFY_FLAGS.some((flag) => args.flags.has(flag)) || args.flags.has('wordlist');
}

/** A line saying what was compared, e.g. "word 2-grams, 100 most frequent". */
export function featuresDescription(settings: FeatureSettings, used: number): string {
  const what = settings.wordList !== undefined ? `${used} from the word list` : `${used} most frequent`;
  const count = settings.sample?.count ?? 1;
  const sample =
    settings.sample !== undefined
      ? `; ${count > 1 ? `${count} ` : ''}samples of ${countOf(settings.sample.size, 'word')} (${settings.sample.mode})`
      : settings.parts !== undefined
        ? `; each text in ${countOf(settings.parts, 'sample')}`
        : '';
  return `${featureLabel(settings.features)}, ${what}${sample}`;
}
