// Confusion matrices, per-class precision/recall/F1 and markdown tables for the gold benchmarks.

/** Confusion counts: matrix[gold][predicted], over a fixed list of classes. */
export function confusion(golds, predictions, classes) {
  const matrix = Object.fromEntries(classes.map((g) => [g, Object.fromEntries(classes.map((p) => [p, 0]))]));
  for (let i = 0; i < golds.length; i += 1) {
    const row = matrix[golds[i]];
    if (row !== undefined && row[predictions[i]] !== undefined) row[predictions[i]] += 1;
  }
  return matrix;
}

/** Share of items whose prediction equals the gold label (0 for no items). */
export function accuracy(golds, predictions) {
  if (golds.length === 0) return 0;
  let correct = 0;
  for (let i = 0; i < golds.length; i += 1) if (golds[i] === predictions[i]) correct += 1;
  return correct / golds.length;
}

/** Precision, recall and F1 of one class from a confusion matrix; 0 where undefined. */
export function classScores(matrix, classes, label) {
  const tp = matrix[label][label];
  let fp = 0;
  let fn = 0;
  for (const other of classes) {
    if (other === label) continue;
    fp += matrix[other][label];
    fn += matrix[label][other];
  }
  const precision = tp + fp === 0 ? 0 : tp / (tp + fp);
  const recall = tp + fn === 0 ? 0 : tp / (tp + fn);
  const f1 = precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall);
  return { precision, recall, f1, support: tp + fn };
}

export const fmt = (x, digits = 3) => x.toFixed(digits);
export const pct = (x) => `${(100 * x).toFixed(1)} %`;

/** A markdown table from a header row and body rows (arrays of cells). */
export function table(header, rows) {
  const line = (cells) => `| ${cells.join(' | ')} |`;
  return [line(header), line(header.map(() => '---')), ...rows.map(line)].join('\n');
}

/** Markdown confusion matrix (rows gold, columns predicted). */
export function confusionTable(matrix, classes) {
  return table(
    ['gold \\ predicted', ...classes],
    classes.map((g) => [g, ...classes.map((p) => String(matrix[g][p]))]),
  );
}

/** Markdown per-class table for one or more systems: precision / recall / F1 per class. */
export function perClassTable(systems, classes) {
  const header = ['class', 'support'];
  for (const system of systems) header.push(`${system.name} P`, `${system.name} R`, `${system.name} F1`);
  const rows = classes.map((label) => {
    const cells = [label, String(classScores(systems[0].matrix, classes, label).support)];
    for (const system of systems) {
      const s = classScores(system.matrix, classes, label);
      cells.push(fmt(s.precision), fmt(s.recall), fmt(s.f1));
    }
    return cells;
  });
  return table(header, rows);
}
