/**
 * Files a research command could not use (unreadable, no words, links to nothing): each is named on
 * stderr as it is found and the run goes on without it; with --strict the run stops after reading,
 * saying how many (each was named once, as it was found).
 */
import { CliError, countOf } from '@styler-dev/cli-kit';

export const STRICT_HELP = [
  '  --strict                         stop, listing them, when any file cannot be used (unreadable, no',
  '                                   words, a link to nothing); by default each is named and left out',
];

export class LeftOutFiles {
  readonly messages: string[] = [];

  constructor(
    private readonly stderr: { write(text: string): unknown },
    private readonly strict: boolean,
  ) {}

  /** Records one file left out, with the reason in `message`. */
  readonly note = (message: string): void => {
    this.messages.push(message);
    this.stderr.write(`${message}\n`);
  };

  /** Under --strict, stops the run when any file was left out. */
  check(): void {
    if (this.strict && this.messages.length > 0) {
      throw new CliError(`--strict: ${countOf(this.messages.length, 'file')} could not be used (each named above)`);
    }
  }
}
