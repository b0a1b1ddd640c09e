/**
 * chooseDraft against the real OpenAI-compatible test server, scripted to return drafts of known
 * stylometric distance: Darwin's own words (close) and generic AI prose (far).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createOpenAICompatibleProvider, type ChatMessage } from '../../../src/providers/index.js';
import {
  chooseDraft,
  measuredDifferences,
  measureDraft,
  rankDrafts,
  scoringContext,
  type ScoredDraft,
} from '../../../src/style/candidates/index.js';
import {
  startOpenAITestServer,
  type ChatCompletionRequestBody,
  type OpenAITestServer,
} from '../../../../../test-support/openai-test-server.js';
import {
  AI_DRAFT,
  AI_PROSE,
  AUTHOR_DRAFT,
  DARWIN_MODEL,
  DARWIN_PROSE,
  FACTS,
  FACTS_LOSING,
  INPUT,
  MESSAGES,
} from './texts.js';

const servers: OpenAITestServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

/** A server answering the i-th choice of a draft request with drafts[i], and a revision request with `revision`. */
async function scripted(drafts: readonly string[], revision?: string): Promise<OpenAITestServer> {
  const server = await startOpenAITestServer({
    reply: (request: ChatCompletionRequestBody, choice: number) =>
      isRevision(request) ? (revision ?? '') : (drafts[choice] ?? ''),
  });
  servers.push(server);
  return server;
}

function isRevision(request: ChatCompletionRequestBody): boolean {
  return request.messages.some((message) => message.role === 'assistant');
}

function providerFor(server: OpenAITestServer) {
  return createOpenAICompatibleProvider({ name: 'openai-compatible', baseUrl: server.url, timeoutMs: 10_000 });
}

const base = { baseModel: 'test-model', messages: MESSAGES, input: INPUT };

