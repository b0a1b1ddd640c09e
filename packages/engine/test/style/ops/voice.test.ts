import { describe, expect, it } from 'vitest';
import { passiveEdits, regularParticiple } from '../../../src/style/ops/voice.js';
import { firstSentence, textsOf } from '../ops-helpers.js';

describe('passives', () => {
  it('puts a plain past-tense clause in the passive', () => {
    const sentence = firstSentence('The team improved response times in the third quarter.');
    const edits = passiveEdits(sentence.tokens, sentence.classes);
    expect(textsOf(edits, 'passive')).toEqual(['Response times were improved by the team in the third quarter.']);
    expect(edits[0]?.sentences[0]?.classes.voice).toBe('passive');
    const opener = firstSentence('Last year, the team launched a new service.');
    expect(textsOf(passiveEdits(opener.tokens, opener.classes), 'passive')).toEqual([
      'Last year, a new service was launched by the team.',
    ]);
    const present = firstSentence('The companion app offers weekly insights.');
    expect(textsOf(passiveEdits(present.tokens, present.classes), 'passive')).toEqual([
      'Weekly insights are offered by the companion app.',
    ]);
    const modal = firstSentence('The team will review the results in May.');
    expect(textsOf(passiveEdits(modal.tokens, modal.classes), 'passive')).toEqual([
      'The results will be reviewed by the team in May.',
    ]);
    const adverbial = firstSentence('The company stopped the service last week.');
    expect(textsOf(passiveEdits(adverbial.tokens, adverbial.classes), 'passive')).toEqual([
      'The service was stopped by the company last week.',
    ]);
    // A pronoun agent reads as broken English ("Its progress can be tracked by you"): never.
    for (const text of [
      'You can track its progress.',
      'We stopped the service last week.',
      'It improved the results.',
    ]) {
      const pronoun = firstSentence(text);
      expect(passiveEdits(pronoun.tokens, pronoun.classes)).toEqual([]);
    }
    const linking = firstSentence('Agent turnover remained a concern.');
    expect(passiveEdits(linking.tokens, linking.classes)).toEqual([]);
  });
});

describe('regularParticiple', () => {
  it('spells regular participles and refuses irregular verbs', () => {
    expect(['stop', 'offer', 'carry', 'review', 'admit', 'take'].map(regularParticiple)).toEqual([
      'stopped',
      'offered',
      'carried',
      'reviewed',
      'admitted',
      undefined,
    ]);
  });
});
