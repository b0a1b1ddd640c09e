import { createAnalyticsPool } from '@styler-dev/analytics/pool';
import { batchPoolOptions, CliError, EXIT, parseArgs, single, type ArgSpec, type CliIO } from '@styler-dev/cli-kit';
import { readDocument, readDocuments } from '../documents.js';
import { COMMAND_USAGE } from '../command-help.js';
import { checkTextSize, MAX_CHARS_DEFAULTS, maxCharsOf } from '../text-limit.js';

export const QUALITY_ARGS: ArgSpec = {
  boolean: ['rouge'],
  multi: ['ground-truth'],
  single: ['personalized', 'unpersonalized', 'max-chars'],
};

/** `styler quality`: prints the quality_analytics JSON of two texts against a ground-truth corpus. */
export async function main(argv: string[], io: CliIO): Promise<number> {
  const args = parseArgs(argv, QUALITY_ARGS);
  const personalizedPath = single(args, 'personalized');
  const unpersonalizedPath = single(args, 'unpersonalized');
  const groundTruthPaths = args.flags.get('ground-truth') ?? [];
  if (!personalizedPath || !unpersonalizedPath || groundTruthPaths.length === 0 || args.positionals.length > 0) {
    throw new CliError(`usage: ${COMMAND_USAGE.quality}`);
  }
  const maxChars = maxCharsOf(args, MAX_CHARS_DEFAULTS.quality);
  const [personalized, unpersonalized, truth] = await Promise.all([
    readDocument(personalizedPath),
    readDocument(unpersonalizedPath),
    readDocuments(groundTruthPaths),
  ]);
  for (const document of [personalized, unpersonalized, ...truth])
    checkTextSize(document.path, document.text, maxChars);
  const pool = createAnalyticsPool(batchPoolOptions());
  try {
    const groundTruth = await pool.buildGroundTruth(truth.map((doc) => doc.text));
    const analytics = await pool.qualityAnalytics({
      personalized: personalized.text,
      unpersonalized: unpersonalized.text,
      groundTruth,
      includeRouge: args.flags.has('rouge'),
    });
    io.stdout.write(`${JSON.stringify(analytics, null, 2)}\n`);
    return EXIT.ok;
  } finally {
    await pool.close();
  }
}
