// The sentences the embedded engine changed, each beside the input sentence(s) it came from: what
// the grammar benchmark parses and the reading protocol judges. Two kinds of restyle:
// - "ai": development AI inputs restyled toward a development author (fit on files 01–21);
// - "literary": an author's held-out documents (files 22–30) restyled toward another author.
// STYLER_ENGINE_DIST=DIR reads another build of the engine (an earlier commit's packages/engine/dist),
// so that the same sample can be judged before and after a change.
import { pathToFileURL } from 'node:url';
import { resolve } from 'node:path';
import { authors, readFolder, splitAuthor } from './corpora.mjs';

const engineDist = pathToFileURL(
  `${resolve(process.env.STYLER_ENGINE_DIST ?? new URL('../../packages/engine/dist', import.meta.url).pathname)}/`,
);
const { fitStyle, restyle } = await import(new URL('index.js', engineDist).href);
/** The engine's fitStyle and restyle, from the build STYLER_ENGINE_DIST names (default: this checkout's). */
export { fitStyle, restyle };
const { buildDocument } = await import(new URL('style/optimizer/document.js', engineDist).href);
const { joinTokens } = await import(new URL('style/text/token.js', engineDist).href);
// The measuring rule is this checkout's, whichever build restyles: a before/after compares alike.
const ownDist = new URL('../../packages/engine/dist/', import.meta.url);
const { isRunningProse } = await import(new URL('style/text/running-prose.js', ownDist).href);
const { buildDocument: buildOwnDocument } = await import(new URL('style/optimizer/document.js', ownDist).href);
const { joinTokens: joinOwnTokens } = await import(new URL('style/text/token.js', ownDist).href);

/**
 * The running prose of a text, one sentence a line: the engine's own rule (text/running-prose.ts),
 * so that the habit benchmark measures what the direction gate steers. Headings, list items, labels,
 * greetings and header lines are layout.
 */
export function runningProseOf(text) {
  return buildOwnDocument(text)
    .blocks.flatMap((block) =>
      block.sentences
        .filter((sentence) => isRunningProse(block.kind, sentence.tokens))
        .map((sentence) => joinOwnTokens(sentence.tokens).trim()),
    )
    .join('\n');
}

/** The prose sentences of a text, as text. */
export function sentencesOf(text) {
  return buildDocument(text)
    .blocks.filter((block) => block.prose)
    .flatMap((block) => block.sentences.map((sentence) => joinTokens(sentence.tokens).trim()))
    .filter((sentence) => /\p{L}/u.test(sentence));
}

