/** Running prose: the sentences whose marks are the writer's habit, not the layout's. */
import { describe, expect, it } from 'vitest';
import { buildDocument } from '../../../src/style/optimizer/document.js';
import { isRunningProse, labelColon } from '../../../src/style/text/running-prose.js';
import { joinTokens } from '../../../src/style/text/token.js';

/** The running-prose sentences of a text. */
function prose(text: string): string[] {
  return buildDocument(text).blocks.flatMap((block) =>
    block.sentences.filter((s) => isRunningProse(block.kind, s.tokens)).map((s) => joinTokens(s.tokens).trim()),
  );
}

describe('isRunningProse', () => {
  it('leaves out headings, list items, header lines, labels and greetings', () => {
    const text = [
      '# Quarterly notes',
      '',
      'Subject: Fwd: Roof repairs',
      '',
      'Hi Morgan,',
      '',
      '- The gutters were cleared on Monday.',
      '',
      'Status: the scaffold comes down next week.',
      '',
      'The roofers finished early. They will send the invoice on Friday: expect it by noon.',
      '',
      'Best wishes,',
    ].join('\n');
    expect(prose(text)).toEqual([
      'The roofers finished early.',
      'They will send the invoice on Friday: expect it by noon.',
    ]);
  });

  it('keeps a sentence whose colon follows a clause, and a block quote', () => {
    expect(prose('> The answer is simple: wait.')).toEqual(['> The answer is simple: wait.']);
  });
});

describe('labelColon', () => {
  it('finds a colon after a few words with no verb, markup aside', () => {
    const tokens = buildDocument('**Next step:** paint the hall.').blocks[0]!.sentences[0]!.tokens;
    expect(tokens[labelColon(tokens)]?.text).toBe(':');
    const clause = buildDocument('The next step is clear: paint the hall.').blocks[0]!.sentences[0]!.tokens;
    expect(labelColon(clause)).toBe(-1);
  });
});
