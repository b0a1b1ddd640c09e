import { describe, expect, it } from 'vitest';
import { fitStyle, restyle } from '../../../src/style/index.js';
import { authorPerson, isLetter, shiftPerspective } from '../../../src/style/ops/perspective.js';
import { joinTokens } from '../../../src/style/text/token.js';
import { FORMAL_MODEL, firstSentence } from '../ops-helpers.js';

const shifted = (text: string, person: 'first-singular' | 'first-plural'): string | undefined => {
  const tokens = shiftPerspective(firstSentence(text).tokens, person);
  return tokens === undefined ? undefined : joinTokens(tokens);
};

describe('perspective', () => {
  it('rewrites a sentence that opens with "you" as its subject, with agreement', () => {
    expect(shifted('You are in control of your spending.', 'first-singular')).toBe('I am in control of my spending.');
    expect(shifted("You're free to change your plan.", 'first-plural')).toBe("We're free to change our plan.");
    expect(shifted('You can track your progress yourself.', 'first-singular')).toBe('I can track my progress myself.');
  });

  it('leaves imperatives, objects, inner clauses and negated be alone', () => {
    for (const text of [
      'Check your local frost dates before planting.',
      'Thank you for your patience.',
      'I appreciate the effort you have put into this.',
      "You aren't alone in this.",
      'You can ask, and you will get help.',
      'We understand that your data is sensitive.',
    ]) {
      expect(shifted(text, 'first-singular'), text).toBeUndefined();
    }
  });

  it("takes the author's person from their pronouns, and knows a letter by its salutation", () => {
    const letters = fitStyle([
      'I walked to the village this morning. My sister came with me, and I was glad of it.',
      'I have had your letter and I thank you. My garden is doing well; I am quite content.',
      'I shall write again soon. My love to all; I remain your affectionate brother.',
    ]);
    expect(authorPerson(letters)).toBe('first-singular');
    expect(isLetter('Subject: Order\n\nDear Ms. Patel,\n\nThank you for writing.')).toBe(true);
    expect(isLetter('# Saving money\n\nYou can save a little every month.')).toBe(false);
  });

  it('is off unless asked for, and restyle keeps the shift when its edits are rejected', () => {
    const text = 'You can save a little every month. You will be glad of it later.';
    const model = FORMAL_MODEL;
    expect(restyle(text, model)).toContain('You');
    expect(() => restyle(text, model, { perspective: 'mine' as never })).toThrow(/perspective/);
    const letters = fitStyle([
      'I walked to the village this morning. My sister came with me, and I was glad of it.',
      'I have had your letter and I thank you. My garden is doing well; I am quite content.',
    ]);
    const output = restyle(text, letters, { perspective: 'author' });
    expect(output).toMatch(/\bI can save\b/);
    expect(output).not.toMatch(/\byou\b/i);
  });
});
