/**
 * `styler verify PROBLEMS --out DIR`: authorship verification of (known texts, questioned text)
 * problems by the General Imposters method with a fitted "don't know" band and by Delta calibrated
 * with a logistic regression (stylometry/verification.ts), scored with PAN's metrics when the problems
 * carry answers. Writes scores.csv, PAN's answers files (answers-delta.jsonl, answers-imposters.jsonl),
 * reliability.csv, summary.json, report.html and the reliability diagram.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  CliError,
  countOf,
  csvText,
  EXIT,
  parseArgs,
  required,
  single,
  type ArgSpec,
  type CliIO,
} from '@styler-dev/cli-kit';
import {
  distanceLabel,
  DISTANCES,
  featureLabel,
  reliabilityBins,
  verificationMetrics,
  verifyProblems,
  type VerifiedProblem,
} from '../../stylometry/index.js';
import type { ResearchHost } from '../../host.js';
import { figureFiles } from '../../report/figure-files.js';
import { requirePlotLibraries } from '../../report/plots.js';
import { verificationReport } from '../../report/verification-report.js';
import { positiveInteger } from '../numbers.js';
import { featureSettings, impostersFlags, MIN_SHARED_HELP } from '../stylometry/options.js';
import { readAuthors } from '../stylometry/texts.js';
import { readVerificationProblems } from '../stylometry/verification-problems.js';

export const VERIFY_USAGE =
  'styler verify PROBLEMS --out DIR [--imposters DIR...] [--iterations N] [--feature-share X] [--imposter-share X] [--distance NAME] [--mfw N] [--culling PERCENT] [--min-shared X] [--features F] [--wordlist FILE] [--bins N] [--calibration-draws N] [--seed N]';

export const VERIFY_HELP = [
  `usage: ${VERIFY_USAGE}`,
  '',
  'Authorship verification: is each questioned text by the author of the known texts? Two methods,',
  'both calibrated on the known texts alone (docs/stylometry.md): the General Imposters score with a',
  '"don\'t know" band fitted for c@1, and Delta turned into a probability by logistic regression.',
  '  PROBLEMS                         a JSON Lines file ({"id","known":[...],"unknown":"...","answer":true,',
  '                                   "author":"..."}, texts or paths) or a folder of problems as PAN\'s',
  '                                   (<id>/known*.txt, <id>/unknown.txt; truth.txt, .json or .jsonl), or',
  '                                   PAN 2020–23\'s pairs.jsonl ({"id","pair":[known, questioned]}; its',
  '                                   answers and authors from the truth.jsonl beside it)',
  '  --out DIR                        where scores.csv, reliability.csv, summary.json and report.html go,',
  '                                   and PAN\'s answers files ({"id","value"} lines; 0.5 is no answer):',
  '                                   answers-delta.jsonl and answers-imposters.jsonl',
  "  --imposters DIR...               folders of further authors' texts, one per author (default: none;",
  "                                   the other problems' authors are the imposters)",
  '  --iterations N                   imposters rounds (default 100)',
  '  --feature-share X                share of the features drawn each round (default 0.5)',
  '  --imposter-share X               share of the imposter texts drawn each round (default 0.5)',
  `  --distance ${DISTANCES.join('|')}`,
  '                                   of both methods (default burrows)',
  '  --mfw N                          features compared (default 100)',
  '  --culling PERCENT                a feature must occur in this share of the known texts (default 0)',
  ...MIN_SHARED_HELP,
  '  --features words|word-ngrams:N|char-ngrams:N   what is counted (default words)',
  '  --wordlist FILE                  compare these features (one a line) instead of the most frequent',
  '  --bins N                         bins of the reliability diagram (default 10)',
  '  --calibration-draws N            draws of calibration problems, fitted together (default 5): each',
  "                                   held-out known text against known sets of the problems' sizes",
  '  --seed N                         seed of the imposters draws and of the calibration problems (default 1)',
  '',
].join('\n');

export const VERIFY_ARGS: ArgSpec = {
  single: [
    'out',
    'iterations',
    'feature-share',
    'imposter-share',
    'distance',
    'mfw',
    'culling',
    'min-shared',
    'features',
    'wordlist',
    'bins',
    'calibration-draws',
    'seed',
  ],
  multi: ['imposters'],
};

/** The methods' scores, in the order they are written. */
const METHODS = {
  imposters: (p: VerifiedProblem) => p.imposters,
  'imposters-uncalibrated': (p: VerifiedProblem) => p.impostersUncalibrated,
  delta: (p: VerifiedProblem) => p.delta,
  'delta-uncalibrated': (p: VerifiedProblem) => p.deltaUncalibrated,
} as const;

/** The scores as PAN's answers.jsonl: one {"id", "value"} line a problem. */
function panAnswers(problems: readonly VerifiedProblem[], score: (p: VerifiedProblem) => number): string {
  return problems.map((p) => `${JSON.stringify({ id: p.id, value: score(p) })}\n`).join('');
}

