/** A ResearchHost for this package's tests: documents read as UTF-8 text, models as their JSON. */
import { readFile } from 'node:fs/promises';
import type { GroundTruth } from '@styler-dev/analytics/metrics';
import type { ResearchHost } from '../../src/host.js';

export const textHost: ResearchHost = {
  readDocument: async (path) => ({ path, text: await readFile(path, 'utf8') }),
  readModelGroundTruth: async (path) =>
    (JSON.parse(await readFile(path, 'utf8')) as { groundTruth: GroundTruth }).groundTruth,
};
