/**
 * Distances turned into probabilities by logistic regression on one feature, as faststylometry's
 * calibrate() does with its Burrows' Delta (there with scikit-learn's LogisticRegression): P(same
 * author | x) = σ(intercept + slope · x), fitted on pairs whose answer is known.
 *
 * The fit minimises the weighted log loss plus sklearn's default L2 penalty on the slope (C = 1: the
 * loss summed, plus slope² / 2; the intercept unpenalised), by Newton's method with step halving. The
 * penalty keeps the slope finite when the pairs are perfectly separable, as small corpora often are.
 * It applies to the feature standardised (centred on its mean, divided by its standard deviation over
 * the pairs), so that it does not depend on the distance's units: on raw Delta margins, a few tenths
 * wide, the penalty would squeeze every probability towards ½.
 * Each answer weighs the same in total (sklearn's class_weight="balanced"): the fit's prior is ½
 * whatever the mix of pairs. The slope is held at or below 0, so a larger distance never means a
 * higher probability: when the unconstrained optimum's slope is positive, the constrained optimum of
 * this convex loss lies on slope = 0 (the intercept then the logit of the weighted share, ½).
 */

/** One pair for the fit: its feature (a distance or margin; smaller: likelier the same author) and its answer. */
export interface CalibrationSample {
  x: number;
  same: boolean;
}

/** A fitted logistic calibration: P(same) = σ(intercept + slope · x), slope ≤ 0. */
export interface LogisticCalibration {
  intercept: number;
  slope: number;
  /** Pairs fitted on, of each answer. */
  same: number;
  different: number;
}

const MAX_STEPS = 100;
const TOLERANCE = 1e-10;

function sigmoid(z: number): number {
  return z >= 0 ? 1 / (1 + Math.exp(-z)) : Math.exp(z) / (1 + Math.exp(z));
}

/** The calibrated probability, 0–1, of a feature value; never increasing in x. */
export function calibratedProbability(model: LogisticCalibration, x: number): number {
  if (Number.isNaN(x)) throw new RangeError('x must be a number');
  return sigmoid(model.slope === 0 ? model.intercept : model.intercept + model.slope * x);
}

/** Fits the calibration on pairs of both answers (a RangeError otherwise). */
export function fitLogisticCalibration(samples: readonly CalibrationSample[]): LogisticCalibration {
  const same = samples.filter((s) => s.same).length;
  const different = samples.length - same;
  if (same === 0 || different === 0) {
    throw new RangeError('calibration needs pairs of both answers (same author and different authors)');
  }
  for (const { x } of samples) if (!Number.isFinite(x)) throw new RangeError('every x must be a finite number');
  const centre = samples.reduce((sum, s) => sum + s.x, 0) / samples.length;
  const spread = Math.sqrt(samples.reduce((sum, s) => sum + (s.x - centre) ** 2, 0) / samples.length) || 1;
  const fitted = fitStandardised(
    samples.map((s) => ({ x: (s.x - centre) / spread, same: s.same })),
    same,
    different,
  );
  // Both answers weigh half, so with the slope at 0 the best intercept is logit(½) = 0.
  if (fitted.slope >= 0) return { intercept: 0, slope: 0, same, different };
  const slope = fitted.slope / spread;
  return { intercept: fitted.intercept - slope * centre, slope, same, different };
}

/** The penalised fit on a standardised feature; the slope may come out positive. */
function fitStandardised(
  samples: readonly CalibrationSample[],
  same: number,
  different: number,
): { intercept: number; slope: number } {
  const weightOf = (s: CalibrationSample): number => samples.length / (2 * (s.same ? same : different));
  const loss = (a: number, b: number): number =>
    samples.reduce((sum, s) => {
      const z = a + b * s.x;
      // log(1 + e^-z) for y = 1, log(1 + e^z) for y = 0, written to not overflow.
      const t = s.same ? -z : z;
      return sum + weightOf(s) * (t > 0 ? t + Math.log1p(Math.exp(-t)) : Math.log1p(Math.exp(t)));
    }, 0) +
    (b * b) / 2;
  let a = 0;
  let b = 0;
  for (let step = 0; step < MAX_STEPS; step += 1) {
    let ga = 0;
    let gb = b;
    let haa = 0;
    let hab = 0;
    let hbb = 1;
    for (const s of samples) {
      const p = sigmoid(a + b * s.x);
      const w = weightOf(s);
      const r = w * (p - (s.same ? 1 : 0));
      const v = w * p * (1 - p);
      ga += r;
      gb += r * s.x;
      haa += v;
      hab += v * s.x;
      hbb += v * s.x * s.x;
    }
    const determinant = haa * hbb - hab * hab;
    if (!(determinant > 0)) break;
    let da = (hbb * ga - hab * gb) / determinant;
    let db = (haa * gb - hab * ga) / determinant;
    const before = loss(a, b);
    let scale = 1;
    while (scale > 1e-8 && loss(a - scale * da, b - scale * db) > before) scale /= 2;
    da *= scale;
    db *= scale;
    a -= da;
    b -= db;
    if (Math.abs(da) + Math.abs(db) < TOLERANCE) break;
  }
  return { intercept: a, slope: b };
}
