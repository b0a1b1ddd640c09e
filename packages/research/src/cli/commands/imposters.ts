/**
 * `styler imposters AUTHOR_DIR... --unknown DIR --out DIR`: authorship verification by the General
 * Imposters method (Koppel & Winter 2014; stylo's imposters()): each unknown text against each
 * candidate author (or those given by --candidate), the other authors' texts its imposters. Writes
 * scores.csv, summary.json and report.html.
 */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import {
  type ArgSpec,
  CliError,
  type CliIO,
  countOf,
  csvText,
  EXIT,
  parseArgs,
  required,
  writeFileAtomic,
} from '@styler-dev/cli-kit';
import { distanceLabel, DISTANCES, featureLabel, verifyCorpus } from '../../stylometry/index.js';
import type { ResearchHost } from '../../host.js';
import { encodedReader } from '../stylometry/encoding.js';
import { LeftOutFiles, STRICT_HELP } from '../stylometry/left-out.js';
import { fewerFeaturesNote } from '../stylometry/notes.js';
import {
  featureSettings,
  FEATURE_FLAGS,
  FEATURE_HELP,
  impostersFlags,
  MIN_SHARED_HELP,
} from '../stylometry/options.js';
import { readAuthors, readUnknown } from '../stylometry/texts.js';
import { impostersReport } from '../../report/stylometry-report.js';

export const IMPOSTERS_USAGE =
  'styler imposters AUTHOR_DIR... --unknown PATH --out DIR [--candidate NAME...] [--iterations N] [--feature-share X] [--imposter-share X] [--distance NAME] [--mfw N] [--culling PERCENT] [--min-shared X] [--features F] [--wordlist FILE] [--sample N[:mode]] [--samples N] [--seed N] [--encoding NAME] [--strict]';

export const IMPOSTERS_HELP = [
  `usage: ${IMPOSTERS_USAGE}`,
  '',
  'The imposters method (stylo imposters()): is each unknown text by the candidate, or by another author?',
  '  AUTHOR_DIR...                    one folder per author, named after the author (two at least)',
  '  --unknown PATH                   the texts to verify (a folder or files)',
  '  --out DIR                        where scores.csv, summary.json and report.html go',
  '  --candidate NAME...              the authors to test (default: each in turn)',
  '  --iterations N                   rounds (default 100)',
  '  --feature-share X                share of the features drawn each round (default 0.5)',
  '  --imposter-share X               share of the imposter texts drawn each round (default 0.5)',
  `  --distance ${DISTANCES.join('|')}`,
  "                                   (default burrows, stylo's; Koppel & Winter used minmax)",
  '  --mfw N                          features compared (default 100)',
  '  --culling PERCENT                a feature must occur in this share of the labelled texts (default 0)',
  ...MIN_SHARED_HELP,
  ...FEATURE_HELP,
  ...STRICT_HELP,
  '',
].join('\n');

export const IMPOSTERS_ARGS: ArgSpec = {
  single: [
    'unknown',
    'out',
    'iterations',
    'feature-share',
    'imposter-share',
    'distance',
    'mfw',
    'culling',
    'min-shared',
    ...FEATURE_FLAGS,
  ],
  multi: ['candidate'],
  boolean: ['strict'],
};

export async function main(argv: string[], io: CliIO, host: ResearchHost): Promise<number> {
  const args = parseArgs(argv, IMPOSTERS_ARGS);
  const out = required(args, 'out', `usage: ${IMPOSTERS_USAGE}`);
  const unknown = required(args, 'unknown', `usage: ${IMPOSTERS_USAGE}`);
  if (args.positionals.length < 2) {
    throw new CliError(
      `give at least two author folders (a candidate and its imposters), got ${args.positionals.length}\nusage: ${IMPOSTERS_USAGE}`,
    );
  }
  const settings = await featureSettings(args);
  const options = {
    ...impostersFlags(args, settings),
    ...(args.flags.has('candidate') && { candidates: args.flags.get('candidate')! }),
  };
  const { distance, culling } = options;
  const leftOut = new LeftOutFiles(io.stderr, args.flags.has('strict'));
  const readDocument = encodedReader(host.readDocument, settings.encoding);
  const documents = [
    ...(await readAuthors(args.positionals, settings, readDocument, leftOut.note)),
    ...(await readUnknown([unknown], settings, readDocument, leftOut.note)),
  ];
  leftOut.check();
  let result;
  try {
    result = verifyCorpus(documents, options);
  } catch (error) {
    if (error instanceof RangeError) throw new CliError(error.message);
    throw error;
  }
  const warnings = [
    ...(settings.wordList === undefined ? [fewerFeaturesNote(options.mostFrequent, result.features)] : []),
    ...result.scores.map((row) => row.reason && `${row.document}: not verified: ${row.reason}`),
  ].filter((line): line is string => typeof line === 'string');
  for (const line of warnings) io.stderr.write(`${line}\n`);
  const description =
    `${options.iterations} rounds, each with ${Math.round(options.featureShare * 100)} % of ${result.features} ` +
    `${featureLabel(settings.features)} and ${Math.round(options.imposterShare * 100)} % of the imposter texts; ` +
    `${distanceLabel(distance)}, seed ${settings.seed}. A score near 1: the candidate's texts beat the imposters whatever the features.`;
  const files: Record<string, string> = {
    'scores.csv': csvText(
      ['document', ...result.authors, 'reason'],
      result.scores.map((row) => [
        row.document,
        ...result.authors.map((a) => row.scores[a] ?? null),
        row.reason ?? null,
      ]),
    ),
  };
  const summary = {
    authors: result.authors,
    settings: {
      iterations: options.iterations,
      feature_share: options.featureShare,
      imposter_share: options.imposterShare,
      distance,
      features: featureLabel(settings.features),
      features_compared: result.features,
      culling,
      min_shared: options.minShared,
      seed: settings.seed,
    },
    verified: result.scores.filter((row) => row.reason === undefined).length,
    not_verified: result.scores.filter((row) => row.reason !== undefined).length,
    scores: result.scores,
    warnings,
    files: [...Object.keys(files), 'report.html'].sort(),
  };
  files['summary.json'] = `${JSON.stringify(summary, null, 2)}\n`;
  files['report.html'] = impostersReport(result.scores, result.authors, description);
  await mkdir(out, { recursive: true });
  await Promise.all(Object.entries(files).map(([name, text]) => writeFileAtomic(join(out, name), text)));
  const verified = `${summary.verified} of ${countOf(result.scores.length, 'text')} verified`;
  const notVerified = summary.not_verified > 0 ? ` (${summary.not_verified} not: see stderr)` : '';
  io.stdout.write(
    `${verified}${notVerified} against ${countOf(result.authors.length, 'candidate')}. Wrote ${countOf(Object.keys(files).length, 'file')} to ${out}\n`,
  );
  return EXIT.ok;
}
