import type { BlockKind } from '@styler-dev/analytics/nlp';
import { tokenizeInline } from './inline.js';
import { lockedToken, type Token } from './token.js';
import { lockProtectedSpans } from './protect.js';

/**
 * Tokenizes the source of one Markdown block for editing: line prefixes (list markers, quote
 * markers, heading hashes, setext underlines) and line breaks come out as locked tokens, then the
 * inline text of each line; then numbers, names and quoted speech are locked.
 * `joinTokens(tokenizeBlock(raw, kind)) === raw` always holds.
 */
export function tokenizeBlock(raw: string, kind: BlockKind): Token[] {
  const lines = raw.split('\n');
  const out: Token[] = [];
  lines.forEach((line, index) => {
    if (index > 0) out.push(lockedToken('\n', 'space', 'linebreak'));
    const [prefix, body, suffix] = splitLine(line, kind, index, index === lines.length - 1);
    if (prefix.length > 0) out.push(lockedToken(prefix, 'markup', 'markup'));
    // A loop, not push(...): a spread passes every token as an argument, and a long line overflows the stack.
    for (const token of tokenizeInline(body)) out.push(token);
    if (suffix.length > 0) out.push(lockedToken(suffix, 'markup', 'markup'));
  });
  lockProtectedSpans(out, { heading: kind === 'heading' });
  return out;
}

const LIST_PREFIX = /^[ \t]*(?:[-*+]|\d{1,9}[.)])(?:[ \t]+|$)(?:\[[ xX]\][ \t]+)?/;
const QUOTE_PREFIX = /^(?:[ \t]{0,3}>[ \t]?)+/;
const ATX_PREFIX = /^[ \t]{0,3}#{1,6}(?:[ \t]+|$)/;
const ATX_SUFFIX = /[ \t]+#+[ \t]*$/;
const SETEXT_UNDERLINE = /^[ \t]{0,3}(?:=+|-+)[ \t]*$/;
const LEADING_SPACE = /^[ \t]+/;
const TRAILING_SPACE = /[ \t]+$/;

function splitLine(line: string, kind: BlockKind, index: number, isLast: boolean): [string, string, string] {
  let prefix = '';
  if (kind === 'heading' && isLast && index > 0 && SETEXT_UNDERLINE.test(line)) return [line, '', ''];
  if (kind === 'list_item' && index === 0) prefix = LIST_PREFIX.exec(line)?.[0] ?? '';
  else if (kind === 'blockquote') prefix = QUOTE_PREFIX.exec(line)?.[0] ?? '';
  else if (kind === 'heading' && index === 0) prefix = ATX_PREFIX.exec(line)?.[0] ?? '';
  let rest = line.slice(prefix.length);
  const lead = LEADING_SPACE.exec(rest)?.[0] ?? '';
  prefix += lead;
  rest = rest.slice(lead.length);
  let suffix = '';
  if (kind === 'heading') suffix = ATX_SUFFIX.exec(rest)?.[0] ?? '';
  if (suffix.length === 0) suffix = TRAILING_SPACE.exec(rest)?.[0] ?? '';
  return [prefix, rest.slice(0, rest.length - suffix.length), suffix];
}
