/**
 * `styler rolling TEXT AUTHOR_DIR... --out DIR`: rolling Delta (stylo's rolling.delta()): a long
 * text read through a moving window, each window's distance to every author. Writes windows.csv,
 * summary.json and report.html.
 */
import { mkdir } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { wordFormSequence } from '@styler-dev/analytics/metrics';
import {
  type ArgSpec,
  CliError,
  type CliIO,
  countOf,
  csvText,
  EXIT,
  parseArgs,
  required,
  single,
  writeFileAtomic,
} from '@styler-dev/cli-kit';
import { distanceLabel, DISTANCES, featureLabel, rollingDelta } from '../../stylometry/index.js';
import type { ResearchHost } from '../../host.js';
import { positiveInteger } from '../numbers.js';
import { encodedReader, ENCODING_HELP } from '../stylometry/encoding.js';
import { LeftOutFiles, STRICT_HELP } from '../stylometry/left-out.js';
import { fewerFeaturesNote } from '../stylometry/notes.js';
import {
  cullingOption,
  distanceOption,
  featureSettings,
  FEATURE_HELP,
  MIN_SHARED_HELP,
  minSharedOption,
} from '../stylometry/options.js';
import { readAuthors } from '../stylometry/texts.js';
import { requirePlotLibraries } from '../../report/plots.js';
import { figureFiles } from '../../report/figure-files.js';
import { rollingReport } from '../../report/stylometry-report.js';

export const ROLLING_USAGE =
  'styler rolling TEXT AUTHOR_DIR... --out DIR [--window N] [--step N] [--distance NAME] [--mfw N] [--culling PERCENT] [--min-shared X] [--features F] [--wordlist FILE] [--encoding NAME] [--strict]';

export const ROLLING_HELP = [
  `usage: ${ROLLING_USAGE}`,
  '',
  "Rolling Delta (stylo's rolling.delta()): where a long text reads like which author.",
  '  TEXT                             the long text (.txt, .md or .docx)',
  '  AUTHOR_DIR...                    one folder per candidate author, named after the author',
  '  --out DIR                        where windows.csv, summary.json and report.html go',
  "  --window N                       words per window (default 5000, stylo's)",
  "  --step N                         words the window moves (default 1000, stylo's)",
  `  --distance ${DISTANCES.join('|')}`,
  '                                   (default burrows)',
  '  --mfw N                          features compared (default 100)',
  '  --culling PERCENT                a feature must occur in this share of the reference texts (default 0)',
  ...FEATURE_HELP.slice(0, 4),
  ...MIN_SHARED_HELP,
  ...ENCODING_HELP,
  ...STRICT_HELP,
  '',
].join('\n');

export const ROLLING_ARGS: ArgSpec = {
  single: ['out', 'window', 'step', 'distance', 'mfw', 'culling', 'min-shared', 'features', 'wordlist', 'encoding'],
  boolean: ['strict'],
};

export async function main(argv: string[], io: CliIO, host: ResearchHost): Promise<number> {
  const args = parseArgs(argv, ROLLING_ARGS);
  const out = required(args, 'out', `usage: ${ROLLING_USAGE}`);
  const [textPath, ...folders] = args.positionals;
  if (textPath === undefined || folders.length === 0) {
    throw new CliError(
      `${textPath === undefined ? 'give the text to read and' : 'give'} at least one author folder after the text\nusage: ${ROLLING_USAGE}`,
    );
  }
  const distance = distanceOption(args);
  const culling = cullingOption(args);
  const minShared = minSharedOption(args);
  const window = positiveInteger(single(args, 'window'), 'window', 5_000);
  const step = positiveInteger(single(args, 'step'), 'step', 1_000);
  const settings = await featureSettings(args);
  const mostFrequent = settings.wordList?.length ?? positiveInteger(single(args, 'mfw'), 'mfw', 100);
  requirePlotLibraries();
  const readDocument = encodedReader(host.readDocument, settings.encoding);
  const words = wordFormSequence((await readDocument(textPath)).text);
  const leftOut = new LeftOutFiles(io.stderr, args.flags.has('strict'));
  const reference = await readAuthors(folders, settings, readDocument, leftOut.note);
  leftOut.check();
  let result;
  try {
    result = rollingDelta(words, reference, {
      window,
      step,
      distance,
      culling,
      features: settings.features,
      mostFrequent,
      minShared,
      ...(settings.wordList !== undefined && { words: settings.wordList }),
    });
  } catch (error) {
    if (error instanceof RangeError) throw new CliError(error.message);
    throw error;
  }
  const text = basename(textPath);
  const warnings = [
    words.length < window
      ? `${text} has ${countOf(words.length, 'word')}, fewer than a window of ${window}: one window of the whole text (--window)`
      : undefined,
    settings.wordList === undefined ? fewerFeaturesNote(mostFrequent, result.features) : undefined,
  ].filter((line): line is string => line !== undefined);
  for (const line of warnings) io.stderr.write(`${line}\n`);
  const description =
    `${countOf(words.length, 'word')} in windows of ${window} moved by ${step}; ${result.features} ${featureLabel(settings.features)} ` +
    `of ${countOf(reference.length, 'reference text')} by ${countOf(result.authors.length, 'author')}; ${distanceLabel(distance)}.`;
  const files: Record<string, string> = {
    'windows.csv': csvText(
      ['start', 'end', 'nearest', ...result.authors, 'reason'],
      result.windows.map((w) => [
        w.start,
        w.end,
        w.nearest,
        ...result.authors.map((a) => w.distances[a] ?? null),
        w.reason ?? null,
      ]),
    ),
  };
  await mkdir(out, { recursive: true });
  const figures = figureFiles(out, io.stderr);
  const report = await rollingReport(
    result.windows,
    result.authors,
    text,
    distanceLabel(distance),
    description,
    figures.sink,
  );
  const summary = {
    text,
    words: words.length,
    authors: result.authors,
    settings: {
      window,
      step,
      distance,
      features: featureLabel(settings.features),
      features_compared: result.features,
      culling,
      min_shared: minShared,
    },
    windows: result.windows,
    warnings,
    files: [...Object.keys(files), 'report.html', ...figures.files].sort(),
  };
  files['summary.json'] = `${JSON.stringify(summary, null, 2)}\n`;
  files['report.html'] = report;
  await Promise.all(Object.entries(files).map(([name, body]) => writeFileAtomic(join(out, name), body)));
  const counts = result.authors.map((a) => `${a} ${result.windows.filter((w) => w.nearest === a).length}`).join(', ');
  const unattributed = result.windows.filter((w) => w.nearest === null).length;
  for (const w of result.windows) {
    if (w.reason !== undefined) io.stderr.write(`window ${w.start}–${w.end}: not attributed: ${w.reason}\n`);
  }
  io.stdout.write(
    `${countOf(result.windows.length, 'window')} nearest to: ${counts}${unattributed > 0 ? `; ${unattributed} not attributed` : ''}. Wrote ${countOf(Object.keys(files).length + figures.files.length, 'file')} to ${out}\n`,
  );
  return EXIT.ok;
}
