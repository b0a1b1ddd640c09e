/**
 * @styler-dev/cli-kit: the command-line helpers the styler CLI and @styler-dev/research both use. It imports
 * nothing of Styler's, so either can depend on it without depending on the other.
 */
export { parseArgs, required, single, type ArgSpec, type ParsedArgs } from './args.js';
export { batchPoolOptions, CALLS_PER_THREAD, mapBounded } from './bounded.js';
export { CsvFile, csvCell, csvLine, csvText, writeCsv, type CsvValue } from './csv.js';
export { expandNamedPaths, expandPaths, type DocumentFile, type NamedPath, type SkipNote } from './document-paths.js';
export { CliError, EXIT, type CliIO } from './io.js';
export { jsonLines, parseJsonObject, runJsonLines } from './jsonl.js';
export { OutputFile, writeFileAtomic } from './output-file.js';
export { countOf } from './plural.js';
export { createProgress, type Progress } from './progress.js';
