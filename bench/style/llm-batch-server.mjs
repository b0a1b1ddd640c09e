// Batch answers served over HTTP: an OpenAI-compatible chat-completions server (node:http on
// 127.0.0.1, a free port) that answers each request from OpenAI Batch API output files, so that a
// service which calls an LLM over HTTP can be measured with answers written between batch rounds.
// A request is named as llm-batch.mjs names it (batchRequestLine: "req-" and the SHA-256 of its
// body without `stream`), so the same request in a later round finds its answer. A request without
// an answer is kept (once) as a Batch API input line in `pending` and answered 503, which the
// service takes as a provider failure; a failed answer line is answered 502 with its message.
import { createServer } from 'node:http';
import { batchRequestLine } from './llm-batch.mjs';

/** The OpenAI chat.completion body of a batch answer's parsed result. */
function completionBody(customId, result, model) {
  const choices = result.choices ?? [{ content: result.content, finishReason: result.finishReason }];
  return {
    id: `chatcmpl-${customId.slice(4, 20)}`,
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model,
    choices: choices.map((choice, index) => ({
      index,
      message: { role: 'assistant', content: choice.content },
      finish_reason: choice.finishReason,
    })),
    ...(result.usage && {
      usage: {
        prompt_tokens: result.usage.promptTokens,
        completion_tokens: result.usage.completionTokens,
        total_tokens: result.usage.totalTokens,
      },
    }),
  };
}

/** The ChatRequest a received body stands for (what the provider built it from). */
function chatRequestOf(body) {
  return {
    model: body.model,
    messages: body.messages,
    ...(body.temperature !== undefined && { temperature: body.temperature }),
    ...(body.max_tokens !== undefined && { maxTokens: body.max_tokens }),
    ...(body.max_completion_tokens !== undefined && { maxTokens: body.max_completion_tokens }),
    ...(body.n !== undefined && { n: body.n }),
  };
}

function send(res, status, body) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

async function readJson(req) {
  const chunks = [];
  for await (const chunk of req) chunks.push(chunk);
  return JSON.parse(Buffer.concat(chunks).toString('utf8'));
}

/**
 * Starts the server over `answers` (readBatchAnswers). Returns { url, pending, models, answered,
 * close() }: `pending` the input lines of unanswered requests by custom_id, `models` the model names
 * the used answers carry, `answered` the count of requests answered.
 */
export async function startBatchServer(answers) {
  const state = { pending: new Map(), models: new Set(), answered: 0 };
  const server = createServer((req, res) => {
    if (req.method !== 'POST' || !req.url?.endsWith('/chat/completions')) {
      return send(res, 404, { error: { message: `no route ${req.method} ${req.url}` } });
    }
    readJson(req)
      .then((body) => {
        if (body.stream === true) return send(res, 400, { error: { message: 'batch answers cannot be streamed' } });
        const line = batchRequestLine(chatRequestOf(body));
        const answer = answers.get(line.custom_id);
        if (answer === undefined) {
          state.pending.set(line.custom_id, line);
          return send(res, 503, { error: { message: `no batch answer yet for ${line.custom_id}` } });
        }
        if (answer.failure !== undefined) return send(res, 502, { error: { message: answer.failure.message } });
        if (answer.model !== undefined) state.models.add(answer.model);
        state.answered += 1;
        return send(res, 200, completionBody(line.custom_id, answer.result, answer.model ?? body.model));
      })
      .catch((error) => send(res, 400, { error: { message: `not a chat request: ${error.message}` } }));
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${server.address().port}/v1`,
    pending: state.pending,
    models: state.models,
    get answered() {
      return state.answered;
    },
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
