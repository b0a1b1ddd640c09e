/**
 * The bootstrap consensus tree of stylo (Eder 2017): the corpus is clustered again at each of several
 * MFW sizes, and the groups (clades) found in at least `strength` of those trees make a majority-rule
 * consensus tree, each clade labelled with the share of trees that have it.
 */
import {
  deltaOfZScores,
  deltaReference,
  deltaZScores,
  type DeltaMethod,
  type WordProfile,
} from '../metrics/authorship/delta.js';
import { wardClustering, type Merge } from './ward.js';

export interface ConsensusOptions {
  /** MFW sizes, e.g. 100, 200, …, 500 (stylo's default range). */
  mostFrequent: readonly number[];
  /** Share of trees a clade needs (default 0.5, majority rule). */
  strength?: number;
  culling?: number;
  method?: DeltaMethod;
}

export interface Clade {
  /** Indices of the documents in the clade, ascending. */
  members: number[];
  /** Share of the trees that have this clade (0–1). */
  support: number;
}

export interface ConsensusTree {
  /** The clades kept (two or more members, fewer than all), largest first. */
  clades: Clade[];
  /** The consensus tree in Newick format, supports as internal node labels. */
  newick: string;
  /** The MFW sizes the trees were built with (sizes past the vocabulary give the same tree once). */
  mostFrequent: number[];
}

/** The clades of one tree, as sorted member lists joined into keys. */
function cladesOf(merges: readonly Merge[], n: number): string[] {
  const members: number[][] = Array.from({ length: n }, (_, i) => [i]);
  const keys: string[] = [];
  for (const merge of merges) {
    const joined = [...members[merge.left]!, ...members[merge.right]!].sort((a, b) => a - b);
    members.push(joined);
    if (joined.length < n) keys.push(joined.join(','));
  }
  return keys;
}

/** Newick of the nested clades over `labels` (the clades of a majority consensus are compatible). */
function consensusNewick(labels: readonly string[], clades: readonly Clade[]): string {
  const quote = (label: string): string => `'${label.replace(/'/g, "''")}'`;
  // Smallest clades first: each takes its members' current subtrees and replaces them by one node.
  const owner = labels.map((label, i) => ({ text: quote(label), members: [i] }));
  let roots: Array<{ text: string; members: number[] }> = [...owner];
  for (const clade of [...clades].sort((a, b) => a.members.length - b.members.length)) {
    const inside = new Set(clade.members);
    const children = roots.filter((node) => node.members.every((m) => inside.has(m)));
    roots = roots.filter((node) => !children.includes(node));
    roots.push({
      text: `(${children.map((child) => child.text).join(',')})${Math.round(clade.support * 100)}`,
      members: clade.members,
    });
  }
  return `(${roots.map((node) => node.text).join(',')});`;
}

/** The consensus of Ward trees of the documents' Delta distances at each MFW size. */
export function bootstrapConsensus(
  documents: ReadonlyArray<{ name: string; profile: WordProfile }>,
  options: ConsensusOptions,
): ConsensusTree {
  const n = documents.length;
  if (n < 3) throw new RangeError('a consensus tree needs at least three documents');
  const sizes = [...new Set(options.mostFrequent)].sort((a, b) => a - b);
  if (sizes.length === 0) throw new RangeError('give at least one MFW size');
  const strength = options.strength ?? 0.5;
  if (!(strength >= 0.5 && strength <= 1)) throw new RangeError('strength must be from 0.5 to 1 (majority rule)');
  const profiles = documents.map((document) => document.profile);
  const counts = new Map<string, number>();
  for (const size of sizes) {
    const reference = deltaReference(profiles, size, { culling: options.culling ?? 0 });
    const z = profiles.map((profile) => deltaZScores(profile, reference));
    const distances = z.map((a) => z.map((b) => deltaOfZScores(a, b, options.method ?? 'burrows')));
    for (const key of cladesOf(wardClustering(distances), n)) counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  const clades = [...counts]
    // Strictly more than half (or the share asked): two majority clades can then never conflict.
    .filter(([, count]) => count / sizes.length > strength || (strength > 0.5 && count / sizes.length >= strength))
    .map(([key, count]) => ({ members: key.split(',').map(Number), support: count / sizes.length }))
    .sort((a, b) => b.members.length - a.members.length || a.members[0]! - b.members[0]!);
  return {
    clades,
    newick: consensusNewick(
      documents.map((document) => document.name),
      clades,
    ),
    mostFrequent: sizes,
  };
}
