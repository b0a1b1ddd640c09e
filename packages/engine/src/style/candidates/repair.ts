/**
 * Repairing a draft sentence by sentence. A draft that reverses one sentence or loses one number is
 * still the author's voice everywhere else, so instead of refusing it the keep policy puts the
 * input's own sentence back in place of the suspect one: per Markdown block (the blocks must match
 * kind for kind), the draft's sentences are aligned to the input's (alignAll, by shared content
 * words), and an aligned group whose polarity changed, that states a thing more firmly (modality),
 * that lost or added a number or name, or speaks as "I" where the input never does, becomes the
 * input's group; an input sentence the draft
 * dropped comes back when it holds a number or name; a sentence the draft added goes when it adds one.
 * Blocks that are not paragraphs (list items, quotes, headings) are put back whole. Losses that no
 * sentence holds — the Markdown structure, code, quotations, links, an emptied text — cannot be
 * repaired. A repair counts only when the whole repaired text passes checkKept.
 */
import { normalizeText, parseBlocks, type Block } from '@styler-dev/analytics/nlp';
import { checkKept, KEEP_KINDS, keptParts, type KeepKind, type KeepLoss, type KeptParts } from './keep-checks.js';
import { alignAll, sentenceSpans, unitClause, type Clause, type SentenceSpan } from './polarity.js';

/**
 * Why a sentence was put back: a reversed polarity, a claim stated more firmly (modality), a number
 * or name lost or added, an invented "I".
 */
export type RepairReason = 'negation' | 'modality' | 'number' | 'name' | 'person';

/** One repair: the draft's sentence(s) and what the output says in their place. */
export interface SentenceRepair {
  /** Every reason found, in this order: negation, modality, number, name, person. */
  reasons: RepairReason[];
  /** The draft's sentence(s) taken out; empty when the draft had dropped the input's sentence. */
  draft: string;
  /** The input's sentence(s) put back; empty when a sentence the draft added was left out. */
  input: string;
}

/** A draft after the repair: the text, the repairs made, and whether it now keeps everything. */
export interface RepairedDraft {
  /** The repaired text, or the draft as written when it could not be repaired (or needed nothing). */
  text: string;
  repairs: SentenceRepair[];
  /** The repaired text (or the draft, when nothing was repaired) keeps everything checkKept checks. */
  kept: boolean;
  /** What the draft as written lost or added (no `length`: length is a preference, not a loss). */
  losses: KeepLoss[];
}

/** What repairs of drafts of one input share: the input, its blocks and its parts, made once. */
export interface RepairSource {
  text: string;
  blocks: Block[];
  parts: KeptParts;
}

/** Every kind checkKept checks but `length`. */
export const CONTENT_KINDS: readonly KeepKind[] = KEEP_KINDS.filter((kind) => kind !== 'length');
const UNREPAIRABLE = new Set<KeepKind>(['text', 'quotation', 'address', 'code', 'markdown']);
const UNIT_KINDS: readonly KeepKind[] = ['number', 'name', 'negation', 'modality'];
// The kinds judged per aligned clause: alignment at the sentence level may group a clause otherwise.
const CLAUSE_KINDS = ['negation', 'modality'] as const;
type ClauseKind = (typeof CLAUSE_KINDS)[number];
// Openers that tie a sentence to the one before it: after a sentence was dropped or put back, the
// tie may point at the wrong sentence, so it goes unless the input's own sentence opens with it.
const CONNECTIVE =
  /^(?:however|but|so|thus|therefore|hence|moreover|furthermore|also|and|yet|still|besides|instead|indeed|consequently|nevertheless|nonetheless|then|likewise|similarly|accordingly|meanwhile|otherwise|after all|in short|in fact|as a result|that said|even so|of course)\b,?\s+/iu;
const PASSES = 2;

/** The input's blocks and parts, to repair many drafts of it. */
export function repairSource(input: string): RepairSource {
  const text = normalizeText(input);
  return { text, blocks: parseBlocks(text), parts: keptParts(text) };
}

function reasonsOf(losses: readonly KeepLoss[]): RepairReason[] {
  const kinds = new Set(losses.map((loss) => loss.kind));
  return (['negation', 'modality', 'number', 'name', 'person'] as const).filter((kind) => kinds.has(kind));
}

/**
 * What the whole-text check found, as the sentence checks use it: a sentence is suspect only of what
 * the whole draft lost or added (a name the tokenizer takes for one at a soft line break, or a
 * number moved to the next sentence, is no loss of the text).
 */
