// The tables of the LLM benchmark through the service (llm-service.mjs): llm.mjs's measures per
// arm, and what the service's `styler` report said: which path answered, why the rule engine did.
import { MIN_GAP_DENOMINATOR } from './llm-measures.mjs';
import { answerSource, fixed, markdownTable, pct } from './llm-report.mjs';

/** The service's two ways of answering a rewrite, measured on the same pairs. */
export const SERVICE_ARMS = Object.freeze([
  { id: 'llm', label: 'rewrite, default (LLM pipeline, then the rule pass)' },
  { id: 'rules', label: 'rewrite, rewrite_engine "rules"' },
]);

function tally(values) {
  const counts = {};
  for (const value of values) counts[value] = (counts[value] ?? 0) + 1;
  const entries = Object.entries(counts);
  return entries.length === 0 ? 'none' : entries.map(([value, count]) => `${value} ${count}`).join(', ');
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length === 0 ? null : sorted[Math.floor((sorted.length - 1) / 2)];
}

function mainTable(result) {
  const header = [
    'arm',
    'pairs',
    '→ target',
    'mean Delta to target',
    'Delta gap closed (pooled)',
    'groups improved',
    'kept everything (keep-check)',
    'content kept (content.mjs)',
    'input returned',
    'words out / in',
    'LLM calls per pair',
    'LLM tokens per pair (prompt + completion)',
    'median seconds',
  ];
  const rows = SERVICE_ARMS.map((arm) => {
    const s = result.summaries[arm.id];
    const perPair = (field) => (s.pairs === 0 ? '–' : String(Math.round(s.cost[field] / s.pairs)));
    return [
      arm.label,
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
      `${perPair('promptTokens')} + ${perPair('completionTokens')}`,
      fixed(median(result.pairs.map((pair) => pair.arms[arm.id].seconds)), 1),
    ];
  });
  const first = result.summaries[SERVICE_ARMS[0].id];
  const reference = [
    `Inputs as they are: ${pct(first.inputToTarget)} attributed to the target (chance ${pct(first.chance)});`,
    `the target's own training files cut to the inputs' lengths: ${pct(first.ownCutToTarget)} (the ceiling).`,
    `Mean Delta to the target: input ${fixed(first.delta.input)}, own excerpts ${fixed(first.delta.ownCut)}.`,
    ...(first.gapClosed.pooled === null
      ? [`The gap closed is left out: its denominator is under ${MIN_GAP_DENOMINATOR}.`]
      : []),
  ].join(' ');
  return `${markdownTable(header, rows, 1)}\n\n${reference}`;
}

function pathLines(pairs) {
  const llm = pairs.map((pair) => pair.arms.llm);
  return [
    `Which path answered the default rewrite: ${tally(llm.map((run) => run.path))}.`,
    `Why the rule engine answered: ${tally(llm.filter((run) => run.fallback !== null).map((run) => run.fallback))}.`,
    `Winners: ${tally(llm.map((run) => run.report?.winner ?? 'no report'))}; revision: ` +
      `${tally(llm.map((run) => run.report?.revision?.status ?? 'none'))}.`,
  ].join('\n');
}

/** The header, the tables and the path counts, as Markdown. */
export function serviceReport(result) {
  const banner = result.scripted
    ? 'SCRIPTED SERVER, NOT AN LLM: its replies are copies and splices of texts; these numbers show the plumbing only.\n\n'
    : '';
  const header =
    `${banner}Through the service's rewrite endpoint; model ${result.baseModel} ${answerSource(result)}; ` +
    `${result.pairs.length} pairs (${result.failed.length} failed), seed ${result.settings.seed}, ` +
    `STYLER_REQUEST_TIMEOUT_MS ${result.settings.requestTimeoutMs}; ${result.seconds.toFixed(1)} s.`;
  if (result.pairs.length === 0) return header;
  return [header, mainTable(result), pathLines(result.pairs)].join('\n\n');
}
