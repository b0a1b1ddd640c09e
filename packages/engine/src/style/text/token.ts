import type { Upos } from '@styler-dev/analytics/metrics';

/**
 * One piece of a prose block as the edit engine sees it. Concatenating the `text` of a block's
 * tokens gives back the block's source exactly.
 *
 * - `word`: a word by the METRICS.md rule (letters/digits with internal ' - . joins), or a URL,
 *   e-mail address or inline code span (those are always locked);
 * - `punct`: one punctuation mark (an ellipsis or a double hyphen is one token);
 * - `space`: a run of spaces or tabs, or one line break (line breaks are locked);
 * - `markup`: Markdown syntax that is not text (list markers, emphasis, link brackets and URLs).
 */
export type TokenKind = 'word' | 'punct' | 'space' | 'markup';

/** Why a token may not be edited. */
export type LockReason = 'markup' | 'number' | 'name' | 'address' | 'code' | 'quote' | 'link' | 'linebreak';

export interface Token {
  text: string;
  kind: TokenKind;
  /** UPOS tags of the wink tokens inside this token (filled by alignment or by the edit that made it). */
  tags: Upos[];
  /** Set when no edit may change the token; quote marks of quoted speech stay convertible. */
  lock?: LockReason | undefined;
  /** A URL or e-mail address: one word of zero syllables. */
  address?: boolean | undefined;
  /** Set on the connecting word or mark a join inserted (to keep chains of joins short). */
  joint?: boolean | undefined;
  /** Values the engine derives from the token, cached (see TokenMemo). */
  memo?: TokenMemo | undefined;
}

/**
 * Values derived from a token (its lower-case key, its counts), cached on it. Tokens are not
 * copied with spread syntax (see retext), but should one be, the copy would carry its original's
 * memo: a memo is valid only for the token it names as `owner`.
 */
export interface TokenMemo {
  owner: Token;
  key: string | undefined;
  /** The token's counts (engine/profile.ts). */
  counts: unknown;
  /** The token's own habit parts for the last edit context asked (engine/token-habit.ts). */
  habit: unknown;
  /** Which operations the token may trigger, a bit set (engine/triggers.ts), or -1 before it is known. */
  triggers: number;
}

/**
 * A new unlocked token. Every token is made by this one object literal (copies too, see retext),
 * with all its fields present: objects of one shape keep property access fast in every operation.
 */
export function token(text: string, kind: TokenKind, tags: Upos[] = []): Token {
  return { text, kind, tags, lock: undefined, address: undefined, joint: undefined, memo: undefined };
}

/** A new locked token (`address` for URLs and e-mail addresses). */
export function lockedToken(text: string, kind: TokenKind, lock: LockReason, address?: boolean): Token {
  const piece = token(text, kind);
  piece.lock = lock;
  piece.address = address;
  return piece;
}

/** A copy of `piece` with other text (and optionally other tags); lock, address and joint are kept. */
export function retext(piece: Token, text: string, tags: Upos[] = piece.tags): Token {
  const copy = token(text, piece.kind, tags);
  copy.lock = piece.lock;
  copy.address = piece.address;
  copy.joint = piece.joint;
  return copy;
}

/** The token's memo, made (or remade, for a copy) on first use. */
export function memoOf(piece: Token): TokenMemo {
  const memo = piece.memo;
  if (memo !== undefined && memo.owner === piece) return memo;
  const fresh: TokenMemo = { owner: piece, key: undefined, counts: undefined, habit: undefined, triggers: -1 };
  piece.memo = fresh;
  return fresh;
}

/** The source text of a token run. */
export function joinTokens(tokens: readonly Token[]): string {
  let out = '';
  for (const piece of tokens) out += piece.text;
  return out;
}

/** True when a word token may be rewritten. */
export function isEditableWord(piece: Token | undefined): piece is Token & { kind: 'word' } {
  return piece !== undefined && piece.kind === 'word' && piece.lock === undefined;
}

const UPPER = /^\p{Lu}/u;

/** True when the word starts with a capital letter. */
export function isCapitalized(text: string): boolean {
  return UPPER.test(text);
}

/** The word with its first letter upper-cased. */
export function capitalize(text: string): string {
  return text.length === 0 ? text : text.charAt(0).toUpperCase() + text.slice(1);
}

/** The word with its first letter lower-cased. */
export function decapitalize(text: string): string {
  return text.length === 0 ? text : text.charAt(0).toLowerCase() + text.slice(1);
}

/** `replacement` written with the capitalisation of `original` (first letter only, or all caps). */
export function matchCase(original: string, replacement: string): string {
  if (original.length > 1 && original === original.toUpperCase() && original !== original.toLowerCase()) {
    return replacement.toUpperCase();
  }
  return isCapitalized(original) ? capitalize(replacement) : replacement;
}