describe('chooseDraft picks the closest draft that keeps everything', () => {
  it("picks the draft in the author's own words over generic AI prose, wherever it stands", async () => {
    for (const drafts of [
      [AI_DRAFT, AUTHOR_DRAFT],
      [AUTHOR_DRAFT, AI_DRAFT],
    ]) {
      const server = await scripted(drafts);
      const choice = await chooseDraft(DARWIN_MODEL, providerFor(server), { ...base, n: 2 });
      const author = drafts.indexOf(AUTHOR_DRAFT);
      expect(choice.winner).toBe(author);
      expect(choice.text).toBe(AUTHOR_DRAFT);
      expect(choice.drafts.map((draft) => draft.kept)).toEqual([true, true]);
      expect(choice.drafts[author]!.delta).toBeLessThan(choice.drafts[1 - author]!.delta - 0.5);
      expect(choice.calls).toBe(1);
      expect(server.requests).toHaveLength(1);
      expect(server.requests[0]!.body).toMatchObject({ n: 2, messages: MESSAGES });
    }
  });

  it('puts a draft that uses what the author never writes behind one that does not, whatever its Delta', async () => {
    // The author's draft with one sentence of generic prose the author never writes ("Moreover",
    // "leverage"), beside the author's draft with a plain sentence of the same length.
    const avoiding = AUTHOR_DRAFT.replace(/\n$/, ' This is all I can say of it.\n');
    const using = AUTHOR_DRAFT.replace(/\n$/, ' Moreover, I will leverage all of it.\n');
    const context = scoringContext(DARWIN_MODEL, { input: INPUT, drafts: [using, avoiding] });
    expect(measureDraft(using, context).score.avoided).toBe(2);
    expect(measureDraft(avoiding, context).score.avoided).toBe(0);
    // Delta alone would choose the draft with the generic sentence.
    expect(measureDraft(using, context).score.delta).toBeLessThan(measureDraft(avoiding, context).score.delta);
    for (const drafts of [
      [using, avoiding],
      [avoiding, using],
    ]) {
      const server = await scripted(drafts);
      const choice = await chooseDraft(DARWIN_MODEL, providerFor(server), { ...base, n: 2 });
      expect(choice.text).toBe(avoiding);
      expect(choice.drafts[drafts.indexOf(using)]!.avoided).toBe(2);
    }
  });

  it('reports every draft with its Delta, its nine groups, and the summed usage', async () => {
    const server = await scripted([AI_DRAFT, AUTHOR_DRAFT]);
    const choice = await chooseDraft(DARWIN_MODEL, providerFor(server), { ...base, n: 2 });
    const context = scoringContext(DARWIN_MODEL, { input: INPUT, drafts: [AI_DRAFT, AUTHOR_DRAFT] });
    expect(choice.drafts[0]!.delta).toBeCloseTo(measureDraft(AI_DRAFT, context).score.delta, 12);
    expect(Object.keys(choice.drafts[0]!.groups).sort()).toEqual(
      [
        'functionWords',
        'lexicalDensity',
        'pos',
        'punctuation',
        'readability',
        'sentenceLength',
        'voice',
        'wordLength',
        'sentenceStructure',
      ].sort(),
    );
    expect(choice.input?.delta).toBeCloseTo(measureDraft(INPUT, context).score.delta, 12);
    // The test server counts words: prompt = words of the messages, completion = words of both drafts.
    const words = (text: string): number => text.split(/\s+/).filter(Boolean).length;
    const prompt = MESSAGES.reduce((sum, message) => sum + words(message.content), 0);
    const completion = words(AI_DRAFT) + words(AUTHOR_DRAFT);
    expect(choice.usage).toEqual({
      promptTokens: prompt,
      completionTokens: completion,
      totalTokens: prompt + completion,
    });
    expect(choice.failures).toEqual([]);
  });

  for (const [kind, [facts, lost]] of Object.entries(FACTS_LOSING)) {
    const repairable = kind === 'number' || kind === 'name' || kind === 'negation';
    it(`${repairable ? 'repairs' : 'refuses'} a closer draft that drops a ${kind}`, async () => {
      const dropping = `${facts}\n\n${DARWIN_PROSE}\n`;
      const server = await scripted([dropping, AI_DRAFT]);
      const choice = await chooseDraft(DARWIN_MODEL, providerFor(server), { ...base, n: 2 });
      expect(choice.drafts[0]!.delta).toBeLessThan(choice.drafts[1]!.delta);
      expect(choice.drafts[0]!.reply).toBe(dropping);
      expect(choice.drafts[0]!.losses).toEqual(
        kind === 'negation'
          ? [{ kind, change: 'changed', text: expect.stringContaining(lost[0]!), output: expect.any(String) }]
          : lost.map((text) => ({ kind, change: 'missing', text })),
      );
      if (repairable) {
        // The sentence at fault comes back from the input; the author's sentences stay.
        expect(choice.drafts[0]!.kept).toBe(true);
        expect(choice.drafts[0]!.repairs).toEqual([{ reasons: [kind], draft: facts, input: FACTS }]);
        expect(choice.winner).toBe(0);
        expect(choice.text).toBe(AUTHOR_DRAFT);
        expect(choice.repairs).toEqual(choice.drafts[0]!.repairs);
      } else {
        expect(choice.drafts[0]!.kept).toBe(false);
        expect(choice.drafts[0]!.repairs).toEqual([]);
        expect(choice.winner).toBe(1);
        expect(choice.text).toBe(AI_DRAFT);
      }
    });
  }

  it('falls back to the input only when no draft can be repaired (rewrite mode)', async () => {
    const server = await scripted([`${FACTS_LOSING.quotation[0]}\n\n${DARWIN_PROSE}\n`, AI_PROSE]);
    const choice = await chooseDraft(DARWIN_MODEL, providerFor(server), { ...base, n: 2 });
    expect(choice.drafts.map((draft) => draft.kept)).toEqual([false, false]);
    expect(choice.drafts[1]!.losses.map((loss) => loss.kind)).toContain('markdown');
    expect(choice.winner).toBe('input');
    expect(choice.text).toBe(INPUT);
    expect(choice.repairs).toEqual([]);
  });

  it('ranks a draft within the length range first, and never returns the input for length alone', async () => {
    const long = `${FACTS}\n\n${DARWIN_PROSE} ${DARWIN_PROSE}\n`;
    const server = await scripted([long, AI_DRAFT]);
    const choice = await chooseDraft(DARWIN_MODEL, providerFor(server), { ...base, n: 2, matchOutputLength: true });
    expect(choice.drafts[0]!.length).toMatchObject({ inRange: false });
    expect(choice.drafts[0]!.kept).toBe(true);
    expect(choice.drafts[1]!.length).toMatchObject({ inRange: true });
    expect(choice.winner).toBe(1);

    const alone = await scripted([long]);
    const only = await chooseDraft(DARWIN_MODEL, providerFor(alone), { ...base, matchOutputLength: true });
    expect(only.winner).toBe(0);
    expect(only.text).toBe(long);
  });

  it('takes the closest non-empty draft in full mode, where there is no input to keep', async () => {
    const server = await scripted(['', AI_PROSE, DARWIN_PROSE]);
    const messages: ChatMessage[] = [{ role: 'user', content: 'Write to a friend about orchids.' }];
    const choice = await chooseDraft(DARWIN_MODEL, providerFor(server), { baseModel: 'm', messages, n: 3 });
    expect(choice.drafts[0]!.losses).toEqual([{ kind: 'text', change: 'missing', text: 'the whole text' }]);
    expect(choice.winner).toBe(2);
    expect(choice.text).toBe(DARWIN_PROSE);
    expect(choice.input).toBeUndefined();
  });

  it('returns a blank input as it is, without a call', async () => {
    const server = await scripted([AI_DRAFT]);
    const choice = await chooseDraft(DARWIN_MODEL, providerFor(server), { ...base, input: ' \n' });
    expect(choice).toMatchObject({ text: ' \n', winner: 'input', drafts: [], calls: 0 });
    expect(server.requests).toHaveLength(0);
  });

  it('costs one call by default: one draft, no revision, no n sent', async () => {
    const server = await scripted([AI_DRAFT]);
    const choice = await chooseDraft(DARWIN_MODEL, providerFor(server), base);
    expect(choice.winner).toBe(0);
    expect(choice.calls).toBe(1);
    expect(choice.revision).toBeUndefined();
    expect(server.requests).toHaveLength(1);
    expect(server.requests[0]!.body).not.toHaveProperty('n');
    expect(server.requests[0]!.body).toMatchObject({ temperature: 0.7 });
  });
});

