import { describe, expect, it } from 'vitest';
import { documentParts, splitDocuments } from '../../src/style/index.js';

describe('splitDocuments', () => {
  it('returns a file without separators as one document', () => {
    expect(splitDocuments('One paragraph.\n\nAnother one.\n')).toEqual(['One paragraph.\n\nAnother one.']);
  });

  it('splits at lines holding only ***, trimming blank lines and dropping empty documents', () => {
    const text = 'First doc.\n\n***\n\nSecond doc.\r\n  ***  \r\n***\nThird doc.\n';
    expect(splitDocuments(text)).toEqual(['First doc.', 'Second doc.', 'Third doc.']);
  });

  it('does not split at *** inside a line or at other rules', () => {
    expect(splitDocuments('A *** B\n\n---\n\nC')).toHaveLength(1);
    expect(splitDocuments('A\n****\nB')).toHaveLength(1);
  });

  it('gives no documents for blank text and rejects non-strings', () => {
    expect(splitDocuments('\n\n***\n  \n')).toEqual([]);
    expect(() => splitDocuments(42 as unknown as string)).toThrow(TypeError);
  });
});

describe('documentParts', () => {
  it('keeps empty parts, so that a file leaving a document empty can be refused', () => {
    expect(documentParts('One.\n***\n\n***\nTwo.')).toEqual(['One.', '', 'Two.']);
    expect(splitDocuments('One.\n***\n\n***\nTwo.')).toEqual(['One.', 'Two.']);
    expect(documentParts('Only one.')).toEqual(['Only one.']);
  });
});
