/**
 * How often a draft uses what the author never does: the AI-typical words and sentence openers of
 * the style brief's avoid list (brief/avoided.ts). The brief tells the LLM to avoid them; a draft
 * that uses them disobeys it, whatever its Delta says (on a short draft Delta is noisy, while a
 * "Moreover" the author never writes is plain).
 */
import { avoidedForms } from '../brief/avoided.js';
import { GENERIC_ENTRIES } from '../lexicon/generic.js';
import type { StyleModel } from '../types.js';

/** The avoided forms of a model as patterns: every form of each avoided word entry, and the openers. */
export interface AvoidedPatterns {
  words: RegExp | undefined;
  openers: RegExp | undefined;
}

const escape = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export function avoidedPatterns(model: StyleModel): AvoidedPatterns {
  const avoided = avoidedForms(model.habits);
  const names = new Set(avoided.words);
  const forms = GENERIC_ENTRIES.filter((entry) => names.has(entry.forms[0] as string)).flatMap((entry) => entry.forms);
  return {
    words:
      forms.length > 0
        ? new RegExp(`(?<![\\p{L}\\p{N}])(?:${forms.map(escape).join('|')})(?![\\p{L}\\p{N}])`, 'giu')
        : undefined,
    openers:
      avoided.openers.length > 0
        ? new RegExp(`(?:^|[.!?]["”’)]?\\s+)(?:${avoided.openers.map(escape).join('|')})(?![\\p{L}\\p{N}])`, 'gu')
        : undefined,
  };
}

/** Uses of avoided words and openers in `text`. */
export function avoidedUses(text: string, patterns: AvoidedPatterns): number {
  const count = (pattern: RegExp | undefined): number =>
    pattern === undefined ? 0 : (text.match(pattern) ?? []).length;
  return count(patterns.words) + count(patterns.openers);
}