describe('the revision round', () => {
  const revise = { ...base, revise: true };

  it('sends feedback naming the measured differences, and keeps a revision that is closer', async () => {
    const server = await scripted([AI_DRAFT], AUTHOR_DRAFT);
    const choice = await chooseDraft(DARWIN_MODEL, providerFor(server), revise);
    expect(server.requests).toHaveLength(2);
    const sent = (server.requests[1]!.body as ChatCompletionRequestBody).messages;
    expect(sent.slice(0, MESSAGES.length)).toEqual(MESSAGES);
    expect(sent[MESSAGES.length]).toEqual({ role: 'assistant', content: AI_DRAFT });
    const feedback = sent[MESSAGES.length + 1]!;
    expect(feedback.role).toBe('user');

    // The AI draft's contractions, counted here independently, against Darwin's near-absence of them.
    const contractions = AI_DRAFT.match(/\b(?:that's|it's|you're|they'll|you'll)\b/gi)?.length;
    expect(contractions).toBe(7);
    expect(feedback.content).toContain(
      `- You used contractions ('don't', 'it's') ${contractions} times; the author rarely does`,
    );
    // A rewrite keeps its input's point of view: the feedback never asks for more or fewer "I" or "you".
    expect(feedback.content).not.toMatch(/addressed the reader|first person/);
    expect(feedback.content.split('\n').filter((line) => line.startsWith('- '))).toHaveLength(
      Math.min(
        4,
        measuredDifferences(
          measureDraft(AI_DRAFT, scoringContext(DARWIN_MODEL, { drafts: [AI_DRAFT] })),
          DARWIN_MODEL,
          { rewrite: true },
        ).length,
      ),
    );

    expect(choice.revision).toMatchObject({
      status: 'kept',
      revised: 0,
      text: AUTHOR_DRAFT,
      message: feedback.content,
    });
    expect(choice.revision?.status === 'kept' && choice.revision.score!.delta).toBeLessThan(
      choice.revision?.status === 'kept' ? choice.revision.barDelta! : 0,
    );
    expect(choice.winner).toBe('revision');
    expect(choice.text).toBe(AUTHOR_DRAFT);
    expect(choice.calls).toBe(2);
  });

  it('rejects a revision that is not closer (the draft again)', async () => {
    const server = await scripted([AI_DRAFT], AI_DRAFT);
    const choice = await chooseDraft(DARWIN_MODEL, providerFor(server), revise);
    expect(choice.revision).toMatchObject({ status: 'rejected', text: AI_DRAFT });
    if (choice.revision?.status !== 'rejected') throw new Error('expected a rejected revision');
    expect(choice.revision.score!.kept).toBe(true);
    expect(choice.revision.score!.delta).toBeGreaterThanOrEqual(choice.revision.barDelta!);
    expect(choice.winner).toBe(0);
    expect(choice.text).toBe(AI_DRAFT);
  });

  it('rejects a closer revision that dropped what no sentence repair can put back', async () => {
    const server = await scripted([AI_DRAFT], `${FACTS_LOSING.quotation[0]}\n\n${DARWIN_PROSE}\n`);
    const choice = await chooseDraft(DARWIN_MODEL, providerFor(server), revise);
    if (choice.revision?.status !== 'rejected') throw new Error('expected a rejected revision');
    expect(choice.revision.score!.delta).toBeLessThan(choice.revision.barDelta!);
    expect(choice.revision.score!.losses).toEqual([
      { kind: 'quotation', change: 'missing', text: 'the largest of its kind' },
    ]);
    expect(choice.winner).toBe(0);
  });

  it('keeps a closer revision with its reversed sentence put back, never the reversal', async () => {
    const reversing = `${FACTS_LOSING.negation[0]}\n\n${DARWIN_PROSE}\n`;
    const server = await scripted([AI_DRAFT], reversing);
    const choice = await chooseDraft(DARWIN_MODEL, providerFor(server), revise);
    expect(choice.revision).toMatchObject({ status: 'kept', reply: reversing, text: AUTHOR_DRAFT });
    expect(choice.winner).toBe('revision');
    expect(choice.text).not.toContain('it will be repeated');
    expect(choice.repairs).toEqual([{ reasons: ['negation'], draft: FACTS_LOSING.negation[0], input: FACTS }]);
  });

  it('names the sentences to redo, and the length with the range, in the revision request', async () => {
    const reversing = `${FACTS_LOSING.negation[0]}\n\n${AI_PROSE} ${AI_PROSE}\n`;
    const server = await scripted([reversing], AUTHOR_DRAFT);
    const choice = await chooseDraft(DARWIN_MODEL, providerFor(server), { ...revise, matchOutputLength: true });
    const sent = (server.requests[1]!.body as ChatCompletionRequestBody).messages;
    expect(sent.at(-2)).toEqual({ role: 'assistant', content: reversing });
    const feedback = sent.at(-1)!.content;
    expect(feedback).toContain(
      `- Redo your sentence "${FACTS_LOSING.negation[0]}": it reverses what the original affirms or denies. The original says "${FACTS}".`,
    );
    const words = choice.drafts[0]!.length!;
    expect(words.inRange).toBe(false);
    expect(feedback).toContain(
      `- The draft has ${words.words} words, too long; the original has ${words.inputWords}. Write ${words.min} to ${words.max} words`,
    );
    expect(choice.winner).toBe('revision');
  });

  it('revises the closest draft when none kept everything, naming what it lost', async () => {
    const server = await scripted([`${FACTS_LOSING.address[0]}\n\n${AI_PROSE}\n`], AUTHOR_DRAFT);
    const choice = await chooseDraft(DARWIN_MODEL, providerFor(server), revise);
    const feedback = (server.requests[1]!.body as ChatCompletionRequestBody).messages.at(-1)!.content;
    expect(feedback).toContain(
      '- The draft lost the link or address "https://example.org/survey"; keep it exactly as written.',
    );
    expect(choice.revision).toMatchObject({ status: 'kept', revised: 0 });
    expect(choice.winner).toBe('revision');
  });

  it('skips the round when nothing measured differs enough and nothing was lost', async () => {
    const server = await scripted([AUTHOR_DRAFT], AI_DRAFT);
    const choice = await chooseDraft(DARWIN_MODEL, providerFor(server), revise);
    expect(choice.revision).toEqual({ status: 'skipped', reason: 'no-difference' });
    expect(server.requests).toHaveLength(1);
  });

  it('reports a failed revision call and keeps the winner', async () => {
    let calls = 0;
    const server = await startOpenAITestServer({
      reply: () => {
        calls += 1;
        if (calls > 1) throw new Error('revision refused');
        return AI_DRAFT;
      },
    });
    servers.push(server);
    const choice = await chooseDraft(DARWIN_MODEL, providerFor(server), revise);
    expect(choice.revision).toMatchObject({ status: 'failed', revised: 0 });
    expect(choice.winner).toBe(0);
    expect(choice.calls).toBe(2);
  });
});

describe('chooseDraft validates its options', () => {
  const provider = createOpenAICompatibleProvider({ name: 'x', baseUrl: 'http://127.0.0.1:9/v1', timeoutMs: 1000 });
  const cases: [Record<string, unknown>, RegExp, ErrorConstructor][] = [
    [{ n: 0 }, /options\.n must be an integer from 1 to 16, got 0/, RangeError],
    [{ n: 17 }, /options\.n must be an integer from 1 to 16/, RangeError],
    [{ n: 1.5 }, /options\.n/, RangeError],
    [{ revise: 'yes' }, /options\.revise must be a boolean/, TypeError],
    [{ maxCalls: 0 }, /options\.maxCalls must be an integer ≥ 1, got 0/, RangeError],
    [{ maxTotalTokens: -5 }, /options\.maxTotalTokens must be an integer ≥ 1/, RangeError],
    [{ temperature: 3 }, /options\.temperature must be a number from 0 to 2/, RangeError],
    [{ maxTokens: 0 }, /options\.maxTokens/, RangeError],
    [{ messages: [] }, /options\.messages must be a non-empty array/, TypeError],
    [{ messages: [{ role: 'tool', content: 'x' }] }, /options\.messages\[0\]/, TypeError],
    [{ baseModel: ' ' }, /options\.baseModel must be a non-empty string/, TypeError],
    [{ input: 3 }, /options\.input must be a string/, TypeError],
    [{ reference: { words: ['a'], mean: [], std: [] } }, /options\.reference must be a DeltaReference/, TypeError],
  ];
  for (const [override, message, type] of cases) {
    it(`refuses ${JSON.stringify(override)}`, async () => {
      const error = await chooseDraft(DARWIN_MODEL, provider, { ...base, ...override } as never).catch(
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(type);
      expect((error as Error).message).toMatch(message);
    });
  }

  it('refuses a model that is not a StyleModel and a provider that is not one', async () => {
    await expect(chooseDraft({} as never, provider, base)).rejects.toThrow(TypeError);
    await expect(chooseDraft(DARWIN_MODEL, {} as never, base)).rejects.toThrow(/provider must be a ChatProvider/);
  });
});

describe('rankDrafts', () => {
  const draft = (index: number, kept: boolean, delta: number, avoided = 0, losses = 0): ScoredDraft =>
    ({
      index,
      text: `draft ${index}`,
      temperature: 0.7,
      finishReason: 'stop',
      delta,
      kept,
      avoided,
      losses: Array.from({ length: losses }, () => ({ kind: 'number', detail: '7' })),
    }) as unknown as ScoredDraft;

  it('puts kept drafts first (fewest avoided words, then closest), then the rest (fewest losses, then closest)', () => {
    const drafts = [
      draft(0, false, 0.1, 0, 2),
      draft(1, true, 0.9, 1),
      draft(2, true, 0.8, 0),
      draft(3, false, 0.5, 0, 1),
      draft(4, true, 0.3, 0),
    ];
    expect(rankDrafts(drafts).map((d) => d.index)).toEqual([4, 2, 1, 3, 0]);
    expect(drafts.map((d) => d.index)).toEqual([0, 1, 2, 3, 4]);
  });

  it('puts kept drafts within the length range before those outside it, whatever their Delta', () => {
    const sized = (index: number, delta: number, inRange: boolean): ScoredDraft =>
      ({ ...draft(index, true, delta), length: { words: 1, inputWords: 1, min: 0, max: 3, inRange } }) as ScoredDraft;
    expect(
      rankDrafts([sized(0, 0.1, false), sized(1, 0.9, true), draft(2, false, 0.05, 0, 1)]).map((d) => d.index),
    ).toEqual([1, 0, 2]);
  });

  it('breaks ties by the earlier draft', () => {
    expect(rankDrafts([draft(1, true, 0.5), draft(0, true, 0.5)]).map((d) => d.index)).toEqual([0, 1]);
  });
});
