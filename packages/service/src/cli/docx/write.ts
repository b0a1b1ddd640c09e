/** A .docx file from restyled Markdown, written with the `docx` library. */
import { AlignmentType, Document, HeadingLevel, LevelFormat, Packer, Paragraph, TextRun } from 'docx';
import { parseBlocks, type BlockSpec, type TextRunSpec } from './markdown.js';

const HEADINGS = [
  HeadingLevel.HEADING_1,
  HeadingLevel.HEADING_2,
  HeadingLevel.HEADING_3,
  HeadingLevel.HEADING_4,
  HeadingLevel.HEADING_5,
  HeadingLevel.HEADING_6,
] as const;

const NUMBERED_LIST = 'numbered-list';

/** A run's lines as Word runs: each line after the first starts with a line break. */
function textRuns(runs: readonly TextRunSpec[]): TextRun[] {
  return runs.flatMap(({ text, bold, italic }) =>
    text
      .split('\n')
      .map((line, i) => new TextRun({ text: line, bold, italics: italic, ...(i > 0 ? { break: 1 } : {}) })),
  );
}

function paragraphOf(block: BlockSpec): Paragraph {
  const children = textRuns(block.runs);
  switch (block.kind) {
    case 'heading':
      return new Paragraph({ heading: HEADINGS[block.level - 1]!, children });
    case 'bullet':
      return new Paragraph({ bullet: { level: 0 }, children });
    case 'numbered':
      // One instance per list, so each list counts from 1.
      return new Paragraph({ numbering: { reference: NUMBERED_LIST, level: 0, instance: block.list }, children });
    case 'paragraph':
      return new Paragraph({ children });
  }
}

/**
 * The bytes of a .docx holding `markdown` (as parseBlocks reads it): Word's Heading 1–6 styles,
 * bullet and numbered lists, bold and italic runs, line breaks.
 */
export async function markdownToDocx(markdown: string): Promise<Buffer> {
  const document = new Document({
    numbering: {
      config: [
        {
          reference: NUMBERED_LIST,
          levels: [{ level: 0, format: LevelFormat.DECIMAL, text: '%1.', alignment: AlignmentType.START }],
        },
      ],
    },
    sections: [{ children: parseBlocks(markdown).map(paragraphOf) }],
  });
  return Packer.toBuffer(document);
}
