// Bench inputs built from the corpora (STYLER_CORPORA, else ../shared/corpora beside the project, else
// the repository's samples/corpus: corpora-dir.mjs).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { aiInputsDir, defaultCorporaDir } from './corpora-dir.mjs';

export const corporaDir = defaultCorporaDir();

export function authorFolders() {
  if (!existsSync(corporaDir)) throw new Error(`corpora not found at ${corporaDir}; set STYLER_CORPORA`);
  return readdirSync(corporaDir, { withFileTypes: true })
    .filter((e) => e.isDirectory() && e.name !== 'ai-inputs')
    .map((e) => e.name)
    .sort();
}

/** The texts of a folder's .txt files, sorted by name ('ai-inputs': the corpora's AI inputs). */
export function readFolder(name) {
  const dir = name === 'ai-inputs' ? aiInputsDir(corporaDir) : join(corporaDir, name);
  return readdirSync(dir)
    .filter((f) => f.endsWith('.txt'))
    .sort()
    .map((f) => readFileSync(join(dir, f), 'utf8'));
}

/** Cuts or extends (by cycling paragraphs of the pool) a text to about `words` words, on paragraph breaks. */
export function textOfWords(paragraphs, words, offset = 0) {
  const out = [];
  let count = 0;
  for (let i = 0; count < words; i += 1) {
    const paragraph = paragraphs[(offset + i) % paragraphs.length];
    const n = paragraph.split(/\s+/).filter(Boolean).length;
    if (count + n > words * 1.1 && out.length > 0) {
      const need = words - count;
      out.push(paragraph.split(/\s+/).slice(0, Math.max(need, 1)).join(' '));
      break;
    }
    out.push(paragraph);
    count += n;
  }
  return out.join('\n\n');
}

export function allParagraphs() {
  return authorFolders()
    .flatMap((a) => readFolder(a))
    .flatMap((t) => t.split(/\n\s*\n/))
    .filter((p) => p.trim());
}

/** Runs `fn` repeatedly for at least `minMs` and returns calls per second. */
export function throughput(fn, minMs = 1500) {
  fn();
  let calls = 0;
  const start = performance.now();
  let elapsed = 0;
  while (elapsed < minMs) {
    fn();
    calls += 1;
    elapsed = performance.now() - start;
  }
  return (calls * 1000) / elapsed;
}
