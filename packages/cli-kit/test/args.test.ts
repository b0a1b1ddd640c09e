import { describe, expect, it } from 'vitest';
import { CliError, parseArgs, required } from '../src/index.js';

describe('required', () => {
  const spec = { single: ['out', 'model'] };

  it('returns the flag given', () => {
    expect(required(parseArgs(['--out', 'dir'], spec), 'out', 'usage: x')).toBe('dir');
  });

  it('names a missing flag, then the usage, as a usage error', () => {
    const missing = (): string => required(parseArgs(['--model', 'm.json'], spec), 'out', 'usage: styler x --out DIR');
    expect(missing).toThrow(CliError);
    expect(missing).toThrow('--out is missing\nusage: styler x --out DIR');
  });
});
