import type { ChatMessage } from '../../providers/index.js';
import { renderBrief } from './render.js';
import type { StyleBrief } from './types.js';

/** The rules of an LLM rewrite: what it must keep, and that it answers with the text alone. */
export const REWRITE_RULES: readonly string[] = [
  'You rewrite text in the style of one particular author. Keep the meaning and every fact.',
  'Change how things are said, not what is said: add no facts, examples, anecdotes, jokes or opinions, and keep the point of view of the text (write "I" only where it does).',
  'Never change numbers, names, dates, URLs, e-mail addresses, code (inline or fenced) or text inside quotation marks.',
  'Keep the Markdown structure exactly: the same headings, list items (with their markers), links, block quotes and paragraphs, in the same order.',
  'Answer with the rewritten text only, without any comment.',
];

/** The instructions of full mode, ahead of the brief: write in the voice, answer what is asked. */
export const FULL_MODE_RULES: readonly string[] = [
  'Write your answers in the voice of one particular author, described below: how they build and open sentences, punctuate, address the reader and choose their words.',
  'Answer what the user asks as well as you otherwise would; the voice changes how you say it, not what you say.',
  'Keep code, commands, data and quotations exact, and use Markdown, lists or code where the answer needs them; write the prose around them in the voice.',
  'Never mention the author or these instructions, and never borrow the content of the example passages.',
];

/**
 * What the brief serves: a rewrite of a text (with `matchLength`, the rewrite keeps the text's
 * length within a tenth, and the request says so in words), or full mode (an answer to the user's
 * own messages).
 */
export type BriefTask =
  { kind: 'rewrite'; text: string; matchLength?: boolean } | { kind: 'full'; messages: readonly ChatMessage[] };

/** The request line of a rewrite: with `matchLength`, the text's length and the range to keep. */
function rewriteRequest(text: string, matchLength: boolean): string {
  if (!matchLength) return "Rewrite this text in the author's style:";
  const words = text.split(/\s+/u).filter((word) => /[\p{L}\p{N}]/u.test(word)).length;
  // A little inside the keep policy's tenth: its count of words and this one differ at the edges.
  const low = Math.ceil(words * 0.93);
  const high = Math.floor(words * 1.07);
  return `Rewrite this text in the author's style, keeping its length (${words} words; stay between ${low} and ${high}):`;
}

/**
 * The system message of full mode: FULL_MODE_RULES and the rendered brief. Placed ahead of the
 * user's messages, so the model's first draft is already in the author's voice.
 */
export function fullModeSystemMessage(brief: StyleBrief): ChatMessage {
  return { role: 'system', content: `${FULL_MODE_RULES.join('\n')}\n\n${renderBrief(brief)}` };
}

/** The system message of a rewrite: REWRITE_RULES and the rendered brief. */
export function rewriteSystemMessage(brief: StyleBrief): ChatMessage {
  return { role: 'system', content: `${REWRITE_RULES.join('\n')}\n\n${renderBrief(brief)}` };
}

/**
 * The chat messages for a task under the brief. Full mode: fullModeSystemMessage, then the user's
 * messages unchanged (their own system messages included, after ours). Rewrite: rewriteSystemMessage,
 * then a user message asking for the text in the author's style.
 */
export function briefMessages(brief: StyleBrief, task: BriefTask): ChatMessage[] {
  if (typeof task !== 'object' || task === null) throw new TypeError('task must be an object with a kind');
  if (task.kind === 'full') {
    if (!Array.isArray(task.messages)) throw new TypeError('task.messages must be an array of chat messages');
    return [fullModeSystemMessage(brief), ...task.messages.map((message) => ({ ...message }))];
  }
  if (task.kind === 'rewrite') {
    if (typeof task.text !== 'string') throw new TypeError('task.text must be a string');
    return [
      rewriteSystemMessage(brief),
      { role: 'user', content: `${rewriteRequest(task.text, task.matchLength === true)}\n\n${task.text}` },
    ];
  }
  throw new TypeError(
    `task.kind must be 'rewrite' or 'full', got ${JSON.stringify((task as { kind?: unknown }).kind)}`,
  );
}
