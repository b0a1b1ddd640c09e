/**
 * The shell command blocks of a Markdown file (```sh, ```bash, ```shell), for the test that runs the
 * README's and docs' commands as printed. A block that must not run in a test (it starts a server,
 * needs an LLM, the network, `npm install`, or runs for minutes) says so just before its fence:
 *
 *     <!-- readme-test: skip (needs a server) -->
 *
 * so the skip list is visible where the command is.
 */

/** One shell block: where it starts, its commands, and why it is skipped (undefined: it runs). */
export interface ShellBlock {
  /** 1-based line of the opening fence. */
  line: number;
  code: string;
  skip: string | undefined;
}

const SHELL_LANGUAGES = new Set(['sh', 'bash', 'shell']);
const FENCE = /^\s*(`{3,}|~{3,})\s*([^\s`]*)/;
const SKIP_MARKER = /^\s*<!--\s*readme-test:\s*skip\s*\((.+)\)\s*-->\s*$/;

/** The shell blocks of `markdown`, in order; blocks fenced with other languages are passed over. */
export function shellBlocks(markdown: string): ShellBlock[] {
  const lines = markdown.split('\n');
  const blocks: ShellBlock[] = [];
  for (let index = 0; index < lines.length; index += 1) {
    const open = FENCE.exec(lines[index]!);
    if (open === null) continue;
    const fence = open[1]!;
    const end = closingLine(lines, index + 1, fence);
    if (SHELL_LANGUAGES.has(open[2]!.toLowerCase())) {
      blocks.push({
        line: index + 1,
        code: lines.slice(index + 1, end).join('\n'),
        skip: skipReason(lines, index),
      });
    }
    index = end;
  }
  return blocks;
}

/** The index of the line closing a fence opened with `fence` (a longer one closes it too), or the end. */
function closingLine(lines: string[], from: number, fence: string): number {
  for (let index = from; index < lines.length; index += 1) {
    const line = lines[index]!.trim();
    if (line.startsWith(fence) && line.replaceAll(fence[0]!, '') === '') return index;
  }
  return lines.length;
}

/** The reason of a skip marker on the last non-blank line before the fence at `fenceIndex`. */
function skipReason(lines: string[], fenceIndex: number): string | undefined {
  for (let index = fenceIndex - 1; index >= 0; index -= 1) {
    if (lines[index]!.trim() === '') continue;
    return SKIP_MARKER.exec(lines[index]!)?.[1]?.trim();
  }
  return undefined;
}
