/**
 * Attribution: the candidate author whose ground truth is nearest to a text by Delta. Unless a
 * reference is given, the reference population is the candidates themselves (each author's pooled
 * profile weighs the same), so the words and z-scores come from the very authors being compared.
 */
import type { GroundTruth } from '../ground-truth-types.js';
import {
  DEFAULT_MOST_FREQUENT,
  deltaOfZScores,
  deltaReference,
  deltaZScores,
  type DeltaInput,
  type DeltaMethod,
  type DeltaReference,
  type WordProfile,
} from './delta.js';

export interface AttributeOptions {
  method?: DeltaMethod;
  /** Words compared when the reference is made from the candidates; default 150. */
  mostFrequent?: number;
  /** A reference population of your own (deltaReference of documents). */
  reference?: DeltaReference;
}

export interface Attribution {
  /** The nearest candidate. */
  author: string;
  /** The Delta distance of the text to every candidate. */
  distances: Record<string, number>;
}

/** The word profile a ground truth keeps for authorship (built by buildGroundTruth). */
export function profileOfGroundTruth(groundTruth: GroundTruth, name = 'groundTruth'): WordProfile {
  const profile = groundTruth?.wordForms;
  if (profile === undefined) {
    throw new TypeError(`${name} has no wordForms (it predates authorship measures): rebuild it with buildGroundTruth`);
  }
  return profile;
}

/** The nearest of `candidates` (author name → ground truth) to `text`, with every distance. */
export function attribute(
  text: DeltaInput,
  candidates: Readonly<Record<string, GroundTruth>>,
  options: AttributeOptions = {},
): Attribution {
  if (typeof candidates !== 'object' || candidates === null) throw new TypeError('candidates must be an object');
  const names = Object.keys(candidates);
  if (names.length < 2) throw new RangeError('attribute needs at least two candidate authors');
  const profiles = names.map((name) => profileOfGroundTruth(candidates[name]!, `candidates.${name}`));
  const reference = options.reference ?? deltaReference(profiles, options.mostFrequent ?? DEFAULT_MOST_FREQUENT);
  const method = options.method ?? 'burrows';
  const z = deltaZScores(text, reference);
  const distances: Record<string, number> = {};
  let author = names[0]!;
  names.forEach((name, i) => {
    distances[name] = deltaOfZScores(z, deltaZScores(profiles[i]!, reference), method);
    if (distances[name]! < distances[author]!) author = name;
  });
  return { author, distances };
}
