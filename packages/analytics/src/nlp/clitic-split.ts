import type { Upos } from '../vocabulary/features.js';

const UNSPLIT_CLITIC = /^([A-Za-z]+)(['\u2019](?:m|s|re|ve|ll|d))$/i;
const CLITIC_BASE_TAGS: ReadonlyMap<string, Upos> = new Map([
  ...['i', 'you', 'he', 'she', 'it', 'we', 'they', 'that', 'what', 'who', 'there'].map((w) => [w, 'PRON'] as const),
  ...['here', 'where', 'how', 'when', 'why'].map((w) => [w, 'ADV'] as const),
]);

/** A word token the tagger splits in two: the base with its tag, then the clitic (tagged AUX). */
export interface CliticSplit {
  base: string;
  baseLower: string;
  baseTag: Upos;
  rest: string;
  restLower: string;
}

function hasApostrophe(value: string): boolean {
  return value.includes("'") || value.includes('\u2019');
}

/**
 * How the tagger splits a token wink left whole ("I'm", "here's"), as UD (and METRICS.md) tag
 * the clitic on its own; null for any other token. Depends only on the token's text and type.
 */
export function cliticSplit(value: string, type: string): CliticSplit | null {
  const clitic = type === 'word' && hasApostrophe(value) ? UNSPLIT_CLITIC.exec(value) : null;
  if (clitic === null) return null;
  const base = clitic[1] ?? '';
  const rest = clitic[2] ?? '';
  const baseTag = CLITIC_BASE_TAGS.get(base.toLowerCase());
  if (baseTag === undefined) return null;
  return { base, baseLower: base.toLowerCase(), baseTag, rest, restLower: rest.toLowerCase() };
}
