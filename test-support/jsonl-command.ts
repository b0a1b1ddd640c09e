import { PassThrough } from 'node:stream';

type JsonlCommand = (
  input: NodeJS.ReadableStream,
  output: NodeJS.WritableStream,
  errorOutput: NodeJS.WritableStream,
) => Promise<number>;

/** Runs a JSON Lines CLI command on `input` with in-memory streams: exit code, parsed output records, stderr. */
export async function runJsonlCommand(
  command: JsonlCommand,
  input: string,
): Promise<{ exitCode: number; records: unknown[]; errors: string }> {
  const stdin = new PassThrough();
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  const out: Buffer[] = [];
  const err: Buffer[] = [];
  stdout.on('data', (chunk: Buffer) => out.push(chunk));
  stderr.on('data', (chunk: Buffer) => err.push(chunk));
  stdin.end(input);
  const exitCode = await command(stdin, stdout, stderr);
  const records = Buffer.concat(out)
    .toString('utf8')
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as unknown);
  return { exitCode, records, errors: Buffer.concat(err).toString('utf8') };
}
