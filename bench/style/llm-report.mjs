// Tables and the reading sample of the LLM benchmark (llm.mjs).
import { KEEP_KINDS } from '../../packages/engine/dist/style/candidates/index.js';
import { MIN_GAP_DENOMINATOR } from './llm-measures.mjs';
import { ARMS } from './llm-arms.mjs';
import { sentencesOf } from './keep-policy.mjs';

/** The two ways an arm's text is reported: the LLM's text, and the engine's rule-based pass over it. */
export const VARIANTS = Object.freeze([
  { id: 'llm', label: 'LLM only' },
  { id: 'rules', label: 'LLM + rule-based pass' },
]);

export const pct = (x) => (x === null || x === undefined ? '–' : `${(100 * x).toFixed(1)} %`);
export const fixed = (x, digits = 3) => (x === null || x === undefined ? '–' : x.toFixed(digits));

/** A table as Markdown: the first `leftColumns` columns left-aligned, the rest right-aligned. */
export function markdownTable(header, rows, leftColumns = 2) {
  const line = (cells) => `| ${cells.join(' | ')} |`;
  const rule = header.map((_, i) => (i < leftColumns ? '---' : '---:'));
  return [line(header), line(rule), ...rows.map(line)].join('\n');
}

function eachArmAndVariant(summaries, row) {
  return ARMS.flatMap((arm) => VARIANTS.map((variant) => row(arm, variant, summaries[arm.id][variant.id])));
}

function mainTable(summaries) {
  const first = summaries[ARMS[0].id][VARIANTS[0].id];
  const header = [
    'arm',
    'rule-based pass',
    'pairs',
    '→ target',
    'mean Delta to target',
    'Delta gap closed (pooled)',
    'groups improved',
    'kept everything (keep-check)',
    'content kept (content.mjs)',
    'input returned',
    'words out / in',
    'calls per pair',
    'tokens per pair (prompt + completion)',
  ];
  const perPair = (s, field) => (s.pairs === 0 ? '–' : String(Math.round(s.cost[field] / s.pairs)));
  const rows = eachArmAndVariant(summaries, (arm, variant, s) => [
    arm.label,
    variant.id === 'rules' ? 'yes' : 'no',
    String(s.pairs),
    pct(s.toTarget),
    fixed(s.delta.output),
    pct(s.gapClosed.pooled),
    pct(s.groups.improvedTriples),
    pct(s.keptEverything),
    `${pct(s.contentKept)} of ${s.contentItems}`,
    pct(s.inputReturned),
    fixed(s.outputToInputWords, 2),
    fixed(s.cost.callsPerPair, 2),
    `${perPair(s, 'promptTokens')} + ${perPair(s, 'completionTokens')}`,
  ]);
  const reference = [
    `Inputs as they are: ${pct(first.inputToTarget)} attributed to the target (chance ${pct(first.chance)});`,
    `the target's own training files cut to the inputs' lengths: ${pct(first.ownCutToTarget)} (the ceiling).`,
    `Mean Delta to the target: input ${fixed(first.delta.input)}, own excerpts ${fixed(first.delta.ownCut)}.`,
    ...(first.gapClosed.pooled === null
      ? [
          `The Delta gap closed is left out ("–"): its denominator, ${fixed(first.delta.input - first.delta.ownCut)},`,
          `is under ${MIN_GAP_DENOMINATOR}, too small at this length for the ratio to mean anything; read attribution and mean Delta.`,
        ]
      : []),
  ].join(' ');
  return `${markdownTable(header, rows)}\n\n${reference}`;
}

function groupsTable(summaries) {
  const groups = Object.keys(summaries[ARMS[0].id][VARIANTS[0].id].groups.perGroup);
  const header = ['arm', 'rule-based pass', ...groups];
  const rows = eachArmAndVariant(summaries, (arm, variant, s) => [
    arm.label,
    variant.id === 'rules' ? 'yes' : 'no',
    ...groups.map((group) => {
      const g = s.groups.perGroup[group];
      return `${pct(g.improvedShare)} (${fixed(g.meanImprovement)})`;
    }),
  ]);
  return `Per group: share of pairs improved toward the author (mean improvement).\n\n${markdownTable(header, rows)}`;
}

