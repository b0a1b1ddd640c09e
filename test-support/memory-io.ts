/** In-memory streams for running CLI commands in tests: what they print is read back with out() and err(). */
import { PassThrough } from 'node:stream';
import type { CliIO } from '@styler-dev/cli-kit';

export function memoryIo(stdinText = ''): { io: CliIO; out: () => string; err: () => string } {
  const stdin = new PassThrough();
  stdin.end(stdinText);
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  const read = (s: PassThrough) => () => (s.read() as Buffer | null)?.toString('utf8') ?? '';
  return { io: { stdin, stdout, stderr }, out: read(stdout), err: read(stderr) };
}
