// A scripted OpenAI-compatible chat server (node:http on 127.0.0.1, a free port) for benches that
// talk to an LLM: it answers from the request alone, deterministically, so that a bench's plumbing
// and arithmetic run without a real model. Its replies say nothing about what an LLM would write.
// (test-support/openai-test-server.ts is TypeScript, which plain-Node .mjs benches cannot import.)
//
// POST /v1/chat/completions answers `n` choices (default 1) in OpenAI's `chat.completion` shape, with
// usage counted in whitespace-separated words (prompt: every message's content; completion: the
// replies). GET /v1/models lists one model. No streaming.
//
// What a reply is, for a rewrite request (a user message with a line "Rewrite this text…:" followed
// by a blank line and the text): the kind of choice c is SCRIPTED_KINDS[(h + c) mod 4], h a hash of
// the messages and temperature, so that the n choices of one request hold every kind once:
//   input               the text unchanged
//   input-and-excerpt   the text with an author passage appended to its last block (same Markdown
//                       blocks; a passage without negations is preferred, so the keep-check passes)
//   excerpt             an author passage alone (loses the text's numbers and names)
//   fenced-input        the text inside a ```text fence (what a reply cleaner must strip)
// Author passages are the prompt's lines between "---" lines (the style brief's examples, or the
// plain prompt's passages). A revision request (an assistant message followed by a user message)
// gets the assistant's draft with the next passage appended. Anything else gets its last user
// message back.
import { createServer } from 'node:http';

/** The kinds of reply to a rewrite request, in the order choices cycle through them. */
export const SCRIPTED_KINDS = Object.freeze(['input', 'input-and-excerpt', 'excerpt', 'fenced-input']);

