import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { ServiceError } from '../../src/errors.js';
import { decodeTextFile } from '../../src/uploads/decode-text.js';
import { inspectDocx } from '../../src/uploads/docx-archive.js';
import { extractDocxText } from '../../src/uploads/docx-text.js';
import { htmlToText } from '../../src/uploads/html-text.js';
import { fileKindOf, MAX_FILENAME_CHARS, sanitizeFilename } from '../../src/uploads/filename.js';
import { hasProse } from '../../src/uploads/prose.js';
import { buildDocx, buildZip, docxEntries } from '../http/support/zip.js';

const LIMITS = { maxExpandedBytes: 1024 * 1024, maxEntries: 100 };

async function codeOf(promise: Promise<unknown> | (() => unknown)): Promise<string> {
  try {
    await (typeof promise === 'function' ? promise() : promise);
  } catch (error) {
    return error instanceof ServiceError ? error.code : `not a ServiceError: ${String(error)}`;
  }
  return 'no error';
}

describe('sanitizeFilename', () => {
  it('keeps the last path segment and replaces unsafe characters', () => {
    expect(sanitizeFilename('../../../../etc/passwd.txt')).toBe('passwd.txt');
    expect(sanitizeFilename('C:\\Users\\me\\notes.docx')).toBe('notes.docx');
    expect(sanitizeFilename('my<script>.txt')).toBe('my_script_.txt');
    expect(sanitizeFilename('.hidden.txt')).toBe('hidden.txt');
    expect(sanitizeFilename('Résumé  final.docx')).toBe('Résumé final.docx');
    // A right-to-left override would display "evil\u202Etxt.exe" as "evilexe.txt".
    expect(sanitizeFilename('evil\u202Etxt.exe')).toBe('eviltxt.exe');
    expect(sanitizeFilename('\u2067a\u2069b\u200Fc\u061C.txt')).toBe('abc.txt');
    expect(sanitizeFilename('a\u0000b\n.txt')).toBe('ab.txt');
    // Zero-width and tag characters hide text; a lone surrogate is not a character at all.
    expect(sanitizeFilename('in\u200Bvisible\u{E0041}\uFEFF.txt')).toBe('invisible.txt');
    expect(sanitizeFilename('half\uD83D.txt')).toBe('half.txt');
    expect(sanitizeFilename('a:b*c?d"e|f.txt')).toBe('a_b_c_d_e_f.txt');
    expect(sanitizeFilename('x\u2215..\u2215etc\uFF0Fpasswd.txt')).toBe('x_.._etc_passwd.txt');
  });

  it('keeps printable Unicode, emoji included', () => {
    expect(sanitizeFilename('café_名前_😀.txt')).toBe('café_名前_😀.txt');
    expect(sanitizeFilename("O'Brien, draft #2 & notes [v3] — ½ €.docx")).toBe(
      "O'Brien, draft #2 & notes [v3] — ½ €.docx",
    );
    // Joiners, variation selectors, skin tones and flags are parts of one emoji.
    expect(sanitizeFilename('👩‍💻 ❤️ 👍🏽 🇫🇷 1️⃣.txt')).toBe('👩‍💻 ❤️ 👍🏽 🇫🇷 1️⃣.txt');
    expect(sanitizeFilename('می\u200Cخواهم.txt')).toBe('می\u200Cخواهم.txt');
  });

  it('never yields an empty name', () => {
    for (const raw of ['', '...', '/', 'dir/', '\u202E', '  ', '\uD800']) expect(sanitizeFilename(raw)).toBe('file');
  });

  it('shortens long names but keeps the extension', () => {
    const name = sanitizeFilename(`${'x'.repeat(500)}.docx`);
    expect(name.length).toBe(MAX_FILENAME_CHARS);
    expect(name.endsWith('.docx')).toBe(true);
  });

  it('shortens between characters, never inside an emoji', () => {
    // 196 code units are left for the stem: the 98th emoji would need units 196 and 197.
    expect(sanitizeFilename(`a${'😀'.repeat(150)}.txt`)).toBe(`a${'😀'.repeat(97)}.txt`);
    expect(sanitizeFilename(`${'👩‍💻'.repeat(60)}.txt`)).toBe(`${'👩‍💻'.repeat(39)}.txt`);
    // One letter under hundreds of combining marks is cut by code points.
    const zalgo = sanitizeFilename(`x${'\u0336'.repeat(500)}.txt`);
    expect(zalgo).toBe(`x${'\u0336'.repeat(195)}.txt`);
  });

  const anyUnicode = fc.oneof(
    fc.string({ unit: 'binary', maxLength: 300 }),
    fc.string({ unit: 'grapheme', maxLength: 150 }),
    // UTF-16 code units, lone surrogates included.
    fc.string({ unit: fc.integer({ min: 0, max: 0xffff }).map((unit) => String.fromCharCode(unit)), maxLength: 300 }),
  );

  it('never yields path separators, controls, bidi controls or lone surrogates; never empty, bounded', () => {
    fc.assert(
      fc.property(anyUnicode, (raw) => {
        const name = sanitizeFilename(raw);
        expect(name).not.toMatch(/[/\\\p{Cc}\p{Cs}\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/u);
        expect(name.replace(/[\u200c\u200d]/g, '')).not.toMatch(/\p{Cf}/u);
        expect(name).not.toBe('');
        expect(name.startsWith('.')).toBe(false);
        expect(name.length).toBeLessThanOrEqual(MAX_FILENAME_CHARS);
      }),
    );
  });

  it('keeps every astral character it keeps whole, and keeps safe names as they are', () => {
    fc.assert(
      fc.property(anyUnicode, (raw) => {
        for (const char of sanitizeFilename(raw)) {
          if (char.length === 2) expect(`${raw} ${raw.normalize('NFC')}`).toContain(char);
        }
      }),
    );
    const safe = fc.constantFrom('a', 'Z', 'é', '名', 'ж', '7', '😀', '🎉', '👩‍💻', '🇫🇷', '𝔘', '_', '-', '(', ',');
    fc.assert(
      fc.property(fc.array(safe, { minLength: 1, maxLength: 40 }), (chars) => {
        const name = `${chars.join(' ')}.txt`;
        expect(sanitizeFilename(name)).toBe(name);
      }),
    );
  });

  it('maps extensions to kinds, case-insensitively', () => {
    expect(fileKindOf('a.TXT')).toBe('txt');
    expect(fileKindOf('a.Docx')).toBe('docx');
    expect(fileKindOf('a.doc')).toBeUndefined();
    expect(fileKindOf('a.txt.exe')).toBeUndefined();
    expect(fileKindOf('txt')).toBeUndefined();
  });
});

describe('decodeTextFile', () => {
  it('decodes UTF-8 with or without BOM and normalises line endings', () => {
    expect(decodeTextFile(Buffer.from('héllo\r\nworld\rend', 'utf8'))).toBe('héllo\nworld\nend');
    expect(decodeTextFile(Buffer.from('\ufeffhéllo', 'utf8'))).toBe('héllo');
  });

  it('decodes UTF-16 LE and BE when a BOM says so', () => {
    const le = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('Grüße, world', 'utf16le')]);
    expect(decodeTextFile(le)).toBe('Grüße, world');
    const be = Buffer.from(le.subarray(2)).swap16();
    expect(decodeTextFile(Buffer.concat([Buffer.from([0xfe, 0xff]), be]))).toBe('Grüße, world');
  });

  it('refuses non-UTF-8 text, such as Windows-1252', async () => {
    // "café" in Windows-1252: é is the single byte 0xE9, invalid in UTF-8.
    expect(await codeOf(() => decodeTextFile(Buffer.from([0x63, 0x61, 0x66, 0xe9, 0x20, 0x6f, 0x6b])))).toBe(
      'file_encoding',
    );
    expect(await codeOf(() => decodeTextFile(Buffer.from([0xff, 0xfe, 0x41])))).toBe('file_encoding');
    expect(await codeOf(() => decodeTextFile(Buffer.from([0xff, 0xfe, 0, 0, 0x41, 0, 0, 0])))).toBe('file_encoding');
  });

  it('refuses binary content and known non-text formats', async () => {
    expect(await codeOf(() => decodeTextFile(buildDocx([{ text: 'x' }])))).toBe('file_content_mismatch');
    expect(await codeOf(() => decodeTextFile(Buffer.from('%PDF-1.7 ...')))).toBe('file_content_mismatch');
    expect(await codeOf(() => decodeTextFile(Buffer.from('text\u0000with nul')))).toBe('file_content_mismatch');
  });
});

