import { describe, expect, it } from 'vitest';
import { joinEdits, joinedClass, opensAsCommand } from '../../../src/style/ops/join.js';
import type { EditContext } from '../../../src/style/edits/context.js';
import type { EditSentence } from '../../../src/style/optimizer/document.js';
import { wordsOf } from '../../../src/style/optimizer/profile.js';
import { FORMAL_MODEL, contextFor, formalPunctuationContext, sentencesOf, textsOf } from '../ops-helpers.js';

const formal = formalPunctuationContext();

function part(sentence: EditSentence) {
  return { tokens: sentence.tokens, classes: sentence.classes, words: sentence.words };
}

function firstOf(text: string) {
  const [sentence] = sentencesOf(text);
  if (sentence === undefined) throw new Error('a sentence expected');
  return sentence.tokens;
}

function joins(text: string, context: EditContext = formal) {
  const [a, b] = sentencesOf(text);
  if (a === undefined || b === undefined) throw new Error('two sentences expected');
  return joinEdits(part(a), part(b), context);
}

describe('join', () => {
  it('makes two sentences one thought with ", and" or a dash only when the second is about the first', () => {
    const unrelated = joins('It diverted me exceedingly. We went to bed at ten.');
    expect(textsOf(unrelated, 'join-and')).toEqual([]);
    expect(textsOf(unrelated, 'join-dash')).toEqual([]);
    expect(textsOf(unrelated, 'join-semicolon')).toEqual(['It diverted me exceedingly; we went to bed at ten.']);
    // A shared content word, or an opening word that points back, relates them.
    expect(textsOf(joins('The book came today. We read the book at once.'), 'join-and')).toHaveLength(1);
  });

  it('joins with a semicolon, "and" and the dash, never as a parenthesis', () => {
    const edits = joins('The rain stopped. It had fallen all night.');
    expect(textsOf(edits, 'join-semicolon')).toEqual(['The rain stopped; it had fallen all night.']);
    expect(textsOf(edits, 'join-and')).toEqual(['The rain stopped, and it had fallen all night.']);
    expect(textsOf(edits, 'join-dash')).toEqual(['The rain stopped—it had fallen all night.']);
    // A whole clause in parentheses has no complete linkage in Link Grammar: never proposed.
    expect(edits.map((edit) => edit.op)).not.toContain('join-parenthesis');
  });

  it('joins with no dash where either sentence already holds one: two dashes read as an aside between them', () => {
    // "The rain stopped—it had fallen all night—not all day.": the middle reads as an aside.
    const dashed = joins('The rain stopped. It had fallen all night — not all day.');
    expect(textsOf(dashed, 'join-dash')).toEqual([]);
    expect(textsOf(dashed, 'join-semicolon')).toHaveLength(1);
    expect(textsOf(joins('The rain stopped—not the snow. It had fallen all night.'), 'join-dash')).toEqual([]);
    // A hyphen inside a word is no dash.
    expect(
      textsOf(joins('The rain stopped. It had fallen all night on the half-built roof.'), 'join-dash'),
    ).toHaveLength(1);
  });

  it('joins two sentences at most, below the run-on length, and no "and" before an opening phrase', () => {
    const [a, b, c] = sentencesOf('The rain stopped. We went out. The streets were wet.');
    const joined = joinEdits(part(a!), part(b!), formal).find((edit) => edit.op === 'join-semicolon')!;
    const twice = joined.sentences[0]!;
    expect(joinEdits({ ...twice, words: wordsOf(twice.tokens) }, part(c!), formal)).toEqual([]);
    const long = `${'The committee met again in the old hall near the river '.repeat(3).trim()}.`;
    expect(joins(`${long} ${long}`)).toEqual([]);
    expect(textsOf(joins('Read the job description. Then, think about your examples.'), 'join-and')).toEqual([]);
  });

  it('turns an opening connective into its conjunction and "This + verb" into "which"', () => {
    expect(textsOf(joins('Prices rose. However, sales grew.'), 'join-but')).toEqual(['Prices rose, but sales grew.']);
    expect(textsOf(joins('Prices rose. This means we pay more.'), 'join-which')).toEqual([
      'Prices rose, which means we pay more.',
    ]);
  });

  it('keeps the capital of names and never joins after a question or before a name it cannot tell', () => {
    const names = { ...contextFor(FORMAL_MODEL, { names: ['alice'] }), dash: 'em_closed' as const };
    expect(textsOf(joins('The rain stopped. Alice went out.', names), 'join-semicolon')).toEqual([
      'The rain stopped; Alice went out.',
    ]);
    expect(joins('Did the rain stop? We went out.')).toEqual([]);
    // Nor a statement onto a question, nor a list marker or a fragment onto anything.
    expect(joins('The rain stopped. Did we go out?')).toEqual([]);
    expect(joins('Step 4. Show the team how the plan fits.')).toEqual([]);
    expect(joins('The rain stopped. Good news.')).toEqual([]);
    expect(joins('The rain stopped. Zyxwv went out.')).toEqual([]);
  });

  it('puts no "and" before a gerund subject, which would read as the next action of a series', () => {
    const edits = joins('The smallest typo can hurt you. Reading your letter aloud can help you.');
    expect(textsOf(edits, 'join-and')).toEqual([]);
  });

  it('never joins a statement and a command, whose subject the join would change', () => {
    expect(joins('Employers want people who share their values. Mention the mission of the company.')).toEqual([]);
    expect(joins('Mention the mission of the company. Employers want people who share their values.')).toEqual([]);
    expect(joins('The rain stopped. Please take your umbrella anyway.')).toEqual([]);
    expect(joins('Finally, do not forget to proofread. The smallest typo can hurt you.')).toEqual([]);
    expect(joins('Do not forget to proofread. The smallest typo can hurt you.')).toEqual([]);
    // The join drops an opening connective: the command after it still counts.
    expect(
      joins('Mulch helps retain moisture and regulate soil temperature. Additionally, inspect your plants often.'),
    ).toEqual([]);
    // Two commands are one mood: those may join.
    expect(textsOf(joins('Mention the mission. Tell them why.'), 'join-semicolon')).toEqual([
      'Mention the mission; tell them why.',
    ]);
    // A gerund or participle opening a statement is its subject, not a command.
    expect(opensAsCommand(firstOf('Staying hydrated is easy.'))).toBe(false);
    expect(opensAsCommand(firstOf('Please let me know.'))).toBe(true);
  });

  it('predicts the class of the joined sentence', () => {
    const simple = { structure: 'simple', voice: 'active', independentClauses: 1, dependentClauses: 0 } as const;
    const passive = { structure: 'complex', voice: 'passive', independentClauses: 1, dependentClauses: 1 } as const;
    expect(joinedClass(simple, simple)).toMatchObject({ structure: 'compound', voice: 'active' });
    expect(joinedClass(simple, passive)).toMatchObject({ structure: 'compound-complex', voice: 'passive' });
    expect(joinedClass(simple, simple, true)).toMatchObject({
      structure: 'complex',
      independentClauses: 1,
      dependentClauses: 1,
    });
  });
});
