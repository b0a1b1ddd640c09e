import { qualityAnalytics } from '@styler-dev/analytics/quality';
import type { QualityAnalytics } from '@styler-dev/analytics/metrics';
import { restyleWithStats } from './restyle.js';
import type { RestyleOptions, StyleModel } from './types.js';

/** A restyled text and its quality_analytics against the model's ground truth. */
export interface MeasuredRestyle {
  text: string;
  quality: QualityAnalytics;
}

/**
 * restyle, then quality analytics of its text against the input, with each text analysed once:
 * restyle's final check has already analysed the output it keeps, and a text that came back as
 * it went in is analysed once for both sides. The same numbers as restyle followed by
 * qualityAnalytics (ROUGE only with `includeRouge`, which needs the ground truth's references).
 */
export function restyleWithQuality(
  text: string,
  model: StyleModel,
  options?: RestyleOptions,
  includeRouge = false,
): MeasuredRestyle {
  const restyled = restyleWithStats(text, model, options);
  const quality = qualityAnalytics(
    { personalized: restyled.text, unpersonalized: text, groundTruth: model.groundTruth, includeRouge },
    restyled.features && { personalized: restyled.features },
  );
  return { text: restyled.text, quality };
}
