import { describe, expect, it } from 'vitest';
import {
  briefMessages,
  fullModeSystemMessage,
  renderBrief,
  styleBrief,
  type StyleBrief,
} from '../../../src/style/index.js';
import { EXAMPLE_SEPARATOR } from '../../../src/style/brief/render.js';
import { FULL_MODE_RULES, REWRITE_RULES } from '../../../src/style/brief/messages.js';
import { authorModel } from './authors.js';

const EMPTY: StyleBrief = {
  lines: [],
  favouredWords: [],
  avoided: { words: [], openers: [] },
  examples: [],
  exampleSource: 'excerpts',
};

describe('rendering the brief', () => {
  it('writes the voice, the words to favour and avoid, and the examples between separators', () => {
    const brief = styleBrief(authorModel('twain-speeches'));
    const text = renderBrief(brief);
    expect(text.startsWith("The author's voice:\n- Most sentences run")).toBe(true);
    for (const line of brief.lines) expect(text).toContain(`- ${line.text}`);
    expect(text).toContain(`Words and phrases the author never uses (avoid them): ${brief.avoided.words.join(', ')}.`);
    for (const example of brief.examples)
      expect(text).toContain(`${EXAMPLE_SEPARATOR}\n${example.text}\n${EXAMPLE_SEPARATOR}`);
  });

  it('leaves out empty sections', () => {
    expect(renderBrief(EMPTY)).toBe("The author's voice: too little of their writing to describe.");
    const favoured = {
      ...EMPTY,
      favouredWords: [
        { word: 'upon', count: 9, perThousandWords: 1, referencePerThousandWords: 0.1, logLikelihood: 20 },
      ],
    };
    expect(renderBrief(favoured)).toMatch(/^Words the author uses more than other writers .*: upon\.$/);
  });
});

describe('messages under the brief', () => {
  const brief = styleBrief(authorModel('austen-letters'));

  it('puts full mode’s system message ahead of the user’s messages, which follow unchanged', () => {
    const messages = [
      { role: 'system' as const, content: 'Be brief.' },
      { role: 'user' as const, content: 'How do I plant potatoes?' },
    ];
    const sent = briefMessages(brief, { kind: 'full', messages });
    expect(sent[0]).toEqual(fullModeSystemMessage(brief));
    expect(sent.slice(1)).toEqual(messages);
    expect(sent[0]!.content).toBe(`${FULL_MODE_RULES.join('\n')}\n\n${renderBrief(brief)}`);
  });

  it('keeps the rewrite rules and asks for the text alone', () => {
    const text = 'Moreover, the plan costs $5 per month.\n';
    const [system, user, ...rest] = briefMessages(brief, { kind: 'rewrite', text });
    expect(rest).toEqual([]);
    expect(system!.role).toBe('system');
    for (const rule of REWRITE_RULES) expect(system!.content).toContain(rule);
    expect(system!.content).toMatch(/Never change numbers, names, dates, URLs/);
    expect(system!.content).toMatch(/Keep the Markdown structure exactly/);
    expect(system!.content).toMatch(/Answer with the rewritten text only/);
    expect(system!.content).toContain(renderBrief(brief));
    expect(user).toEqual({ role: 'user', content: `Rewrite this text in the author's style:\n\n${text}` });
    const [, matched] = briefMessages(brief, {
      kind: 'rewrite',
      text: 'one two three four five six seven eight nine ten.',
      matchLength: true,
    });
    expect(matched!.content).toMatch(
      /^Rewrite this text in the author's style, keeping its length \(10 words; stay between 10 and 10\):/,
    );
  });

  it('validates the task', () => {
    expect(() => briefMessages(brief, { kind: 'summary' } as never)).toThrow(/task.kind/);
    expect(() => briefMessages(brief, { kind: 'rewrite' } as never)).toThrow(/task.text/);
    expect(() => briefMessages(brief, { kind: 'full', messages: 'hi' } as never)).toThrow(/task.messages/);
    expect(() => briefMessages(brief, null as never)).toThrow(TypeError);
  });
});
