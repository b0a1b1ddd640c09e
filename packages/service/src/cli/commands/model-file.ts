/** Reading a style model file (written by `styler fit`) for the engine commands. */
import { readFile } from 'node:fs/promises';
import { describeStyle, type StyleModel } from '@styler-dev/engine';
import { CliError } from '@styler-dev/cli-kit';
import { unreadableReason } from '../documents.js';

/** The StyleModel in `path`; a CliError saying what is wrong with the file otherwise. */
export async function readModelFile(path: string): Promise<StyleModel> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    throw new CliError(`cannot read ${path}: ${unreadableReason(error)}`);
  }
  let model: StyleModel;
  try {
    model = JSON.parse(text) as StyleModel;
  } catch {
    throw new CliError(`${path} is not JSON: give a model file written by styler fit`);
  }
  try {
    // describeStyle checks the model's shape and says which field is wrong.
    describeStyle(model);
  } catch (error) {
    throw new CliError(`${path} is not a style model: ${(error as Error).message}`);
  }
  return model;
}