interface Found {
  /** The whole-text losses, and the items (numbers, names) they name. */
  losses: readonly KeepLoss[];
  items: Set<string>;
  /**
   * Per clause kind, the starts of the rewrite's clauses the whole text found changed (none: the
   * kind was not found); their sentences are repaired wherever alignment puts them.
   */
  clauses: Record<ClauseKind, string[]>;
  person: boolean;
  whole: KeptParts;
}

function foundOf(losses: readonly KeepLoss[], whole: KeptParts): Found {
  return {
    losses,
    items: new Set(
      losses
        .filter((loss) => loss.kind === 'number' || loss.kind === 'name')
        .map((loss) => `${loss.kind}:${loss.text}`),
    ),
    clauses: Object.fromEntries(
      CLAUSE_KINDS.map((kind) => [
        kind,
        losses
          .filter((loss) => loss.kind === kind && loss.output !== undefined)
          .map((loss) => loss.output!.replace(/…$/u, '').slice(0, 60)),
      ]),
    ) as Found['clauses'],
    person: losses.some((loss) => loss.kind === 'person'),
    whole,
  };
}

/** The unit losses that are the whole text's own (Found). */
function ofTheWhole(losses: readonly KeepLoss[], found: Found): KeepLoss[] {
  return losses.filter((loss) => {
    if (loss.kind === 'negation' || loss.kind === 'modality') return found.clauses[loss.kind].length > 0;
    if (loss.kind === 'person') return found.person;
    return found.items.has(`${loss.kind}:${loss.text}`);
  });
}

/** Why the draft's `output` cannot stand for the input's `input` (both sentence groups), if it cannot. */
function suspicions(input: string, output: string, found: Found): RepairReason[] {
  const after = keptParts(output);
  const losses = ofTheWhole(checkKept(keptParts(input), after, { kinds: UNIT_KINDS }).losses, found);
  if (found.person && after.firstSingular.length > 0) {
    losses.push({ kind: 'person', change: 'added', text: after.firstSingular.join(', ') });
  }
  const forced = CLAUSE_KINDS.filter((kind) => found.clauses[kind].some((clause) => output.includes(clause)));
  return reasonsOf([...losses, ...forced.map((kind): KeepLoss => ({ kind, change: 'changed', text: output }))]);
}

/** Why a sentence the draft added must go: a number or name the whole draft added, or an invented "I". */
function addedSuspicions(output: string, found: Found): RepairReason[] {
  const losses = checkKept(found.whole, output, { kinds: ['number', 'name', 'person'] }).losses;
  return reasonsOf(
    ofTheWhole(
      losses.filter((loss) => loss.change === 'added'),
      found,
    ),
  );
}

/** Why a sentence the draft dropped must come back: it holds a number or name the whole draft lost. */
function droppedFacts(input: string, found: Found): RepairReason[] {
  const parts = keptParts(input);
  const lost = (kind: 'number' | 'name', items: readonly string[]): boolean =>
    items.some((item) => found.items.has(`${kind}:${item}`));
  return [
    ...(lost('number', parts.numbers) ? ['number' as const] : []),
    ...(lost('name', parts.names) ? ['name' as const] : []),
  ];
}

/** `text` without an opening connective that `input` does not open with, its first letter a capital. */
function withoutLooseConnective(text: string, input: string | undefined): string {
  const match = CONNECTIVE.exec(text);
  if (match === null) return text;
  const word = match[0].trim().replace(/,$/u, '').toLowerCase();
  if (input !== undefined && input.toLowerCase().startsWith(word)) return text;
  const rest = text.slice(match[0].length);
  return rest.charAt(0).toUpperCase() + rest.slice(1);
}

/** One sentence group of the repaired paragraph, with where it stands in the draft. */
interface Piece {
  text: string;
  /** The draft's span it keeps or replaces (absent: a sentence the draft had dropped, put back). */
  span?: { start: number; end: number };
}

