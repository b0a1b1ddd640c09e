/**
 * The research commands (corpus, oppose, imposters, verify, rolling, benchmark) live in @styler-dev/research, an
 * optional package: the CLI imports it only when one of them runs, and says how to install it when
 * it is missing. The service never imports it statically (test/cli/research.test.ts checks).
 */
import { CliError, EXIT, type CliIO, type DocumentFile } from '@styler-dev/cli-kit';
import type { GroundTruth } from '@styler-dev/analytics/metrics';

/** The npm name the research commands are imported from. */
export const RESEARCH_PACKAGE = '@styler-dev/research';

/** The commands @styler-dev/research provides, as `styler --help` lists them. */
export const RESEARCH_COMMAND_NAMES: readonly string[] = [
  'corpus',
  'oppose',
  'imposters',
  'verify',
  'rolling',
  'benchmark',
];

/** What a research command prints (after `styler NAME: `) when the package is not installed. */
export const RESEARCH_INSTALL_HINT = `the research commands come from ${RESEARCH_PACKAGE}, which is not installed: in a clone of Styler, npm pack -w packages/research, then npm install ./styler-dev-research-*.tgz`;

/** What the research commands borrow from the CLI: reading documents and models as the service does. */
export interface ResearchHost {
  readDocument(path: string): Promise<DocumentFile>;
  readModelGroundTruth(path: string): Promise<GroundTruth>;
}

/** One entry of the package's command table: its full help and its run. */
export interface ResearchCommand {
  help(): Promise<string>;
  run(argv: string[], io: CliIO, host: ResearchHost): Promise<number>;
}

/** The part of @styler-dev/research the CLI uses, typed here since the service does not depend on the package. */
export interface ResearchModule {
  RESEARCH_COMMANDS: Readonly<Record<string, ResearchCommand>>;
}

/** Loads @styler-dev/research; main() takes another in tests. */
export type ImportResearch = () => Promise<ResearchModule>;

/**
 * Loads the installed @styler-dev/research. The specifier sits in a variable so that TypeScript does not
 * resolve it: the service builds, and installs, without the package.
 */
export const importResearch: ImportResearch = () => import(RESEARCH_PACKAGE) as Promise<ResearchModule>;

/** Whether `error` says @styler-dev/research itself cannot be found (not one of its own imports). */
function researchMissing(error: unknown): boolean {
  return (
    (error as NodeJS.ErrnoException | undefined)?.code === 'ERR_MODULE_NOT_FOUND' &&
    String((error as Error).message).includes(`'${RESEARCH_PACKAGE}'`)
  );
}

/** The research command `name`; a CliError (exit 2) with the install command when the package is missing. */
export async function researchCommand(name: string, load: ImportResearch): Promise<ResearchCommand> {
  let research: ResearchModule;
  try {
    research = await load();
  } catch (error) {
    if (researchMissing(error)) throw new CliError(RESEARCH_INSTALL_HINT, EXIT.usage);
    throw error;
  }
  const command = research.RESEARCH_COMMANDS[name];
  if (command === undefined) {
    throw new CliError(
      `the installed ${RESEARCH_PACKAGE} has no command '${name}': update it from a newer clone of Styler (npm pack -w packages/research)`,
    );
  }
  return command;
}

/**
 * The service's readers, lent to the research commands. Each module loads on first use: the document
 * reader is light (no engine, no stores), the model reader needs the engine and only the benchmark
 * reads models.
 */
export async function researchHost(): Promise<ResearchHost> {
  const { readDocument } = await import('./documents.js');
  return {
    readDocument,
    readModelGroundTruth: async (path) => {
      const { readModelFile } = await import('./commands/model-file.js');
      return (await readModelFile(path)).groundTruth;
    },
  };
}
