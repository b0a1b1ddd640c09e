/** The streams a CLI command reads and writes; tests pass in-memory streams. */
export interface CliIO {
  stdin: NodeJS.ReadableStream;
  stdout: NodeJS.WritableStream;
  stderr: NodeJS.WritableStream;
}

/** Exit codes: 0 success, 1 some input failed, 2 wrong usage or unreadable input. */
export const EXIT = Object.freeze({ ok: 0, failed: 1, usage: 2 });

/** A failure the CLI reports as one clear line on stderr, with its exit code. */
export class CliError extends Error {
  readonly exitCode: number;

  constructor(message: string, exitCode: number = EXIT.usage) {
    super(message);
    this.name = 'CliError';
    this.exitCode = exitCode;
  }
}
