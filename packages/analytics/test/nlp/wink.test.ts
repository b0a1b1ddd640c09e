/** The thread's wink instance reads every text as a new instance would, whatever it read before. */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import winkNLP from 'wink-nlp';
import model from 'wink-eng-lite-web-model';
import { analyzeText } from '../../src/nlp/index.js';
import { tagText } from '../../src/nlp/tagger.js';
import {
  wink,
  WINK_LEMMA_BITS,
  WINK_PIPELINE,
  WINK_POS_MASK,
  WINK_SPACES_MASK,
  WINK_TOKEN_SIZE,
  rawReadersAgree,
  winkDocumentData,
  winkLexemeAt,
  winkPosIndexAt,
  winkPosNames,
  winkSpaceBefore,
} from '../../src/nlp/wink.js';

const gold = readFileSync(new URL('../fixtures/gold/ud-ewt-dev.jsonl', import.meta.url), 'utf8')
  .trim()
  .split('\n')
  .map((line) => (JSON.parse(line) as { text: string }).text);
/**
 * Texts of 32 gold sentences each: many names and rare forms, the words wink adds as it reads. Ten
 * texts keep the cost of the brand-new instances (a whole model read each) down.
 */
const texts = Array.from({ length: 10 }, (_, i) => gold.slice(i * 32, i * 32 + 32).join(' '));

const loaders = model as unknown as Record<string, () => unknown>;
let metaCER: unknown;
/** The model with its custom-entity loader called once (it stringifies its machines again on every call). */
const standard = { ...loaders, metaCER: () => (metaCER ??= loaders.metaCER!()) } as unknown as typeof model;

/** A brand-new wink instance: the whole model read again. */
function newInstance(): ReturnType<typeof winkNLP> {
  return winkNLP(standard, [...WINK_PIPELINE]);
}

function tagged(nlp: ReturnType<typeof winkNLP>, text: string): string {
  const doc = nlp.readDoc(text);
  const tokens = doc.tokens();
  return JSON.stringify([tokens.out(), tokens.out(nlp.its.pos), tokens.out(nlp.its.type), doc.sentences().out()]);
}

describe('wink', () => {
  it('splits a possessive the same after a text that had it before punctuation', () => {
    const text = "I had the dignity of dropping out my mother's laudanum last night.";
    const before = tagText(text);
    // A shared wink instance remembered "mother's" from here and kept it whole afterwards.
    tagText("Give it to my mother's.");
    expect(tagText(text)).toEqual(before);
    expect(before.tokens.map((token) => token.text)).toContain("'s");
  });

  it('tags every text as a new instance does, in any order', () => {
    const expected = texts.map((text) => tagged(newInstance(), text));
    const forward = texts.map((text) => tagged(wink(), text));
    const backward = [...texts].reverse().map((text) => tagged(wink(), text));
    expect(forward).toEqual(expected);
    expect(backward.reverse()).toEqual(expected);
  });

  it("reads a document's raw data with wink's own layout", () => {
    const constants = createRequire(import.meta.url)('wink-nlp/src/constants.js') as Record<string, number>;
    expect([WINK_TOKEN_SIZE, WINK_SPACES_MASK, WINK_POS_MASK, WINK_LEMMA_BITS]).toEqual([
      constants.tkSize,
      constants.psMask,
      constants.posMask,
      constants.bits4lemma,
    ]);
    for (const text of [...texts.slice(0, 10), 'Tabs\tand\u00a0non-breaking  spaces.\n\nA new paragraph.', '']) {
      const nlp = wink();
      const doc = nlp.readDoc(text);
      const tokens = doc.tokens();
      const data = winkDocumentData();
      const count = data.tokens.length / WINK_TOKEN_SIZE;
      const indices = Array.from({ length: count }, (_, i) => i);
      expect(indices.map((i) => winkLexemeAt(data, i))).toEqual(tokens.out(nlp.its.uniqueId));
      expect(indices.map((i) => winkPosNames()[winkPosIndexAt(data, i)])).toEqual(tokens.out(nlp.its.pos));
      const spaces = tokens.out(nlp.its.precedingSpaces) as string[];
      expect(indices.map((i) => winkSpaceBefore(data, i))).toEqual(spaces.map((space) => space !== ''));
      expect(data.sentences.map((sentence) => sentence.slice(0, 2))).toEqual(doc.sentences().out(nlp.its.span));
    }
  });

  it('tells a document layout other than the one it reads (the check each new instance makes)', () => {
    const read = (text: string) => {
      const nlp = wink();
      const doc = nlp.readDoc(text);
      return { nlp, doc, data: winkDocumentData() };
    };
    const text = "It\u00a0can't  stop.\nThe cat ran home!";
    const { nlp, doc, data } = read(text);
    expect(rawReadersAgree(data, doc, nlp.its, winkPosNames())).toBe(true);
    // Five numbers per token instead of four; tags moved to other bits; sentences without spans.
    const wider = { ...data, tokens: data.tokens.flatMap((n, i) => (i % WINK_TOKEN_SIZE === 0 ? [n, 0] : [n])) };
    expect(rawReadersAgree(wider, doc, nlp.its, winkPosNames())).toBe(false);
    const moved = { ...data, tokens: data.tokens.map((n, i) => (i % WINK_TOKEN_SIZE === 2 ? n >>> 1 : n)) };
    expect(rawReadersAgree(moved, doc, nlp.its, winkPosNames())).toBe(false);
    expect(rawReadersAgree({ ...data, sentences: [] }, doc, nlp.its, winkPosNames())).toBe(false);
  });

  it('gives the same features whatever was analysed before', () => {
    const first = texts.map((text) => analyzeText(text));
    // Each text again, after all the others.
    const again = texts.map((text, i) => {
      texts.forEach((other, j) => j !== i && j % 5 === 0 && analyzeText(other));
      return analyzeText(text);
    });
    expect(again).toEqual(first);
  });
});
