// Which verb group of the rules' reading stands for each clause the treebank counts: the training
// labels of the clause model. Groups and gold words meet by overlapping character spans.
import { spansOf } from './upos-alignment.mjs';

const normal = (text) => text.replaceAll('\u2019', "'");

/**
 * Tagger token index of every view position: the view splits a token in two ("I'm" → i + 'm,
 * "its" → it + 's) and otherwise keeps it, so the two sequences can be walked together.
 */
export function viewTokenIndex(view, tokens) {
  const index = [];
  let t = 0;
  for (let v = 0; v < view.length; v += 1) {
    index.push(t);
    if (view.lower[v] !== normal(tokens[t]?.lower ?? '') && v + 1 < view.length) {
      index.push(t);
      v += 1;
    }
    t += 1;
  }
  return t === tokens.length ? index : null;
}

/**
 * Label of each verb group of `rule` (0 none, 1 main, 2 dependent) from a gold sentence's clause
 * anchors (bench/accuracy/ud_clauses.py): a clause goes to the first group one of its anchors
 * overlaps; a group holding a main clause is main. Returns null when the view cannot be aligned.
 */
export function groupLabels(gold, tokens, rule) {
  const index = viewTokenIndex(rule.view, tokens);
  if (index === null) return null;
  const goldSpans = spansOf(gold.text, gold.tokens);
  const tokenSpans = spansOf(
    gold.text,
    tokens.map((token) => token.text),
  );
  const groupSpans = rule.readings.map(({ group }) => {
    const spans = [];
    for (let v = group.first; v <= group.last; v += 1) {
      const span = tokenSpans[index[v]];
      if (span) spans.push(span);
    }
    return spans;
  });
  const overlaps = (a, b) => a[0] < b[1] && b[0] < a[1];
  const labels = new Int32Array(rule.readings.length);
  let unanchored = 0;
  for (const [kind, anchors] of gold.clauses) {
    let group = -1;
    for (const anchor of anchors) {
      const span = goldSpans[anchor];
      if (!span) continue;
      group = groupSpans.findIndex((spans) => spans.some((s) => overlaps(s, span)));
      if (group >= 0) break;
    }
    if (group < 0) unanchored += 1;
    else if (kind === 'main') labels[group] = 1;
    else if (labels[group] === 0) labels[group] = 2;
  }
  return { labels, unanchored };
}
