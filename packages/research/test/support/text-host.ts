/**
 * A ResearchHost for this package's tests: documents read as UTF-8 text, models as their JSON. As
 * the host's contract asks, a document that cannot be read is a CliError naming the file (the
 * reason is the error's code; the styler CLI's words for it are the service's).
 */
import { readFile } from 'node:fs/promises';
import type { GroundTruth } from '@styler-dev/analytics/metrics';
import { CliError } from '@styler-dev/cli-kit';
import type { ResearchHost } from '../../src/host.js';

export const textHost: ResearchHost = {
  readDocument: async (path) => {
    try {
      return { path, text: await readFile(path, 'utf8') };
    } catch (error) {
      throw new CliError(`cannot read ${path}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`);
    }
  },
  readModelGroundTruth: async (path) =>
    (JSON.parse(await readFile(path, 'utf8')) as { groundTruth: GroundTruth }).groundTruth,
};
