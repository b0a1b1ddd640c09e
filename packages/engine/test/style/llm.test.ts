import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOpenAICompatibleProvider } from '../../src/providers/index.js';
import { renderBrief, restyle, restyleWithLLM, styleBrief, styleCard } from '../../src/style/index.js';
import { REWRITE_RULES } from '../../src/style/brief/messages.js';
import { closestPassages, rewriteMessages } from '../../src/style/llm-prompt.js';
import { checkKept } from '../../src/style/candidates/index.js';
import { startOpenAITestServer, type OpenAITestServer } from '../../../../test-support/openai-test-server.js';
import { FORMAL_MODEL } from './ops-helpers.js';

const INPUT = "Moreover, the plan costs $5 per month. We can't wait to see it at https://example.com.\n";
const GOOD_REPLY = 'The plan costs $5 per month, and we cannot wait to see it at https://example.com.\n';
const BAD_REPLY = 'The plan is cheap. We cannot wait to see it.\n';

describe('LLM prompt', () => {
  it('builds a style card from confident habits', () => {
    const card = styleCard(FORMAL_MODEL);
    expect(card).toMatch(/^- Sentences average \d+ words/);
    expect(card).toContain('Spelling: UK.');
    expect(card).toContain('- Never contracts (23 places where one fits).');
  });

  it('picks the stored passages closest to the input, deterministically', () => {
    const passages = closestPassages('The weather was cold and wet, and we stayed at home.', FORMAL_MODEL, 2);
    expect(passages).toHaveLength(2);
    expect(passages[0]).toMatch(/weather has been cold and wet/);
    expect(closestPassages('The weather was cold and wet.', FORMAL_MODEL, 2)).toEqual(
      closestPassages('The weather was cold and wet.', FORMAL_MODEL, 2),
    );
  });

  it('puts the rules and the style brief in the system message and the text in the user message', () => {
    const [system, user] = rewriteMessages(INPUT, FORMAL_MODEL, 3);
    expect(system?.role).toBe('system');
    expect(system?.content).toBe(
      `${REWRITE_RULES.join('\n')}\n\n${renderBrief(styleBrief(FORMAL_MODEL, { maxExamples: 3 }))}`,
    );
    expect(system?.content).toMatch(/Never change numbers/);
    expect(system?.content).toContain('Writes full forms');
    const words = INPUT.split(/\s+/).filter(Boolean).length;
    expect(user).toEqual({
      role: 'user',
      content: `Rewrite this text in the author's style, keeping its length (${words} words; stay between ${Math.ceil(words * 0.93)} and ${Math.floor(words * 1.07)}):\n\n${INPUT}`,
    });
  });

  it('judges a rewrite by the one keep policy: blocks, numbers and URLs', () => {
    expect(checkKept(INPUT, GOOD_REPLY).kept).toBe(true);
    expect(checkKept(INPUT, BAD_REPLY).kept).toBe(false);
    expect(checkKept('# Title\n\nText.', 'Title\n\nText.').kept).toBe(false);
  });
});

describe('restyleWithLLM against an OpenAI-compatible server', () => {
  let server: OpenAITestServer;
  let reply = GOOD_REPLY;

  beforeAll(async () => {
    server = await startOpenAITestServer({ reply: () => reply });
  });
  afterAll(async () => {
    await server.close();
  });

  const provider = () =>
    createOpenAICompatibleProvider({ name: 'openai-compatible', baseUrl: server.url, timeoutMs: 5000 });

  it("sends the style brief and keeps the model's reply, without a rule-based pass over it", async () => {
    reply = GOOD_REPLY;
    const output = await restyleWithLLM(INPUT, FORMAL_MODEL, provider(), { baseModel: 'test-model', temperature: 0.2 });
    expect(output).toBe(GOOD_REPLY);
    const body = server.requests[server.requests.length - 1]?.body as {
      model: string;
      temperature: number;
      messages: Array<{ content: string }>;
    };
    expect(body.model).toBe('test-model');
    expect(body.temperature).toBeCloseTo(0.2, 6);
    expect(body.messages[0]?.content).toContain('Passages by the author, chosen for their voice');
  });

  it('falls back to the engine alone when the reply loses a number or URL', async () => {
    reply = BAD_REPLY;
    const output = await restyleWithLLM(INPUT, FORMAL_MODEL, provider(), { baseModel: 'test-model' });
    expect(output).toBe(restyle(INPUT, FORMAL_MODEL));
  });

  it('validates its options and passes provider failures on', async () => {
    await expect(restyleWithLLM(INPUT, FORMAL_MODEL, provider(), { baseModel: '' })).rejects.toThrow(/baseModel/);
    await expect(restyleWithLLM(INPUT, FORMAL_MODEL, {} as never, { baseModel: 'm' })).rejects.toThrow(/provider/);
    const failing = await startOpenAITestServer({ failWith: { status: 500 } });
    const broken = createOpenAICompatibleProvider({ name: 'openai-compatible', baseUrl: failing.url, timeoutMs: 5000 });
    await expect(restyleWithLLM(INPUT, FORMAL_MODEL, broken, { baseModel: 'm' })).rejects.toMatchObject({
      code: 'provider_failed',
    });
    await failing.close();
  });
});
