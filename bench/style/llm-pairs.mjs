// The (target author, AI input) pairs of the LLM benchmarks (llm.mjs, llm-service.mjs): the same
// seed gives the same pairs in both, so their numbers are of the same requests.
import { seededRandom } from '../../packages/research/dist/stylometry/index.js';
import { readFolder } from './corpora.mjs';

/** `count` (target, AI input) pairs drawn without replacement, in a seeded order. */
export function samplePairs(targets, count, seed) {
  const inputs = readFolder('ai-inputs').map((f) => ({ id: `ai-inputs/${f.file}`, text: f.text }));
  const all = targets.flatMap((target) => inputs.map((input) => ({ target, input })));
  const random = seededRandom(seed);
  for (let i = all.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [all[i], all[j]] = [all[j], all[i]];
  }
  return all.slice(0, count);
}
