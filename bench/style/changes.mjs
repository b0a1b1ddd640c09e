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

/** The input sentences an output sentence came from: the closest, and the next one too when it was a join. */
export function sourcesOf(output, inputs) {
  const ranked = inputs
    .map((input, index) => ({ index, score: overlap(output, input) }))
    .sort((a, b) => b.score - a.score);
  const best = ranked[0];
  if (!best || best.score < 0.3) return [];
  const sources = [inputs[best.index]];
  const second = ranked[1];
  if (second && second.score >= 0.3 && wordsOf(output).length > 1.3 * wordsOf(sources[0]).length)
    sources.push(inputs[second.index]);
  // Sources in the order the input has them (a join's first part first).
  return sources.sort((a, b) => inputs.indexOf(a) - inputs.indexOf(b));
}

/** The changed sentences of one restyle: output sentences that are not input sentences verbatim. */
export function changedSentences(input, output) {
  const before = sentencesOf(input);
  const seen = new Set(before);
  return sentencesOf(output)
    .filter((sentence) => !seen.has(sentence))
    .map((sentence) => ({ output: sentence, sources: sourcesOf(sentence, before) }));
}

const models = new Map();
/** The style model of a development author, fit on its training files (cached). */
export function modelOf(author) {
  if (!models.has(author)) models.set(author, fitStyle(splitAuthor(author).train.map((file) => file.text)));
  return models.get(author);
}

/**
 * The restyles of a benchmark: `ai` — every AI input toward every author, or with `sample` = k each
 * input toward k authors in turn (input i toward authors i, i + 2, i + 4, … modulo their number);
 * `literary` — each author's held-out files toward the next author in order (with `sample`, the
 * first `sample` files of each author). `offset` moves the sample to other pairs: AI inputs toward
 * authors i + offset, …; literary files from offset × sample on, toward the author 1 + offset ahead.
 */
export function restyles(kind, { sample, offset = 0, from = 'heldOut', options = { matchOutputLength: true } } = {}) {
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
    const output = restyle(one.text, modelOf(one.author), options);
    return { ...one, output, changes: changedSentences(one.text, output) };
  });
}