export async function main(argv: string[], io: CliIO, host: ResearchHost): Promise<number> {
  const args = parseArgs(argv, VERIFY_ARGS);
  const out = required(args, 'out', `usage: ${VERIFY_USAGE}`);
  if (args.positionals.length !== 1) throw new CliError(`usage: ${VERIFY_USAGE}`);
  const bins = positiveInteger(single(args, 'bins'), 'bins', 10);
  const calibrationDraws = positiveInteger(single(args, 'calibration-draws'), 'calibration-draws', 5);
  const settings = await featureSettings(args);
  const options = impostersFlags(args, settings);
  const { distance, culling } = options;
  requirePlotLibraries();
  const problems = await readVerificationProblems(args.positionals[0]!, settings, host.readDocument);
  const imposterDocuments = await readAuthors(args.flags.get('imposters') ?? [], settings, host.readDocument);
  const imposterAuthors = [...new Set(imposterDocuments.map((d) => d.author!))].map((author) => ({
    author: `imposters:${author}`,
    texts: imposterDocuments
      .filter((d) => d.author === author)
      .map((d) => ({ key: `imposters:${d.name}`, profile: d.profile })),
  }));
  let result;
  try {
    result = verifyProblems(problems, { ...options, imposterAuthors, calibrationDraws });
  } catch (error) {
    if (error instanceof RangeError) throw new CliError(error.message);
    throw error;
  }
  const answered = result.problems.filter((p): p is VerifiedProblem & { same: boolean } => p.same !== undefined);
  const metrics = Object.fromEntries(
    Object.entries(METHODS).map(([method, score]) => [
      method,
      answered.length === 0 ? null : verificationMetrics(answered.map((p) => ({ score: score(p), same: p.same }))),
    ]),
  );
  const reliability =
    answered.length === 0
      ? []
      : Object.entries(METHODS).flatMap(([method, score]) =>
          reliabilityBins(
            answered.map((p) => ({ score: score(p), same: p.same })),
            bins,
          ).map((bin) => ({ method, ...bin })),
        );
  const files: Record<string, string> = {
    'scores.csv': csvText(
      ['id', 'method', 'score', 'answer', 'reason'],
      result.problems.flatMap((p) =>
        Object.entries(METHODS).map(([method, score]) => [
          p.id,
          method,
          score(p),
          p.same === undefined ? null : String(p.same),
          p.reason !== undefined && !method.endsWith('-uncalibrated') ? `not answered: ${p.reason}` : null,
        ]),
      ),
    ),
    // PAN's answers file, one per calibrated method ({"id", "value"}; 0.5 is a non-answer), for its evaluator.
    'answers-delta.jsonl': panAnswers(result.problems, METHODS.delta),
    'answers-imposters.jsonl': panAnswers(result.problems, METHODS.imposters),
    'reliability.csv': csvText(
      ['method', 'bin_low', 'bin_high', 'problems', 'mean_score', 'observed', 'observed_low', 'observed_high'],
      reliability.map((b) => [
        b.method,
        b.low,
        b.high,
        b.problems,
        b.meanScore,
        b.observed,
        b.observedLow,
        b.observedHigh,
      ]),
    ),
  };
  const { band, logistic, calibration } = result;
  const sizes = Object.entries(calibration.knownSetSizes)
    .map(([size, count]) => `${count} of ${countOf(Number(size), 'known text')}`)
    .join(', ');
  const signed = (x: number): string => (x < 0 ? `− ${(-x).toFixed(3)}` : `+ ${x.toFixed(3)}`);
  const description =
    `${countOf(result.problems.length, 'problem')} (${answered.length} with an answer); ` +
    (settings.wordList === undefined
      ? `the ${result.features} most frequent ${featureLabel(settings.features)}`
      : `${result.features} ${featureLabel(settings.features)} of the word list`) +
    `, ${distanceLabel(distance)}. Calibrated on ` +
    `${calibration.problems} problems built like these from the known texts (${calibration.draws} seeded ` +
    `draws; ${sizes}): imposters "don't know" band [${band.low}, ${band.high}] (c@1 ${band.cAt1.toFixed(3)} ` +
    `there); P(same) = σ(${logistic.intercept.toFixed(3)} ${signed(logistic.slope)} · margin). The ` +
    `uncalibrated Delta score is d(other) / (d(known) + d(other)), from each problem alone.`;
  await mkdir(out, { recursive: true });
  const figures = figureFiles(out, io.stderr);
  files['report.html'] = await verificationReport({ description, metrics, bins: reliability, figures: figures.sink });
  const unanswered = result.problems.filter((p) => p.reason !== undefined);
  for (const p of unanswered) io.stderr.write(`${p.id}: not answered: ${p.reason}\n`);
  const summary = {
    problems: result.problems.length,
    answered: answered.length,
    not_answered_shared_words: unanswered.map((p) => ({ id: p.id, reason: p.reason })),
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
      calibration_draws: calibrationDraws,
      bins,
    },
    calibration: {
      problems: calibration.problems,
      same: calibration.same,
      different: calibration.different,
      draws: calibration.draws,
      authors: calibration.authors,
      known_set_sizes: calibration.knownSetSizes,
      problem_known_set_sizes: calibration.problemSizes,
      imposters: { dont_know_band: [band.low, band.high], c_at_1: band.cAt1 },
      delta: { feature: 'margin', intercept: logistic.intercept, slope: logistic.slope },
    },
    metrics,
    files: [...Object.keys(files), 'summary.json', ...figures.files].sort(),
  };
  files['summary.json'] = `${JSON.stringify(summary, null, 2)}\n`;
  await Promise.all(Object.entries(files).map(([name, text]) => writeFile(join(out, name), text)));
  const line = (method: string): string => {
    const m = metrics[method];
    return m === null || m === undefined ? '' : ` ${method} overall ${m.overall?.toFixed(3) ?? '–'};`;
  };
  io.stdout.write(
    `${countOf(result.problems.length, 'problem')} verified` +
      `${unanswered.length > 0 ? ` (${unanswered.length} left unanswered by the shared-words rule)` : ''};` +
      `${line('imposters')}${line('delta')} wrote ${countOf(summary.files.length, 'file')} to ${out}\n`,
  );
  return EXIT.ok;
}
