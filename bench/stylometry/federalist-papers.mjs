// The Federalist papers from Project Gutenberg eBook #1404 (the edition the shared corpora's
// federalist-hamilton excerpts come from), split into the 85 papers with the authorship scholars
// agree on (Mosteller & Wallace 1964): Hamilton's 51, Madison's 14 undisputed (10, 14, 37–48),
// the 12 disputed (49–58, 62, 63), the 3 joint (18–20) and Jay's 5 (2–5, 64). The edition itself
// heads the disputed papers "MADISON"; the labels here are the scholars', not the edition's.
import { readFileSync } from 'node:fs';

export const DISPUTED = [49, 50, 51, 52, 53, 54, 55, 56, 57, 58, 62, 63];
export const JOINT = [18, 19, 20];
export const MADISON = [10, 14, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46, 47, 48];
export const JAY = [2, 3, 4, 5, 64];

function authorOf(number, heading) {
  if (DISPUTED.includes(number)) return 'disputed';
  if (JOINT.includes(number)) return 'joint';
  if (MADISON.includes(number)) return 'madison';
  if (JAY.includes(number)) return 'jay';
  if (heading !== 'HAMILTON') throw new Error(`paper ${number}: the edition says ${heading}, expected HAMILTON`);
  return 'hamilton';
}

/**
 * The papers of 1404.txt: { number, author, text }, the text from after "To the People of the State
 * of New York:" to before "PUBLIUS" (the footnotes follow it), or the next paper.
 */
export function readFederalist(path) {
  const lines = readFileSync(path, 'utf8').replace(/\r/g, '').split('\n');
  const starts = [];
  lines.forEach((line, i) => {
    const match = /^FEDERALIST No\. (\d+)$/.exec(line);
    if (match) starts.push({ number: Number(match[1]), line: i });
  });
  if (starts.length !== 85) throw new Error(`expected 85 papers in ${path}, found ${starts.length}`);
  return starts.map(({ number, line }, k) => {
    const end = k + 1 < starts.length ? starts[k + 1].line : lines.length;
    const body = lines.slice(line + 1, end);
    const heading = body.find((l) => /^(HAMILTON|MADISON|JAY)\b/.test(l)) ?? '';
    const open = body.findIndex((l) => l.startsWith('To the People of the State of New York'));
    let close = body.findIndex((l, i) => i > open && /^PUBLIUS\.?$/.test(l.trim()));
    if (close < 0) close = body.findIndex((l, i) => i > open && l.startsWith('End of the Project Gutenberg'));
    if (close < 0) close = body.length;
    return { number, author: authorOf(number, heading.trim()), text: body.slice(open + 1, close).join('\n') };
  });
}
