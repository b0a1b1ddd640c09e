/** Turns the bytes of an uploaded .txt into text, refusing anything that is not plain text. */
import { ServiceError } from '../service-error.js';

/** Leading bytes of formats that are sometimes renamed to .txt by mistake. */
const BINARY_SIGNATURES: ReadonlyArray<{ name: string; bytes: readonly number[] }> = [
  { name: 'a zip archive (e.g. a .docx)', bytes: [0x50, 0x4b, 0x03, 0x04] },
  { name: 'a PDF document', bytes: [0x25, 0x50, 0x44, 0x46, 0x2d] },
  { name: 'an OLE document (e.g. a .doc)', bytes: [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1] },
  { name: 'an RTF document', bytes: [0x7b, 0x5c, 0x72, 0x74, 0x66] },
];

/** Whether `bytes` starts with `signature`. */
export function startsWithBytes(bytes: Uint8Array, signature: readonly number[]): boolean {
  return signature.length <= bytes.length && signature.every((byte, i) => bytes[i] === byte);
}

/**
 * Decodes a .txt upload: UTF-8 (with or without BOM), or UTF-16 LE/BE when a BOM says so.
 * Line endings become `\n` and the text is NFC-normalised.
 * Throws ServiceError file_content_mismatch for known binary formats or NUL/control-heavy content,
 * and file_encoding for bytes that are not valid UTF-8 (e.g. Windows-1252 or Latin-1 text).
 */
export function decodeTextFile(bytes: Uint8Array): string {
  for (const signature of BINARY_SIGNATURES) {
    if (startsWithBytes(bytes, signature.bytes)) {
      throw new ServiceError(
        'file_content_mismatch',
        `File content does not match its .txt extension: it is ${signature.name}.`,
      );
    }
  }
  let text: string;
  if (startsWithBytes(bytes, [0xff, 0xfe, 0x00, 0x00]) || startsWithBytes(bytes, [0x00, 0x00, 0xfe, 0xff])) {
    throw new ServiceError('file_encoding', 'The .txt file is UTF-32 text: save it as UTF-8.');
  } else if (startsWithBytes(bytes, [0xff, 0xfe]) || startsWithBytes(bytes, [0xfe, 0xff])) {
    const encoding = bytes[0] === 0xff ? 'utf-16le' : 'utf-16be';
    if (bytes.length % 2 !== 0) throw new ServiceError('file_encoding', 'The .txt file is truncated UTF-16 text.');
    text = decode(bytes.subarray(2), encoding);
  } else {
    // TextDecoder strips a UTF-8 BOM itself (ignoreBOM defaults to false).
    text = decode(bytes, 'utf-8');
  }
  // NUL never appears in text; other C0 controls (beyond tab, newline, form feed, carriage return) rarely.
  // eslint-disable-next-line no-control-regex -- finding control characters is the point here
  const controls = text.match(/[\u0000-\u0008\u000b\u000e-\u001f\u007f]/g)?.length ?? 0;
  if (text.includes('\u0000') || controls > Math.max(2, text.length / 100)) {
    throw new ServiceError('file_content_mismatch', 'File content does not match its .txt extension: it looks binary.');
  }
  return text.replace(/\r\n?/g, '\n').normalize('NFC');
}

function decode(bytes: Uint8Array, encoding: 'utf-8' | 'utf-16le' | 'utf-16be'): string {
  try {
    return new TextDecoder(encoding, { fatal: true }).decode(bytes);
  } catch {
    throw new ServiceError('file_encoding');
  }
}