function lossesTable(summaries) {
  const header = ['arm', 'rule-based pass', ...KEEP_KINDS];
  const rows = eachArmAndVariant(summaries, (arm, variant, s) => [
    arm.label,
    variant.id === 'rules' ? 'yes' : 'no',
    ...KEEP_KINDS.map((kind) => String(s.lossesByKind[kind])),
  ]);
  return `What the outputs lost of their inputs (keep-check losses, summed over pairs).\n\n${markdownTable(header, rows)}`;
}

function tally(values) {
  const counts = {};
  for (const value of values) counts[value] = (counts[value] ?? 0) + 1;
  return Object.entries(counts)
    .map(([value, count]) => `${value} ${count}`)
    .join(', ');
}

/**
 * How the judge splits each request's drafts (the choice arm's, as repaired): all to the target,
 * none to it, or some; only a split request lets a choice among the drafts change the attribution.
 */
function draftAgreement(pairs) {
  const counts = { all: 0, none: 0, split: 0 };
  for (const pair of pairs) {
    const authors = pair.arms.choice.draftAuthors ?? [];
    if (authors.length === 0) continue;
    const toTarget = authors.filter((author) => author === pair.target).length;
    counts[toTarget === authors.length ? 'all' : toTarget === 0 ? 'none' : 'split'] += 1;
  }
  return (
    `Drafts of one request by the judge: all to the target in ${counts.all} pairs, none in ${counts.none}, ` +
    `split in ${counts.split} (only there can the choice change the attribution).`
  );
}

function choiceLines(pairs) {
  const details = (arm) => pairs.map((pair) => pair.arms[arm].detail);
  const keptDrafts = (arm) => details(arm).flatMap((d) => d.drafts.map((draft) => draft.kept));
  return [
    `Winners, brief + choice of n: ${tally(details('choice').map((d) => d.winner))}.`,
    draftAgreement(pairs),
    `Drafts that kept everything: ${pct(keptDrafts('choice').filter(Boolean).length / keptDrafts('choice').length)}.`,
    `Revision round: ${tally(details('revision').map((d) => d.revision?.status ?? 'none'))}.`,
  ].join('\n');
}

/**
 * The pipeline arms sentence by sentence, without the rule-based pass: of the reply behind the
 * returned text (the first draft's when the input came back), the share of its sentences standing
 * verbatim in the output; the sentences put back from the input (repairs), by reason; how often the
 * input came back; and the output against the first draft that kept everything once repaired (what
 * one draft under the keep policy returns on the same request): attribution to the target of each,
 * over the pairs that have one, and the pairs where the pipeline's Delta to the target is lower or
 * equal.
 */
function pipelineTable(pairs) {
  const header = [
    'arm',
    'draft sentences reaching the output',
    'sentences repaired (pairs with any)',
    'repairs by reason',
    'input returned',
    'first kept draft → target',
    'pipeline → target (same pairs)',
    'pipeline Delta ≤ first kept draft',
  ];
  const rows = ARMS.filter((arm) => arm.id === 'choice' || arm.id === 'revision').map((arm) => {
    let sentences = 0;
    let reaching = 0;
    let repaired = 0;
    let pairsRepaired = 0;
    const reasons = [];
    let withFirst = 0;
    let firstToTarget = 0;
    let pipelineToTarget = 0;
    let notWorse = 0;
    for (const pair of pairs) {
      const run = pair.arms[arm.id];
      const { detail } = run;
      const output = run.llm.text;
      const reply = detail.returnedReply ?? detail.firstReply ?? '';
      const own = sentencesOf(reply);
      sentences += own.length;
      if (detail.winner !== 'input') reaching += own.filter((sentence) => output.includes(sentence)).length;
      repaired += detail.repairs.length;
      if (detail.repairs.length > 0) pairsRepaired += 1;
      for (const repair of detail.repairs) reasons.push(...repair.reasons);
      if (run.firstKept !== undefined) {
        withFirst += 1;
        if (run.firstKept.author === pair.target) firstToTarget += 1;
        if (run.llm.measures.author === pair.target) pipelineToTarget += 1;
        if (run.llm.measures.deltaToTarget <= run.firstKept.deltaToTarget + 1e-12) notWorse += 1;
      }
    }
    const of = (part, whole) => (whole === 0 ? '–' : `${pct(part / whole)} (${part} of ${whole})`);
    return [
      arm.label,
      of(reaching, sentences),
      `${repaired} (${pairsRepaired} of ${pairs.length})`,
      tally(reasons) || 'none',
      of(pairs.filter((pair) => pair.arms[arm.id].detail.winner === 'input').length, pairs.length),
      of(firstToTarget, withFirst),
      of(pipelineToTarget, withFirst),
      of(notWorse, withFirst),
    ];
  });
  return `The pipeline sentence by sentence (LLM only).\n\n${markdownTable(header, rows)}`;
}

