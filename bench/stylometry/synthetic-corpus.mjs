// Synthetic corpora for the scale benchmark: documents of exactly WORDS words made of one author's
// paragraphs (every folder of the corpora, ai-inputs among them in the development corpora:
// STYLER_CORPORA, else ../shared/corpora beside the repository, else samples/corpus) drawn with a
// fixed seed, so the same command makes the same corpus on any machine. One document in twenty goes
// to unknown/ (its author kept in truth.json). Written as author folders, as `styler corpus` reads them.
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { seededRandom } from '../../packages/research/dist/stylometry/index.js';
import { defaultCorporaDir } from '../support/corpora-dir.mjs';

const CORPORA = defaultCorporaDir();

/** Each author's paragraphs (blank-line separated). */
function paragraphsByAuthor() {
  const authors = readdirSync(CORPORA, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
  return authors.map((author) => ({
    author,
    paragraphs: readdirSync(join(CORPORA, author))
      .filter((file) => file.endsWith('.txt'))
      .sort()
      .flatMap((file) => readFileSync(join(CORPORA, author, file), 'utf8').split(/\n\s*\n/))
      .map((paragraph) => paragraph.trim().split(/\s+/))
      .filter((words) => words.length > 0 && words[0] !== ''),
  }));
}

/**
 * The corpus of `documents` documents in `root` (made once; a folder already there is reused).
 * Returns the author folders, the unknown folder and the truth of the unknown documents.
 */
export function syntheticCorpus(root, documents, { words = 1000, seed = 1 } = {}) {
  const pools = paragraphsByAuthor();
  const folders = pools.map(({ author }) => join(root, author));
  const unknown = join(root, 'unknown');
  const truthPath = join(root, 'truth.json');
  if (existsSync(truthPath)) return { folders, unknown, truth: JSON.parse(readFileSync(truthPath, 'utf8')) };
  for (const folder of [...folders, unknown]) mkdirSync(folder, { recursive: true });
  const random = seededRandom(seed);
  const truth = {};
  const digits = String(documents).length;
  for (let i = 0; i < documents; i += 1) {
    const { author, paragraphs } = pools[i % pools.length];
    const lines = [];
    let count = 0;
    while (count < words) {
      const paragraph = paragraphs[Math.floor(random() * paragraphs.length)];
      const taken = paragraph.slice(0, words - count);
      lines.push(taken.join(' '));
      count += taken.length;
    }
    const name = `${author}-${String(i).padStart(digits, '0')}.txt`;
    const isUnknown = i % 20 === 19;
    if (isUnknown) truth[name] = author;
    writeFileSync(join(isUnknown ? unknown : join(root, author), name), `${lines.join('\n\n')}\n`);
  }
  writeFileSync(truthPath, JSON.stringify(truth));
  return { folders, unknown, truth };
}
