// Turns replies written by hand (or by a stand-in model) into OpenAI Batch output lines for
// `bench/style/llm.mjs --batch-in`: for each request line of a Batch input file, the replies in
// ANSWERS/<custom_id>.<k>.txt (k = 0 … n − 1) become one line whose response body is a
// chat.completion with those choices. Usage is counted as whitespace-separated words (no tokenizer
// is claimed). Requests without every reply are listed and left out.
//
// Run: node bench/support/batch-answers.mjs --requests round1.jsonl --answers DIR --model NAME --out out1.jsonl
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { BatchFileError, readJsonLines } from '../style/llm-batch.mjs';

const words = (text) => text.split(/\s+/).filter(Boolean).length;

/** The Batch output line answering `request` with `replies`, as `model`. */
export function batchOutputLine(request, replies, model, index) {
  const prompt = request.body.messages.reduce((sum, message) => sum + words(message.content), 0);
  const completion = replies.reduce((sum, reply) => sum + words(reply), 0);
  return {
    id: `batch_req_${index}`,
    custom_id: request.custom_id,
    response: {
      status_code: 200,
      request_id: `req_${index}`,
      body: {
        id: `chatcmpl-${index}`,
        object: 'chat.completion',
        created: Math.floor(Date.now() / 1000),
        model,
        choices: replies.map((content, choice) => ({
          index: choice,
          message: { role: 'assistant', content },
          finish_reason: 'stop',
        })),
        usage: { prompt_tokens: prompt, completion_tokens: completion, total_tokens: prompt + completion },
      },
    },
    error: null,
  };
}

function main() {
  const { values } = parseArgs({
    options: {
      requests: { type: 'string' },
      answers: { type: 'string' },
      model: { type: 'string' },
      out: { type: 'string' },
    },
  });
  if (!values.requests || !values.answers || !values.model || !values.out) {
    throw new TypeError('usage: --requests FILE --answers DIR --model NAME --out FILE');
  }
  const requests = readJsonLines(values.requests);
  const lines = [];
  const missing = [];
  requests.forEach((request, index) => {
    const n = request.body.n ?? 1;
    const files = Array.from({ length: n }, (_, k) => join(values.answers, `${request.custom_id}.${k}.txt`));
    if (!files.every((file) => existsSync(file))) {
      missing.push(request.custom_id);
      return;
    }
    const replies = files.map((file) => readFileSync(file, 'utf8').trim());
    lines.push(JSON.stringify(batchOutputLine(request, replies, values.model, index)));
  });
  writeFileSync(values.out, lines.length > 0 ? `${lines.join('\n')}\n` : '');
  console.log(`${lines.length} of ${requests.length} requests answered → ${values.out}`);
  for (const id of missing) console.log(`no reply yet: ${id}`);
}

try {
  main();
} catch (error) {
  console.error(error instanceof TypeError || error instanceof BatchFileError ? error.message : error);
  process.exitCode = 1;
}
