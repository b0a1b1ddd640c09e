/**
 * What the styler CLI lends the research commands. Reading a document the way the service reads an
 * upload (a .docx through its archive checks) and reading a style model are the service's code;
 * taking them as arguments keeps this package from importing the service.
 */
import type { GroundTruth } from '@styler-dev/analytics/metrics';
import type { DocumentFile } from '@styler-dev/cli-kit';

/** One document's text (.txt, .md or .docx); throws a CliError naming the file when it cannot be read. */
export type DocumentReader = (path: string) => Promise<DocumentFile>;

/** The readers the styler CLI passes to every research command's run. */
export interface ResearchHost {
  readDocument: DocumentReader;
  /** The ground truth of a style model file written by `styler fit`; a CliError when it is not one. */
  readModelGroundTruth(path: string): Promise<GroundTruth>;
}
