// Resident memory of reading one .docx upload, per size of its word/document.xml: the service's
// path (mammoth in a worker thread with a bounded heap) against mammoth in the calling thread (the
// baseline), each in a fresh process so neither inherits the other's heap. Peak: the highest RSS
// while reading (the process's high-water mark), less the RSS before; retained: the RSS 15 s
// after, less the RSS before.
// Run: npm run build && node bench/service/docx-memory.mjs [--sizes 1,3,5.5]
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';

const { values } = parseArgs({ options: { sizes: { type: 'string', default: '1,3,5.5' }, child: { type: 'string' } } });
const MIB = 1024 * 1024;
const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** A .docx of plain paragraphs whose word/document.xml is about `mib` MiB. */
async function inflatingDocx(mib) {
  const { Document, Packer, Paragraph } = await import('docx');
  const line = 'The quick brown fox jumps over the lazy dog while the cat sleeps on the mat.';
  // About 300 bytes of XML per paragraph as the docx library writes it; measured below, not assumed.
  const paragraphs = Array.from({ length: Math.ceil((mib * MIB) / 300) }, () => new Paragraph(line));
  return Packer.toBuffer(new Document({ sections: [{ children: paragraphs }] }));
}

async function measure(mode, path) {
  const bytes = readFileSync(path);
  const { default: JSZip } = await import('jszip');
  const xmlBytes = (await (await JSZip.loadAsync(bytes)).file('word/document.xml').async('uint8array')).length;
  const extract = await import(`${ROOT}packages/service/dist/uploads/docx-text.js`);
  const mammoth = (await import('mammoth')).default;
  const rss = () => process.memoryUsage().rss;
  globalThis.gc();
  const before = rss();
  let chars;
  if (mode === 'worker') chars = (await extract.extractDocxText(bytes)).length;
  else chars = (await mammoth.convertToHtml({ buffer: bytes })).value.length;
  // The process's high-water mark: a sampler on this thread would miss mammoth's synchronous parse.
  const peak = process.resourceUsage().maxRSS * 1024;
  await new Promise((resolve) => setTimeout(resolve, 15_000));
  globalThis.gc();
  return { mode, xmlMiB: xmlBytes / MIB, chars, peakMiB: (peak - before) / MIB, retainedMiB: (rss() - before) / MIB };
}

if (values.child) {
  const [mode, path] = values.child.split(':');
  process.stdout.write(JSON.stringify(await measure(mode, path)));
} else {
  console.log('| document.xml (MiB) | mode | peak RSS rise (MiB) | retained after 15 s (MiB) |');
  console.log('| ---: | --- | ---: | ---: |');
  const dir = mkdtempSync(join(tmpdir(), 'styler-docx-bench-'));
  for (const mib of values.sizes.split(',').map(Number)) {
    // Written here, so the measuring process's high-water mark holds only the reading.
    const path = join(dir, `${mib}.docx`);
    writeFileSync(path, await inflatingDocx(mib));
    for (const mode of ['in-thread', 'worker']) {
      const args = ['--expose-gc', fileURLToPath(import.meta.url), '--child', `${mode}:${path}`];
      const out = execFileSync(process.execPath, args, { encoding: 'utf8' });
      const r = JSON.parse(out);
      console.log(`| ${r.xmlMiB.toFixed(1)} | ${r.mode} | ${r.peakMiB.toFixed(0)} | ${r.retainedMiB.toFixed(0)} |`);
    }
  }
  rmSync(dir, { recursive: true, force: true });
}