const wordsOf = (sentence) => sentence.toLowerCase().match(/[\p{L}\p{N}']+/gu) ?? [];

/** Dice overlap of two sentences' word multisets. */
function overlap(a, b) {
  const counts = new Map();
  for (const word of wordsOf(a)) counts.set(word, (counts.get(word) ?? 0) + 1);
  let shared = 0;
  for (const word of wordsOf(b)) {
    const left = counts.get(word) ?? 0;
    if (left > 0) {
      shared += 1;
      counts.set(word, left - 1);
    }
  }
  return (2 * shared) / (wordsOf(a).length + wordsOf(b).length || 1);
}

/** Below this overlap an output sentence and an input sentence are not one sentence edited. */
const MIN_OVERLAP = 0.3;

/**
 * Aligns output sentences with the input sentences they came from, in order (an edit never moves a
 * sentence): each step pairs one output with one input (an edit), one output with two neighbouring
 * inputs (a join), two neighbouring outputs with one input (a split), or leaves one out. The
 * alignment maximises the sum of (overlap − MIN_OVERLAP) over its pairs, so a pair below the
 * threshold is never made. Returns, per output sentence, the indices of its input sentences.
 */
export function alignSentences(outputs, inputs) {
  const n = outputs.length;
  const m = inputs.length;
  const gain = (out, source) => overlap(out, source) - MIN_OVERLAP;
  // best[i][j]: the best sum over outputs[0, i) and inputs[0, j); step[i][j]: how it was reached.
  const best = Array.from({ length: n + 1 }, () => new Array(m + 1).fill(-Infinity));
  const step = Array.from({ length: n + 1 }, () => new Array(m + 1).fill(undefined));
  best[0][0] = 0;
  const offer = (i, j, value, how) => {
    if (value > best[i][j]) {
      best[i][j] = value;
      step[i][j] = how;
    }
  };
  for (let i = 0; i <= n; i += 1) {
    for (let j = 0; j <= m; j += 1) {
      const here = best[i][j];
      if (here === -Infinity) continue;
      if (i < n) offer(i + 1, j, here, 'output');
      if (j < m) offer(i, j + 1, here, 'input');
      if (i < n && j < m) {
        const one = gain(outputs[i], inputs[j]);
        if (one > 0) offer(i + 1, j + 1, here + one, 'edit');
      }
      if (i < n && j + 1 < m) {
        const joined = gain(outputs[i], `${inputs[j]} ${inputs[j + 1]}`);
        if (joined > 0) offer(i + 1, j + 2, here + joined, 'join');
      }
      if (i + 1 < n && j < m) {
        const split = gain(`${outputs[i]} ${outputs[i + 1]}`, inputs[j]);
        if (split > 0) offer(i + 2, j + 1, here + split, 'split');
      }
    }
  }
  const sources = outputs.map(() => []);
  for (let i = n, j = m; i > 0 || j > 0;) {
    const how = step[i][j];
    if (how === 'output') i -= 1;
    else if (how === 'input') j -= 1;
    else if (how === 'edit') {
      sources[i - 1] = [j - 1];
      i -= 1;
      j -= 1;
    } else if (how === 'join') {
      sources[i - 1] = [j - 2, j - 1];
      i -= 1;
      j -= 2;
    } else {
      sources[i - 1] = [j - 1];
      sources[i - 2] = [j - 1];
      i -= 2;
      j -= 1;
    }
  }
  return sources;
}

/**
 * The changed sentences of one restyle: output sentences that are not input sentences verbatim, each
 * with the input sentence(s) it came from, found by an alignment in order (alignSentences): a
 * closest match anywhere in the text paired a sentence with a look-alike elsewhere.
 */
export function changedSentences(input, output) {
  const before = sentencesOf(input);
  const after = sentencesOf(output);
  const seen = new Set(before);
  const aligned = alignSentences(after, before);
  const changes = [];
  after.forEach((sentence, i) => {
    const sources = aligned[i].map((index) => before[index]);
    const last = changes.at(-1);
    // The sentences one source was split into are one passage: read apart, each half looks like a
    // sentence that lost the other's words.
    if (last !== undefined && last.end === i - 1 && sameSources(last.sources, sources) && sources.length > 0) {
      last.output = `${last.output} ${sentence}`;
      last.end = i;
    } else changes.push({ output: sentence, sources, end: i });
  });
  return changes.filter((change) => !seen.has(change.output)).map(({ output, sources }) => ({ output, sources }));
}

function sameSources(a, b) {
  return a.length === b.length && a.every((source, i) => source === b[i]);
}

const models = new Map();
/**
 * The style model of a development author, fit on its training files (cached); with `fitOn`
 * 'heldOut', fit on its held-out files instead (22–30): a model no rule was tuned with.
 */
export function modelOf(author, fitOn = 'train') {
  const key = `${author}\u0000${fitOn}`;
  if (!models.has(key)) models.set(key, fitStyle(splitAuthor(author)[fitOn].map((file) => file.text)));
  return models.get(key);
}

/**
 * The restyles of a benchmark: `ai` — every AI input toward every author, or with `sample` = k each
 * input toward k authors in turn (input i toward authors i, i + 2, i + 4, … modulo their number);
 * `literary` — each author's held-out files toward the next author in order (with `sample`, the
 * first `sample` files of each author). `fitOn`: the target models' files (modelOf). `offset` moves the sample to other pairs: AI inputs toward
 * authors i + offset, …; literary files from offset × sample on, toward the author 1 + offset ahead.
 */
export function restyles(
  kind,
  { sample, offset = 0, from = 'heldOut', fitOn = 'train', options = { matchOutputLength: true } } = {},
) {
  const names = authors();
  const out = [];
  if (kind === 'ai') {
    readFolder('ai-inputs').forEach((input, i) => {
      const targets = sample
        ? Array.from({ length: Math.min(sample, names.length) }, (_, k) => names[(i + offset + 2 * k) % names.length])
        : names;
      for (const author of targets) out.push({ kind, author, input: `ai-inputs/${input.file}`, text: input.text });
    });
  } else {
    names.forEach((source, i) => {
      const author = names[(i + 1 + offset) % names.length];
      // `from: 'train'` takes the source author's training files: unseen by every other author's model.
      const files = splitAuthor(source)[from];
      for (const file of sample ? files.slice(offset * sample, (offset + 1) * sample) : files)
        out.push({ kind, author, input: `${source}/${file.file}`, text: file.text });
    });
  }
  return out.map((one) => {
    const output = restyle(one.text, modelOf(one.author, fitOn), options);
    return { ...one, output, changes: changedSentences(one.text, output) };
  });
}
