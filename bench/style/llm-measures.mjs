// What the LLM benchmark (llm.mjs) measures of each output, and its summaries per arm, with the
// helpers of the other style benches: Burrows' Delta attribution among every author of the corpora
// from their held-out files (held-out-delta.mjs, as attribution.mjs), the gap to the target's own
// excerpts of the input's length, the nine quality groups (as quality.mjs), what the engine's
// keep-check (chooseDraft's) says was kept, and the content check of content.mjs beside it.
import { countWordForms, qualityAnalytics } from '../../packages/analytics/dist/index.js';
import { checkKept } from '../../packages/engine/dist/index.js';
import { KEEP_KINDS } from '../../packages/engine/dist/style/candidates/index.js';
import { groupImprovements } from '../../packages/engine/dist/style/optimizer/verify.js';
import { contentKept } from './content.mjs';
import { splitAuthor } from './corpora.mjs';
import { attributorFromCounts, cutToLength, wordFormCount } from './held-out-delta.mjs';

function mean(values) {
  const finite = values.filter(Number.isFinite);
  return finite.length === 0 ? null : finite.reduce((a, b) => a + b, 0) / finite.length;
}

function share(items, test) {
  return items.length === 0 ? null : items.filter(test).length / items.length;
}

/**
 * The judge of outputs among `authors`: a Delta attributor from their held-out files (22–30), the
 * targets' training files (01–21, what the style models are fit on) for the own-excerpt reference.
 */
export function outputJudge(authors) {
  const split = Object.fromEntries(authors.map((name) => [name, splitAuthor(name)]));
  const attributor = attributorFromCounts(
    Object.fromEntries(authors.map((name) => [name, split[name].heldOut.map((f) => countWordForms(f.text))])),
  );
  const ownCuts = new Map();

  /** Mean Delta to the target of its training files cut at sentence ends to `length` word forms, and the share attributed to it. */
  function ownCutReference(target, length) {
    const key = `${target}|${length}`;
    if (!ownCuts.has(key)) {
      const judged = cutToLength(
        split[target].train.map((f) => f.text),
        length,
      ).map((counts) => attributor.attribute(counts));
      ownCuts.set(key, {
        delta: mean(judged.map((one) => one.deltas[target])),
        attributed: share(judged, (one) => one.author === target),
      });
    }
    return ownCuts.get(key);
  }

  return {
    authors: attributor.candidates,
    /** Where the input starts: its attribution and Delta to the target, and the own-excerpt reference. */
    judgeInput(target, input) {
      const counts = countWordForms(input);
      const judged = attributor.attribute(counts);
      const length = wordFormCount(counts);
      return {
        words: length,
        author: judged.author,
        deltaToTarget: judged.deltas[target],
        ownCut: ownCutReference(target, length),
      };
    },
    /** Who the judge says wrote `text`, and its Delta to `target`. */
    attribute(target, text) {
      const judged = attributor.attribute(countWordForms(text));
      return { author: judged.author, deltaToTarget: judged.deltas[target] };
    },
    /** Everything measured of one output toward `target` (model `model`), against the input. */
    judgeOutput(target, model, input, output) {
      const counts = countWordForms(output);
      const judged = attributor.attribute(counts);
      const quality = qualityAnalytics({ personalized: output, unpersonalized: input, groundTruth: model.groundTruth });
      const keep = checkKept(input, output);
      return {
        words: wordFormCount(counts),
        author: judged.author,
        deltaToTarget: judged.deltas[target],
        groups: groupImprovements(quality),
        kept: keep.kept,
        losses: keep.losses,
        content: contentKept(input, output),
        inputReturned: output.trim() === input.trim(),
      };
    },
  };
}

/** (Δ_in − Δ_out) / (Δ_in − Δ_own cut), or null when the input is already as near as the reference. */
function gapClosed(record) {
  const before = record.input.deltaToTarget;
  const own = record.input.ownCut.delta;
  return before > own ? (before - record.output.deltaToTarget) / (before - own) : null;
}

function groupSummary(records) {
  const groups = Object.keys(records[0]?.output.groups ?? {});
  const perGroup = Object.fromEntries(
    groups.map((group) => {
      const values = records.map((r) => r.output.groups[group]).filter(Number.isFinite);
      return [group, { improvedShare: share(values, (v) => v > 0), meanImprovement: mean(values) }];
    }),
  );
  const triples = records.flatMap((r) => Object.values(r.output.groups)).filter(Number.isFinite);
  return { perGroup, improvedTriples: share(triples, (v) => v > 0) };
}

function lossesByKind(records) {
  const counts = Object.fromEntries(KEEP_KINDS.map((kind) => [kind, 0]));
  for (const record of records) for (const loss of record.output.losses) counts[loss.kind] += 1;
  return counts;
}

function costSummary(records) {
  const total = (field) => records.reduce((sum, r) => sum + r.usage[field], 0);
  const calls = records.reduce((sum, r) => sum + r.calls, 0);
  return {
    calls,
    callsPerPair: records.length === 0 ? null : calls / records.length,
    promptTokens: total('promptTokens'),
    completionTokens: total('completionTokens'),
    totalTokens: total('totalTokens'),
  };
}

/**
 * Below this distance between the inputs' mean Delta to their targets and the targets' own
 * excerpts', the gap closed is not reported: at a few hundred words the two differ by a few
 * hundredths, and a ratio over that swings by hundreds of percent with one pair (issue 32).
 */
export const MIN_GAP_DENOMINATOR = 0.2;

/**
 * The numbers of one arm and variant over its records (one per pair). The gap closed is pooled
 * (from the mean Deltas, as attribution.mjs reports it) and, less stable where an input starts near
 * its own-excerpt Delta, the mean of the pairs' ratios; both null when the pooled denominator is
 * under MIN_GAP_DENOMINATOR.
 */
export function summarize(records) {
  const ratios = records.map(gapClosed).filter((ratio) => ratio !== null);
  const before = mean(records.map((r) => r.input.deltaToTarget));
  const after = mean(records.map((r) => r.output.deltaToTarget));
  const own = mean(records.map((r) => r.input.ownCut.delta));
  const items = records.reduce((sum, r) => sum + r.output.content.total, 0);
  return {
    pairs: records.length,
    inputToTarget: share(records, (r) => r.input.author === r.target),
    toTarget: share(records, (r) => r.output.author === r.target),
    ownCutToTarget: mean(records.map((r) => r.input.ownCut.attributed)),
    chance: records.length === 0 ? null : 1 / records[0].candidates,
    delta: { input: before, output: after, ownCut: own },
    gapClosed:
      before === null || before - own < MIN_GAP_DENOMINATOR
        ? { pooled: null, mean: null }
        : { pooled: (before - after) / (before - own), mean: mean(ratios) },
    groups: groupSummary(records),
    keptEverything: share(records, (r) => r.output.kept),
    lossesByKind: lossesByKind(records),
    contentKept: items === 0 ? null : records.reduce((sum, r) => sum + r.output.content.kept, 0) / items,
    contentItems: items,
    inputReturned: share(records, (r) => r.output.inputReturned),
    outputToInputWords: mean(records.map((r) => r.output.words / r.input.words)),
    cost: costSummary(records),
  };
}
