import { CliError } from './io.js';

export interface ParsedArgs {
  /** Flag name (without dashes) → its values, in order; a bare flag has the value 'true'. */
  flags: Map<string, string[]>;
  positionals: string[];
}

/** The flags a command accepts, by how many values each takes. */
export interface ArgSpec {
  boolean?: readonly string[];
  multi?: readonly string[];
  single?: readonly string[];
}

/**
 * Parses `--flag value...` arguments. A flag listed in `multi` takes every following value up to
 * the next flag (`--ground-truth a.txt b.txt`); one in `boolean` takes none; others take exactly one.
 */
export function parseArgs(argv: readonly string[], spec: ArgSpec): ParsedArgs {
  const known = new Set([...(spec.boolean ?? []), ...(spec.multi ?? []), ...(spec.single ?? [])]);
  const flags = new Map<string, string[]>();
  const positionals: string[] = [];
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i] ?? '';
    if (!arg.startsWith('--')) {
      positionals.push(arg);
      continue;
    }
    const [name = '', inline] = arg.slice(2).split(/=(.*)/s, 2);
    if (!known.has(name)) throw new CliError(`unknown option --${name}`);
    const values = flags.get(name) ?? [];
    flags.set(name, values);
    if (spec.boolean?.includes(name)) {
      values.push('true');
    } else if (inline !== undefined) {
      values.push(inline);
    } else if (spec.multi?.includes(name)) {
      while (i + 1 < argv.length && !(argv[i + 1] ?? '').startsWith('--')) values.push(argv[++i] ?? '');
      if (values.length === 0) throw new CliError(`--${name} needs at least one value`);
    } else {
      const value = argv[i + 1];
      if (value === undefined || value.startsWith('--')) throw new CliError(`--${name} needs a value`);
      values.push(value);
      i += 1;
    }
  }
  return { flags, positionals };
}

/** The one value of a single-valued flag, or undefined. */
export function single(args: ParsedArgs, name: string): string | undefined {
  const values = args.flags.get(name);
  return values === undefined ? undefined : values[values.length - 1];
}

/**
 * The one value of a flag the command cannot run without; a CliError naming the flag, then the
 * command's usage line (`usage`, "usage: styler ..."), when it is missing.
 */
export function required(args: ParsedArgs, name: string, usage: string): string {
  const value = single(args, name);
  if (value === undefined) throw new CliError(`--${name} is missing\n${usage}`);
  return value;
}
