/** Random identifiers and the clock the store records. */
import { randomBytes, randomUUID } from 'node:crypto';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/**
 * `prefix` + '-' + `length` base62 characters from the CSPRNG (24 characters carry about 143 bits).
 * Bytes >= 248 are skipped so every character is equally likely (248 = 4 * 62).
 */
export function randomId(prefix: string, length = 24): string {
  if (!Number.isInteger(length) || length < 1) throw new RangeError('length must be a positive integer');
  let out = '';
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte >= 248) continue;
      out += BASE62[byte % 62];
      if (out.length === length) break;
    }
  }
  return `${prefix}-${out}`;
}

/** A fine-tuned model name: `ftm-<suffix>-<uuid>`, or `ftm-<uuid>` without a suffix. */
export function fineTunedModelName(suffix: string | null): string {
  return suffix ? `ftm-${suffix}-${randomUUID()}` : `ftm-${randomUUID()}`;
}

/** The current time as a Unix timestamp in whole seconds, the unit every `*_at` column uses. */
export function nowSeconds(): number {
  return Math.floor(Date.now() / 1000);
}