/** The draft paragraph `output` with its suspect sentences repaired from the input paragraph `input`. */
function repairParagraph(input: string, output: string, found: Found, repairs: SentenceRepair[]): string {
  const inputSpans = sentenceSpans(input);
  const outputSpans = sentenceSpans(output);
  const inputUnits = inputSpans.map((span) => unitClause(span.text));
  const outputUnits = outputSpans.map((span) => unitClause(span.text));
  const spanOf = new Map<Clause, SentenceSpan>([
    ...inputUnits.map((unit, index) => [unit, inputSpans[index]!] as const),
    ...outputUnits.map((unit, index) => [unit, outputSpans[index]!] as const),
  ]);
  const textOf = (units: readonly Clause[], source: string): string =>
    units.length === 0 ? '' : source.slice(spanOf.get(units[0]!)!.start, spanOf.get(units.at(-1)!)!.end);
  const pieces: Piece[] = [];
  let gap = false;
  for (const group of alignAll(inputUnits, outputUnits)) {
    const inputText = textOf(group.input, input);
    const outputText = textOf(group.output, output);
    const span =
      group.output.length > 0
        ? { start: spanOf.get(group.output[0]!)!.start, end: spanOf.get(group.output.at(-1)!)!.end }
        : undefined;
    const reasons =
      group.input.length === 0
        ? addedSuspicions(outputText, found)
        : group.output.length === 0
          ? droppedFacts(inputText, found)
          : suspicions(inputText, outputText, found);
    if (reasons.length === 0) {
      if (span !== undefined) {
        const text = gap ? withoutLooseConnective(outputText, group.input[0]?.text) : outputText;
        pieces.push({ text, span });
      }
      gap = false;
      continue;
    }
    repairs.push({ reasons, draft: outputText, input: inputText });
    if (inputText !== '') pieces.push({ text: inputText, ...(span !== undefined && { span }) });
    // A replaced group says what the draft's did, so what follows still fits; a drop or an insertion may not.
    gap = group.input.length === 0 || group.output.length === 0;
  }
  return pieces
    .map((piece, index) => {
      const previous = pieces[index - 1];
      if (previous === undefined) return piece.text;
      // Two sentences side by side in the draft keep the draft's own space (a soft line break).
      const between =
        previous.span !== undefined && piece.span !== undefined
          ? output.slice(previous.span.end, piece.span.start)
          : ' ';
      return (/^\s+$/u.test(between) ? between : ' ') + piece.text;
    })
    .join('');
}

/** The draft's blocks, each repaired against the input's block of the same place (blocks match kind for kind). */
function repairBlocks(
  source: RepairSource,
  draft: string,
  losses: readonly KeepLoss[],
): { text: string; repairs: SentenceRepair[] } {
  const text = normalizeText(draft);
  const blocks = parseBlocks(text);
  const repairs: SentenceRepair[] = [];
  // Blocks are repaired against the input's of the same place, so they must match kind for kind.
  if (
    blocks.length !== source.blocks.length ||
    blocks.some((block, index) => block.kind !== source.blocks[index]!.kind)
  )
    return { text, repairs };
  const found = foundOf(losses, source.parts);
  let out = '';
  let at = 0;
  blocks.forEach((block, index) => {
    const original = source.blocks[index]!;
    out += text.slice(at, block.start);
    at = block.end;
    if (!block.prose && block.kind !== 'heading') {
      out += block.raw;
      return;
    }
    if (block.kind === 'paragraph') {
      out += repairParagraph(original.raw, block.raw, found, repairs);
      return;
    }
    const reasons = suspicions(original.raw, block.raw, found);
    if (reasons.length === 0) out += block.raw;
    else {
      repairs.push({ reasons, draft: block.raw, input: original.raw });
      out += original.raw;
    }
  });
  return { text: out + text.slice(at), repairs };
}

/**
 * `draft` repaired against the input of `source` (see the module's comment): the draft as written
 * when it keeps everything, else its suspect sentences put back from the input (up to two passes,
 * the second over the first's text), kept only when the whole repaired text passes checkKept
 * (every kind but length). A draft with a loss no sentence holds (text, quotation, address, code,
 * markdown) is returned as written, not kept. Pure; never throws on strings.
 */
export function repairDraft(source: RepairSource, draft: string): RepairedDraft {
  const { losses } = checkKept(source.parts, draft, { kinds: CONTENT_KINDS });
  if (losses.length === 0) return { text: draft, repairs: [], kept: true, losses };
  if (losses.some((loss) => UNREPAIRABLE.has(loss.kind))) return { text: draft, repairs: [], kept: false, losses };
  const repairs: SentenceRepair[] = [];
  let text = draft;
  let remaining = losses;
  for (let pass = 0; pass < PASSES && remaining.length > 0; pass += 1) {
    if (remaining.some((loss) => UNREPAIRABLE.has(loss.kind))) break;
    const repaired = repairBlocks(source, text, remaining);
    if (repaired.repairs.length === 0) break;
    repairs.push(...repaired.repairs);
    text = draft.endsWith('\n') && !repaired.text.endsWith('\n') ? `${repaired.text}\n` : repaired.text;
    remaining = checkKept(source.parts, text, { kinds: CONTENT_KINDS }).losses;
  }
  return remaining.length === 0
    ? { text, repairs, kept: true, losses }
    : { text: draft, repairs: [], kept: false, losses };
}