const REWRITE_MARKER = /^Rewrite this text[^\n]*:\n\n/m;
const NEGATION = /\b(?:not|no|never|nor|none|nobody|nothing|nowhere|neither|cannot)\b|n['’]t\b/i;

/** FNV-1a, 32 bits: a stable hash of a string. */
function hashOf(text) {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

function wordCount(text) {
  return text.split(/\s+/).filter(Boolean).length;
}

/** The text a message asks to rewrite, and the prompt before it; undefined when it asks no rewrite. */
function rewriteRequestOf(content) {
  const marker = REWRITE_MARKER.exec(content);
  if (marker === null) return undefined;
  return { prompt: content.slice(0, marker.index), text: content.slice(marker.index + marker[0].length) };
}

/** Passages between "---" lines of some prompt text. */
function passagesIn(promptText) {
  const lines = promptText.split('\n');
  const separators = lines.flatMap((line, index) => (line.trim() === '---' ? [index] : []));
  return separators
    .slice(1)
    .map((end, k) =>
      lines
        .slice(separators[k] + 1, end)
        .join('\n')
        .trim(),
    )
    .filter(Boolean);
}

/** The author passages of a request: from system messages and the prompt part of user messages. */
function authorPassages(messages) {
  return messages.flatMap((message) => {
    if (message.role === 'system') return passagesIn(message.content);
    if (message.role === 'user') return passagesIn(rewriteRequestOf(message.content)?.prompt ?? '');
    return [];
  });
}

/** The passage to add: the first from `start` on without negations (else the one at `start`). */
function passageToAdd(passages, start) {
  const ordered = passages.map((_, k) => passages[(start + k) % passages.length]);
  return ordered.find((passage) => !NEGATION.test(passage)) ?? ordered[0];
}

/** `text` with `passage` appended to its last block (a space, not a new paragraph: the blocks stay). */
function appendToLastBlock(text, passage) {
  if (passage === undefined) return text;
  const trailing = /\s*$/.exec(text)[0];
  return `${text.slice(0, text.length - trailing.length)} ${passage}${trailing}`;
}

function rewriteReply(kind, text, passages, choice) {
  if (kind === 'input') return text;
  if (kind === 'input-and-excerpt') return appendToLastBlock(text, passageToAdd(passages, choice));
  if (kind === 'excerpt') return passages[choice % Math.max(1, passages.length)] ?? text;
  return `\`\`\`text\n${text.trim()}\n\`\`\``;
}

/** The scripted reply to a request body for one choice (see the header). */
export function scriptedReply(body, choice) {
  const { messages } = body;
  const lastUser = [...messages].reverse().find((message) => message.role === 'user');
  const passages = authorPassages(messages);
  const lastAssistantAt = messages.findLastIndex((message) => message.role === 'assistant');
  if (lastAssistantAt >= 0 && lastAssistantAt < messages.length - 1) {
    const draft = messages[lastAssistantAt].content;
    return appendToLastBlock(
      draft,
      passageToAdd(
        passages.filter((p) => !draft.includes(p)),
        choice,
      ),
    );
  }
  const rewrite = lastUser === undefined ? undefined : rewriteRequestOf(lastUser.content);
  if (rewrite === undefined) return lastUser?.content ?? '';
  const hash = hashOf(JSON.stringify([messages, body.temperature ?? null]));
  const kind = SCRIPTED_KINDS[(hash + choice) % SCRIPTED_KINDS.length];
  return rewriteReply(kind, rewrite.text, passages, hash + choice);
}

function sendJson(res, status, body) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

function sendError(res, status, message) {
  sendJson(res, status, { error: { message, type: 'invalid_request_error', param: null, code: null } });
}

async function readJson(req) {
  const chunks = [];
  for await (const chunk of req) chunks.push(chunk);
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    return undefined;
  }
}

function isChatBody(body) {
  return (
    typeof body === 'object' &&
    body !== null &&
    typeof body.model === 'string' &&
    Array.isArray(body.messages) &&
    body.messages.length > 0 &&
    body.messages.every((message) => typeof message?.content === 'string')
  );
}

/** The `chat.completion` answer to a valid request body. */
function completionOf(body, id) {
  const n = body.n ?? 1;
  const replies = Array.from({ length: n }, (_, choice) => scriptedReply(body, choice));
  const promptTokens = body.messages.reduce((sum, message) => sum + wordCount(message.content), 0);
  const completionTokens = replies.reduce((sum, reply) => sum + wordCount(reply), 0);
  return {
    id: `chatcmpl-scripted-${id}`,
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model: body.model,
    choices: replies.map((content, index) => ({
      index,
      message: { role: 'assistant', content },
      finish_reason: 'stop',
    })),
    usage: {
      prompt_tokens: promptTokens,
      completion_tokens: completionTokens,
      total_tokens: promptTokens + completionTokens,
    },
  };
}

async function handle(req, res, server) {
  const path = (req.url ?? '').split('?')[0];
  if (req.method === 'GET' && path === '/v1/models')
    return sendJson(res, 200, {
      object: 'list',
      data: [{ id: 'scripted', object: 'model', owned_by: 'styler-bench' }],
    });
  if (req.method !== 'POST' || path !== '/v1/chat/completions')
    return sendError(res, 404, `Unknown request URL: ${req.method} ${req.url}.`);
  const body = await readJson(req);
  if (!isChatBody(body))
    return sendError(res, 400, 'The body must be JSON with a model and a non-empty messages array.');
  if (body.stream === true) return sendError(res, 400, 'The scripted server does not stream.');
  if (body.n !== undefined && (!Number.isInteger(body.n) || body.n < 1 || body.n > 128))
    return sendError(res, 400, 'n must be an integer from 1 to 128.');
  server.requests += 1;
  sendJson(res, 200, completionOf(body, server.requests));
}

/**
 * Starts the scripted server on 127.0.0.1 and a free port. Returns its base URL (with /v1), a
 * count of the completions it answered (`requests`) and `close()`.
 */
export async function startScriptedLLM() {
  const state = { requests: 0 };
  const server = createServer((req, res) => {
    handle(req, res, state).catch((error) => sendError(res, 500, `scripted server failure: ${String(error)}`));
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  return {
    url: `http://127.0.0.1:${server.address().port}/v1`,
    get requests() {
      return state.requests;
    },
    close: () =>
      new Promise((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}
