/**
 * `styler oppose PRIMARY_DIR SECONDARY_DIR --out DIR`: Craig's Zeta, as stylo's oppose(): the words
 * the primary folder's texts prefer and avoid against the secondary folder's, by the share of each
 * group's slices that use them; test texts (--test) placed among the two groups' slices. Writes
 * zeta.csv, slices.csv, summary.json and report.html.
 */
import { mkdir } from 'node:fs/promises';
import { basename, join, resolve } from 'node:path';
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
import { craigZeta, featureLabel, ZETA_METHODS, type ZetaWord } from '../../stylometry/index.js';
import type { ResearchHost } from '../../host.js';
import { positiveInteger } from '../numbers.js';
import { encodedReader, ENCODING_HELP } from '../stylometry/encoding.js';
import { LeftOutFiles, STRICT_HELP } from '../stylometry/left-out.js';
import { featureSettings, FEATURE_HELP } from '../stylometry/options.js';
import { readSequences } from '../stylometry/texts.js';
import { requirePlotLibraries } from '../../report/plots.js';
import { figureFiles } from '../../report/figure-files.js';
import { opposeReport } from '../../report/stylometry-report.js';

export const OPPOSE_USAGE =
  'styler oppose PRIMARY_DIR SECONDARY_DIR --out DIR [--zeta craig|eder|chisquare] [--test DIR] [--slice N] [--rare N] [--filter X] [--features words|word-ngrams:N|char-ngrams:N] [--encoding NAME] [--strict]';

export const OPPOSE_HELP = [
  `usage: ${OPPOSE_USAGE}`,
  '',
  "Zeta (stylo's oppose()): words the primary texts prefer and avoid against the secondary ones.",
  '  --out DIR                        where zeta.csv, slices.csv, words-preferred.txt, words-avoided.txt,',
  '                                   summary.json and report.html go',
  "  --zeta craig|eder|chisquare      how words are scored: Craig's p_A − p_B (default), Eder's",
  '                                   (p_A − p_B)/(p_A + p_B), or a chi-square test of the slices using',
  '                                   each word (kept at p < 0.05) (docs/stylometry.md)',
  '  --test DIR                       texts to place among the two groups by the marker words they use',
  "  --slice N                        words per slice (default 3000, stylo's); texts shorter give none",
  '  --rare N                         leave out words used N times or fewer in both groups (default 2)',
  "  --filter X                       keep words whose score is beyond ±X (default 0.1, stylo's; not chisquare)",
  FEATURE_HELP[0],
  FEATURE_HELP[1],
  ...ENCODING_HELP,
  ...STRICT_HELP,
  '',
].join('\n');

/** A word list as --wordlist reads it: `#` comment lines, then one word a line, most distinctive first. */
function wordListText(words: readonly ZetaWord[], what: string): string {
  return `# ${words.length} words ${what} (styler oppose); usable as --wordlist\n${words.map((w) => `${w.word}\n`).join('')}`;
}

export const OPPOSE_ARGS: ArgSpec = {
  single: ['out', 'zeta', 'test', 'slice', 'rare', 'filter', 'features', 'encoding'],
  boolean: ['strict'],
};

