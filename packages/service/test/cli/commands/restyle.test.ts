/** `styler restyle` over a .docx: a Word document in, a Word document out, its structure kept. */
import { mkdtempSync, readFileSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Document, HeadingLevel, LevelFormat, Packer, Paragraph, TextRun } from 'docx';
import { describe, expect, it, onTestFinished } from 'vitest';
import yauzl from 'yauzl';
import { fitStyle } from '@styler-dev/engine';
import { memoryIo as io } from '../../../../../test-support/memory-io.js';
import { main } from '../../../src/cli/main.js';
import { darwin } from '../../http/support/fixtures.js';

/** A Word document with headings, both kinds of list, and bold and italic runs. */
async function sampleDocx(): Promise<Buffer> {
  const document = new Document({
    numbering: { config: [{ reference: 'steps', levels: [{ level: 0, format: LevelFormat.DECIMAL, text: '%1.' }] }] },
    sections: [
      {
        children: [
          new Paragraph({ heading: HeadingLevel.HEADING_1, children: [new TextRun('Notes from the Galapagos')] }),
          new Paragraph({
            children: [
              new TextRun('It is important to note that the '),
              new TextRun({ text: 'coral reefs', bold: true }),
              new TextRun(' of the islands were studied in detail, as described in '),
              new TextRun({ text: 'Voyage of the Beagle', italics: true }),
              new TextRun('. Furthermore, the finches were collected and the specimens were labelled with care.'),
            ],
          }),
          new Paragraph({ heading: HeadingLevel.HEADING_2, children: [new TextRun('Specimens')] }),
          new Paragraph({ bullet: { level: 0 }, children: [new TextRun('Finches from Chatham Island.')] }),
          new Paragraph({ bullet: { level: 0 }, children: [new TextRun('Tortoises from Albemarle Island.')] }),
          new Paragraph({ numbering: { reference: 'steps', level: 0 }, children: [new TextRun('Label every jar.')] }),
          new Paragraph({
            numbering: { reference: 'steps', level: 0 },
            children: [new TextRun('Ship them to Henslow.')],
          }),
        ],
      },
    ],
  });
  return Packer.toBuffer(document);
}

/** The text of one entry of a zip archive. */
function zipEntryText(bytes: Buffer, name: string): Promise<string> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(bytes, { lazyEntries: true }, (error, zip) => {
      if (error) return reject(error);
      zip.on('entry', (entry: yauzl.Entry) => {
        if (entry.fileName !== name) return zip.readEntry();
        zip.openReadStream(entry, (streamError, stream) => {
          if (streamError) return reject(streamError);
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
        });
      });
      zip.on('end', () => reject(new Error(`no ${name} in the archive`)));
      zip.readEntry();
    });
  });
}

/** Each paragraph of a document.xml: its properties' XML and its runs (text, bold, italic). */
function paragraphsOf(
  xml: string,
): { properties: string; text: string; runs: { text: string; bold: boolean; italic: boolean }[] }[] {
  return [...xml.matchAll(/<w:p\b[^>]*>([\s\S]*?)<\/w:p>/g)].map(([, inner]) => {
    const properties = /<w:pPr>([\s\S]*?)<\/w:pPr>/.exec(inner!)?.[1] ?? '';
    const runs = [...inner!.matchAll(/<w:r\b[^>]*>([\s\S]*?)<\/w:r>/g)].map(([, run]) => ({
      text: [...run!.matchAll(/<w:t\b[^>]*>([^<]*)<\/w:t>/g)].map((t) => t[1]).join(''),
      bold: /<w:b\/>|<w:b w:val="(true|1|on)"\/>/.test(run!),
      italic: /<w:i\/>|<w:i w:val="(true|1|on)"\/>/.test(run!),
    }));
    return { properties, text: runs.map((run) => run.text).join(''), runs };
  });
}

describe('styler restyle with a .docx', () => {
  it('writes a .docx that keeps the headings, lists and bold and italic runs', async () => {
    const root = mkdtempSync(join(tmpdir(), 'styler-restyle-docx-'));
    onTestFinished(() => rmSync(root, { recursive: true, force: true }));
    const modelPath = join(root, 'model.json');
    writeFileSync(modelPath, JSON.stringify(fitStyle([1, 2, 3, 4].map(darwin))));
    writeFileSync(join(root, 'notes.docx'), await sampleDocx());
    const out = join(root, 'out');

    const run = io();
    expect(
      await main(['restyle', '--model', modelPath, join(root, 'notes.docx'), '--out', out, '--threads', '1'], run.io),
    ).toBe(0);
    expect(run.out()).toBe(`Restyled 1 file into ${out}\n`);

    const paragraphs = paragraphsOf(await zipEntryText(readFileSync(join(out, 'notes.docx')), 'word/document.xml'));
    const styled = (style: string) => paragraphs.filter((p) => p.properties.includes(`<w:pStyle w:val="${style}"/>`));
    // The engine may change a heading's case, never its words.
    expect(styled('Heading1').map((p) => p.text.toLowerCase())).toEqual(['notes from the galapagos']);
    expect(styled('Heading2').map((p) => p.text.toLowerCase())).toEqual(['specimens']);
    const listed = paragraphs.filter((p) => p.properties.includes('<w:numPr>'));
    expect(listed.map((p) => p.text)).toEqual([
      'Finches from Chatham Island.',
      'Tortoises from Albemarle Island.',
      'Label every jar.',
      'Ship them to Henslow.',
    ]);
    // Bullets and numbers are two lists: the first two items share one numbering, the last two another.
    const numIds = listed.map((p) => /<w:numId w:val="(\d+)"\/>/.exec(p.properties)?.[1]);
    expect(numIds[0]).toBe(numIds[1]);
    expect(numIds[2]).toBe(numIds[3]);
    expect(numIds[0]).not.toBe(numIds[2]);
    const runs = paragraphs.flatMap((p) => p.runs);
    expect(runs.filter((r) => r.bold).map((r) => r.text)).toEqual(['coral reefs']);
    expect(runs.filter((r) => r.italic).map((r) => r.text)).toEqual(['Voyage of the Beagle']);
    const body = paragraphs.find((p) => p.text.includes('coral reefs'));
    expect(body?.text).toMatch(/Galapagos|islands/);
  });

  it('names a missing --out or --model', async () => {
    const noOut = io();
    expect(await main(['restyle', '--model', 'model.json', 'notes.docx'], noOut.io)).toBe(2);
    expect(noOut.err()).toMatch(/^styler restyle: --out is missing\nusage: styler restyle /);
    const noModel = io();
    expect(await main(['restyle', 'notes.docx', '--out', 'out'], noModel.io)).toBe(2);
    expect(noModel.err()).toMatch(/^styler restyle: --model is missing\n/);
  });
});
