/**
 * Contract of the style engine (owned by src/style). The model is plain JSON.
 * The style engine fills in StyleModel; other layers treat it as opaque data.
 */
import type { GroundTruth } from '../analytics/ground-truth-types.js';

export interface FitStyleOptions {
  matchOutputLength?: boolean;
}

export interface RestyleOptions {
  matchOutputLength?: boolean;
  skipHeadings?: boolean;
  skipH1?: boolean;
}

export interface StyleModel {
  version: 1;
  groundTruth: GroundTruth;
  matchOutputLength: boolean;
  /** The author's measured habits; shape owned by src/style. */
  habits: Record<string, unknown>;
}
