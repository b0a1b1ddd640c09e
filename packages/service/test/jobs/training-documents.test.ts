import { describe, expect, it } from 'vitest';
import { NO_DOCUMENTS, trainingDocuments } from '../../src/jobs/training-documents.js';

describe('trainingDocuments', () => {
  it("splits each file's text at lines of *** and keeps the files' order", () => {
    expect(trainingDocuments(['One letter.\n***\nAnother letter.', 'A third.'])).toEqual([
      'One letter.',
      'Another letter.',
      'A third.',
    ]);
  });

  it('finds none in files without text, which the job and the CLI refuse in the same words', () => {
    expect(trainingDocuments(['', '  \n***\n  '])).toEqual([]);
    expect(NO_DOCUMENTS).toMatch(/no documents/);
  });
});