/** Where a run's answers came from: the endpoint's URL, or the batch files and the model they name. */
export function answerSource(result) {
  if (result.batch === undefined) return `at ${result.baseUrl}`;
  if (result.batch.in.length === 0) return 'with no batch answers yet';
  const models = result.batch.models.length === 0 ? 'none' : result.batch.models.join(', ');
  return `answered from the batch files ${result.batch.in.join(', ')} (the model the answers name: ${models})`;
}

/** The benchmark's tables as Markdown. */
export function reportText(result) {
  const cost =
    'Calls and tokens are what each arm costs on its own; the revision arm reused the choice arm’s drafts ' +
    `(the same requests, answered once), so the endpoint got ${result.endpointCalls} requests in all.`;
  return [
    mainTable(result.summaries),
    cost,
    groupsTable(result.summaries),
    lossesTable(result.summaries),
    pipelineTable(result.pairs),
    choiceLines(result.pairs),
  ].join('\n\n');
}

function fenced(text) {
  return `~~~~text\n${text.trim()}\n~~~~`;
}

function scoreLine(output, target) {
  const losses = output.losses.map((loss) => `${loss.kind} ${loss.change}: ${loss.text}`).join('; ');
  return (
    `attributed to ${output.author}${output.author === target ? ' (the target)' : ''}; ` +
    `Delta to the target ${fixed(output.deltaToTarget)}; ` +
    (output.kept ? 'kept everything' : `lost ${losses}`)
  );
}

function readingPair(pair) {
  const lines = [
    `## ${pair.input.id} → ${pair.target}`,
    '',
    `Input: attributed to ${pair.judgedInput.author}; Delta to the target ${fixed(pair.judgedInput.deltaToTarget)} ` +
      `(own excerpts of its length: ${fixed(pair.judgedInput.ownCut.delta)}).`,
    '',
    fenced(pair.input.text),
  ];
  for (const arm of ARMS) {
    const run = pair.arms[arm.id];
    for (const variant of VARIANTS) {
      const output = run[variant.id];
      lines.push('', `### ${arm.label} — ${variant.label}`, '', scoreLine(output.measures, pair.target));
      if (variant.id === 'llm' && run.detail.winner !== undefined) lines.push(`Winner: ${run.detail.winner}.`);
      if (variant.id === 'llm' && run.detail.repairs?.length > 0) {
        lines.push('', 'Sentences put back from the input:');
        for (const repair of run.detail.repairs)
          lines.push(`- ${repair.reasons.join(', ')}: "${repair.draft}" → "${repair.input}"`);
      }
      if (variant.id === 'llm' && run.detail.revision?.feedback)
        lines.push('', 'Revision feedback sent:', '', fenced(run.detail.revision.feedback));
      lines.push('', fenced(output.text));
    }
  }
  return lines.join('\n');
}

/** The reading sample: for the first `count` pairs, the input and every arm's outputs with their scores. */
export function readingSample(result, count) {
  const heading = [
    '# LLM path: reading sample',
    '',
    result.scripted
      ? `**Scripted server, not an LLM.** ${result.note}`
      : `Model ${result.baseModel} ${answerSource(result)}, temperature ${result.settings.temperature}, n ${result.settings.n}.`,
  ];
  return `${[...heading, ...result.pairs.slice(0, count).map((pair) => `\n${readingPair(pair)}`)].join('\n')}\n`;
}
