/**
 * @styler-dev/research: the styler CLI's research commands (corpus, oppose, imposters, rolling,
 * benchmark) as a command table the CLI loads when one is run, and the corpus stylometry library
 * they are built on (R stylo's methods; docs/stylometry.md).
 */
export { RESEARCH_COMMANDS, type ResearchCommand } from './commands.js';
export type { DocumentReader, ResearchHost } from './host.js';
export * from './stylometry/index.js';