export async function main(argv: string[], io: CliIO, host: ResearchHost): Promise<number> {
  const args = parseArgs(argv, OPPOSE_ARGS);
  const out = required(args, 'out', `usage: ${OPPOSE_USAGE}`);
  if (args.positionals.length !== 2) {
    throw new CliError(
      `give two folders, the primary and the secondary group, got ${args.positionals.length}\nusage: ${OPPOSE_USAGE}`,
    );
  }
  const sliceLength = positiveInteger(single(args, 'slice'), 'slice', 3_000);
  const rare = Number(single(args, 'rare') ?? 2);
  if (!(Number.isInteger(rare) && rare >= 0)) throw new CliError('--rare must be a whole number of at least 0');
  const filter = Number(single(args, 'filter') ?? 0.1);
  if (!(filter >= 0 && filter < 1)) throw new CliError('--filter must be at least 0 and below 1');
  const methodName = single(args, 'zeta') ?? 'craig';
  const method = ZETA_METHODS.find((name) => name === methodName);
  if (method === undefined) throw new CliError(`--zeta must be one of ${ZETA_METHODS.join(', ')}`);
  const settings = await featureSettings(args);
  requirePlotLibraries();
  const [primaryFolder, secondaryFolder] = args.positionals as [string, string];
  const primaryName = basename(resolve(primaryFolder));
  const secondaryName = basename(resolve(secondaryFolder));
  const test = single(args, 'test');
  const leftOut = new LeftOutFiles(io.stderr, args.flags.has('strict'));
  const readDocument = encodedReader(host.readDocument, settings.encoding);
  const [primary, secondary, tests] = await Promise.all([
    readSequences([primaryFolder], settings, readDocument, leftOut.note),
    readSequences([secondaryFolder], settings, readDocument, leftOut.note),
    test === undefined ? [] : readSequences([test], settings, readDocument, leftOut.note),
  ]);
  leftOut.check();
  let zeta;
  try {
    zeta = craigZeta(primary, secondary, { sliceLength, rareThreshold: rare, filter, method }, tests);
  } catch (error) {
    if (error instanceof RangeError) throw new CliError(error.message);
    throw error;
  }
  const preferred = new Set(zeta.preferred.map((w) => w.word));
  const avoided = new Set(zeta.avoided.map((w) => w.word));
  const files: Record<string, string> = {
    'zeta.csv': csvText(
      [
        'word',
        'zeta',
        `score_${method}`,
        ...(method === 'chisquare' ? ['p'] : []),
        `share_${primaryName}`,
        `share_${secondaryName}`,
        'marker_of',
      ],
      zeta.words.map((w) => [
        w.word,
        w.zeta,
        w.score,
        ...(method === 'chisquare' ? [w.p ?? null] : []),
        w.primaryShare,
        w.secondaryShare,
        preferred.has(w.word) ? primaryName : avoided.has(w.word) ? secondaryName : null,
      ]),
    ),
    'slices.csv': csvText(
      ['text', 'slice', 'group', `share_of_${primaryName}_markers`, `share_of_${secondaryName}_markers`],
      zeta.markers.map((m) => [
        m.text,
        m.slice,
        m.group === 'primary' ? primaryName : m.group === 'secondary' ? secondaryName : 'test',
        m.preferred,
        m.avoided,
      ]),
    ),
  };
  files['words-preferred.txt'] = wordListText(zeta.preferred, `preferred by ${primaryName} against ${secondaryName}`);
  files['words-avoided.txt'] = wordListText(zeta.avoided, `avoided by ${primaryName} against ${secondaryName}`);
  await mkdir(out, { recursive: true });
  const figures = figureFiles(out, io.stderr);
  const report = await opposeReport(zeta, primaryName, secondaryName, sliceLength, figures.sink);
  const summary = {
    primary: primaryName,
    secondary: secondaryName,
    settings: {
      zeta: method,
      features: featureLabel(settings.features),
      slice_length: sliceLength,
      rare_threshold: rare,
      filter,
    },
    slices: zeta.slices,
    too_short: zeta.tooShort,
    words_considered: zeta.words.length,
    preferred: zeta.preferred,
    avoided: zeta.avoided,
    files: [...Object.keys(files), 'report.html', ...figures.files].sort(),
  };
  files['summary.json'] = `${JSON.stringify(summary, null, 2)}\n`;
  files['report.html'] = report;
  await Promise.all(Object.entries(files).map(([name, text]) => writeFileAtomic(join(out, name), text)));
  const tooShort = zeta.tooShort.primary.length + zeta.tooShort.secondary.length + zeta.tooShort.test.length;
  if (tooShort > 0)
    io.stderr.write(`${countOf(tooShort, 'text')} shorter than a slice of ${sliceLength} words gave no slice\n`);
  io.stdout.write(
    `${zeta.slices.primary} + ${countOf(zeta.slices.secondary, 'slice')}; ${countOf(zeta.preferred.length, 'word')} preferred and ` +
      `${zeta.avoided.length} avoided by ${primaryName}. Wrote ${countOf(Object.keys(files).length + figures.files.length, 'file')} to ${out}\n`,
  );
  return EXIT.ok;
}
