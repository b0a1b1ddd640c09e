/**
 * What the corpus report draws from, made of a run's parts: the attribution, PCA and the tree. The
 * document × word and document × document tables are in their CSV files, not repeated here.
 */
import type { DeltaMethod } from '@styler-dev/analytics/metrics';
import {
  newick,
  type CorpusAnalysis,
  type CorpusAttribution,
  type CountsReference,
  type Merge,
  type PcaResult,
} from '../../stylometry/index.js';

export interface ReportParts {
  names: readonly string[];
  labels: ReadonlyArray<string | undefined>;
  reference: CountsReference;
  /** Words of the main analysis (the reference's first). */
  words: number;
  attributed: CorpusAttribution;
  pca: PcaResult;
  /** The main Ward tree; none when the corpus was too large for trees. */
  mainTree: readonly Merge[];
}

export function reportAnalysis(parts: ReportParts): CorpusAnalysis {
  const { names, labels, reference, words, attributed } = parts;
  return {
    authors: attributed.authors,
    documents: names.map((name, i) => ({ name, author: labels[i] ?? null })),
    reference: {
      words: reference.words.slice(0, words),
      mean: reference.mean.slice(0, words),
      std: reference.std.slice(0, words),
    },
    frequencies: [],
    zScores: [],
    distances: {} as Record<DeltaMethod, number[][]>,
    leaveOneOut: attributed.leaveOneOut,
    looAccuracy: attributed.looAccuracy,
    confusion: attributed.confusion,
    attribution: attributed.attribution,
    pca: parts.pca,
    clusters: {
      merges: [...parts.mainTree],
      newick: parts.mainTree.length > 0 ? newick(names, parts.mainTree) : '',
    },
  };
}