describe('hasProse', () => {
  it('accepts running text and rejects numbers, code-like data and encoded blobs', () => {
    expect(hasProse('The quick brown fox jumps over the lazy dog.')).toBe(true);
    expect(hasProse('# Heading\n\nShort note to self.')).toBe(true);
    expect(hasProse('1 2 3 4 5 6 7 8')).toBe(false);
    expect(hasProse('12.5, 13.2, 99.1\n14.0, 15.5, 16.6')).toBe(false);
    expect(hasProse('QUJDREVGR0hJSktMTU5PUFFSU1RVVldYWVphYmNkZWZnaGlqa2xtbm9wcXJzdHV2d3h5eg==')).toBe(false);
    expect(hasProse('ok')).toBe(false);
    expect(hasProse('   \n ')).toBe(false);
  });
});

describe('htmlToText', () => {
  it('keeps headings as # lines, paragraphs and list items as blocks, and decodes entities', () => {
    const html =
      '<h1>Title</h1><p>One &amp; <strong>two</strong>.</p><h3>Small</h3><ul><li>item</li></ul>' +
      '<p>Line<br />break<sup><a href="#fn1">[1]</a></sup></p>';
    expect(htmlToText(html)).toBe('# Title\n\nOne & two.\n\n### Small\n\n- item\n\nLine\nbreak');
  });

  it('writes bold, italic and numbered items as Markdown with `markdown`, escaping literal stars', () => {
    const html =
      '<p>A <strong>bold </strong>and <em>slanted</em> word, <strong><em>both</em></strong>, 2 * 3 \\ 1.</p>' +
      '<ol><li>first</li><li>second</li></ol><ul><li>loose</li></ul>';
    expect(htmlToText(html, { markdown: true })).toBe(
      'A **bold** and *slanted* word, ***both***, 2 \\* 3 \\\\ 1.\n\n1. first\n\n2. second\n\n- loose',
    );
    expect(htmlToText(html)).toBe('A bold and slanted word, both, 2 * 3 \\ 1.\n\n- first\n\n- second\n\n- loose');
  });
});

