import { describe, expect, it } from 'vitest';
import { canBeParticiple, VerbFormFlag, verbFormFlags } from '../../../src/nlp/clauses/verb-forms.js';

describe('verbFormFlags', () => {
  it('reads regular morphology', () => {
    expect(verbFormFlags('works')).toBe(VerbFormFlag.present3);
    expect(verbFormFlags('worked')).toBe(VerbFormFlag.past | VerbFormFlag.participle);
    expect(verbFormFlags('working')).toBe(VerbFormFlag.ing);
    expect(verbFormFlags('work')).toBe(VerbFormFlag.base);
  });

  it('reads irregular forms from the table', () => {
    expect(verbFormFlags('took')).toBe(VerbFormFlag.past);
    expect(verbFormFlags('taken')).toBe(VerbFormFlag.participle);
    expect(verbFormFlags('made')).toBe(VerbFormFlag.past | VerbFormFlag.participle);
    expect(verbFormFlags('put')).toBe(VerbFormFlag.base | VerbFormFlag.past | VerbFormFlag.participle);
    expect(verbFormFlags('come')).toBe(VerbFormFlag.base | VerbFormFlag.participle);
  });

  it('keeps base forms that only look inflected', () => {
    expect(verbFormFlags('need')).toBe(VerbFormFlag.base);
    expect(verbFormFlags('bring')).toBe(VerbFormFlag.base);
    expect(verbFormFlags('pass')).toBe(VerbFormFlag.base);
  });

  it('knows which spellings can be past participles', () => {
    expect(canBeParticiple('tested')).toBe(true);
    expect(canBeParticiple('written')).toBe(true);
    expect(canBeParticiple('wrote')).toBe(false);
    expect(canBeParticiple('testing')).toBe(false);
  });
});
