import { describe, expect, it } from 'vitest';
import { fitStyle, restyle } from '../../../src/style/index.js';
import { authorPerson, isLetter, type Person } from '../../../src/style/ops/perspective.js';
import { FORMAL_MODEL } from '../ops-helpers.js';
import { secondPersonWords, shiftedText } from './perspective-helpers.js';

const LETTERS = fitStyle([
  'I walked to the village this morning. My sister came with me, and I was glad of it.',
  'I have had your letter and I thank you. My garden is doing well; I am quite content.',
  'I shall write again soon. My love to all; I remain your affectionate brother.',
]);

const shifted = (text: string, person: Person = 'first-singular'): string | undefined => shiftedText(text, person);

describe('perspective', () => {
  it('rewrites a sentence addressing the reader, with agreement and capitals', () => {
    expect(shifted('You are in control of your spending.')).toBe('I am in control of my spending.');
    expect(shifted("You're free to change your plan.", 'first-plural')).toBe("We're free to change our plan.");
    expect(shifted('You’re free to change your plan.')).toBe('I’m free to change my plan.');
    expect(shifted('You can track your progress yourself.')).toBe('I can track my progress myself.');
    expect(shifted('Your savings grow, and the app shows you why.')).toBe('My savings grow, and the app shows me why.');
  });

  it('rewrites subjects, objects and possessives of a passage all in one person', () => {
    const text =
      'You can save a little every month. The app helps you see where your money goes. A budget gives you room to breathe.';
    expect(shifted(text)).toBe(
      'I can save a little every month. The app helps me see where my money goes. A budget gives me room to breathe.',
    );
    expect(shifted(text, 'first-plural')).toBe(
      'We can save a little every month. The app helps us see where our money goes. A budget gives us room to breathe.',
    );
  });

  it('makes be agree with "I", in every clause it serves, and keeps "were" after "if"', () => {
    expect(shifted('If you were rich, you would be happy. You were late and were tired.')).toBe(
      'If I were rich, I would be happy. I was late and was tired.',
    );
    expect(shifted('You really are doing well, and the plan works for you.')).toBe(
      'I really am doing well, and the plan works for me.',
    );
    expect(shifted('You are busy and are tired.', 'first-plural')).toBe('We are busy and are tired.');
  });

  it('rewrites headings with the paragraphs under them', () => {
    expect(shifted('# Training Your Immune System\n\nYour body learns to defend itself.')).toBe(
      '# Training My Immune System\n\nMy body learns to defend itself.',
    );
  });

  it('leaves the whole passage as it is when one reference cannot change or a command addresses the reader', () => {
    for (const blocker of [
      'Take your time with it.',
      'Check your local frost dates before planting.',
      'If you are a beginner, start with easy crops.',
      'Then, review the plan.',
      "Don't forget the receipts.",
      'Thank you for your patience.',
      'Are you ready for the change?',
      'Have you ever felt overwhelmed?',
      "You aren't alone in this.",
      'You and your family can go.',
      'We understand that your data is sensitive.',
      'I appreciate the effort you have put into this.',
      'He said "you can do it" to the team.',
      'It works, you know, for most people.',
    ]) {
      expect(shifted(`You can save a little every month. ${blocker} Your savings will grow.`), blocker).toBeUndefined();
    }
    expect(shifted('# Track Your Spending\n\nYou can save a little every month.')).toBeUndefined();
    expect(shifted('> You can quote this.\n\nYou can save a little every month.')).toBeUndefined();
    expect(shifted('```\nyour_code()\n```\n\nYou can save a little every month.')).toBeUndefined();
  });

  it('does not take a noun phrase or a statement for a command', () => {
    expect(shifted('## Key Features\n\nCompound interest grows your savings.')).toBe(
      '## Key Features\n\nCompound interest grows my savings.',
    );
    expect(shifted('Long meetings, and hectic commutes often get in your way.')).toBe(
      'Long meetings, and hectic commutes often get in my way.',
    );
  });

  it("takes the author's person from their pronouns, and knows a letter by its salutation", () => {
    expect(authorPerson(LETTERS)).toBe('first-singular');
    expect(isLetter('Subject: Order\n\nDear Ms. Patel,\n\nThank you for writing.')).toBe(true);
    expect(isLetter('# Saving money\n\nYou can save a little every month.')).toBe(false);
  });

  it('is off unless asked for, and restyle keeps the shift when its edits are rejected', () => {
    const text = 'You can save a little every month. You will be glad of it later.';
    expect(restyle(text, FORMAL_MODEL)).toContain('You');
    expect(() => restyle(text, FORMAL_MODEL, { perspective: 'mine' as never })).toThrow(/perspective/);
    const output = restyle(text, LETTERS, { perspective: 'author' });
    expect(output).toMatch(/\bI can save\b/);
    expect(output).not.toMatch(/\byou\b/i);
  });

  it('restyle shifts a passage whose sentences address the reader as subject, object and owner alike', () => {
    const text =
      'You can save a little every month. The app helps you see where your money goes. A budget gives you room to breathe.';
    const output = restyle(text, LETTERS, { perspective: 'author' });
    expect(secondPersonWords(output)).toEqual([]);
    expect(output).toMatch(/\bI can save\b/);
    expect(output).toMatch(/\bhelps me see\b/);
    expect(output).toMatch(/\bmy money\b/);
    expect(output).toMatch(/\bgives me room\b/);
  });

  it('restyle keeps every "you" of a passage where one imperative addresses the reader', () => {
    const text = 'You can save a little every month. Take your time with it. You will be glad of it later.';
    const output = restyle(text, LETTERS, { perspective: 'author' });
    expect(secondPersonWords(output)).toEqual(secondPersonWords(text));
    expect(output).not.toMatch(/\bI\b/);
  });
});