describe('docx inspection and extraction', () => {
  it('extracts paragraphs and headings from a valid .docx', async () => {
    const docx = buildDocx([
      { text: 'My Title', heading: 1 },
      { text: 'Plain words here.' },
      { text: 'Part', heading: 2 },
    ]);
    await expect(inspectDocx(docx, LIMITS)).resolves.toMatchObject({ entries: 5 });
    expect(await extractDocxText(docx)).toBe('# My Title\n\nPlain words here.\n\n## Part');
  });

  it('refuses a zip bomb by its expanded size, honest or lying about it', async () => {
    const zeros = Buffer.alloc(4 * 1024 * 1024);
    const honest = buildZip([
      ...docxEntries([{ text: 'hello there friend' }]),
      { name: 'word/media/bomb.bin', data: zeros },
    ]);
    expect(honest.length).toBeLessThan(16 * 1024);
    expect(await codeOf(inspectDocx(honest, LIMITS))).toBe('docx_too_large');
    const lying = buildZip([
      ...docxEntries([{ text: 'hello' }]),
      { name: 'word/media/bomb.bin', data: zeros, declaredSize: 10 },
    ]);
    expect(await codeOf(inspectDocx(lying, LIMITS))).toBe('docx_corrupt');
  });

  it('refuses too many entries', async () => {
    const many = buildZip([
      ...docxEntries([{ text: 'x' }]),
      ...Array.from({ length: 100 }, (_, i) => ({ name: `f${i}`, data: 'x' })),
    ]);
    expect(await codeOf(inspectDocx(many, LIMITS))).toBe('docx_too_large');
  });

  it('refuses encrypted, corrupt, non-zip and non-Word archives', async () => {
    const encryptedEntry = buildZip(docxEntries([{ text: 'x' }]).map((e) => ({ ...e, encrypted: true })));
    expect(await codeOf(inspectDocx(encryptedEntry, LIMITS))).toBe('docx_encrypted');
    // Office's password protection: an OLE compound file holding an EncryptedPackage stream.
    const ole = Buffer.concat([
      Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]),
      Buffer.alloc(100),
      Buffer.from('EncryptedPackage', 'utf16le'),
    ]);
    expect(await codeOf(inspectDocx(ole, LIMITS))).toBe('docx_encrypted');
    expect(await codeOf(inspectDocx(Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0]), LIMITS))).toBe(
      'file_content_mismatch',
    );
    const valid = buildDocx([{ text: 'x' }]);
    expect(await codeOf(inspectDocx(valid.subarray(0, valid.length - 30), LIMITS))).toBe('docx_corrupt');
    expect(await codeOf(inspectDocx(Buffer.from('plain text, not a zip'), LIMITS))).toBe('file_content_mismatch');
    const notWord = buildZip([{ name: 'xl/workbook.xml', data: '<x/>' }]);
    expect(await codeOf(inspectDocx(notWord, LIMITS))).toBe('file_content_mismatch');
  });

  it('reports a docx whose XML is broken as corrupt', async () => {
    const broken = buildZip(
      docxEntries([{ text: 'x' }]).map((e) =>
        e.name === 'word/document.xml' ? { ...e, data: '<w:document><unclosed' } : e,
      ),
    );
    await inspectDocx(broken, LIMITS);
    expect(await codeOf(extractDocxText(broken))).toBe('docx_corrupt');
  });
});
