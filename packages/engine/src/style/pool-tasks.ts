/** The style engine's pool tasks (loaded by the threads of createStylePool). */
import type { TaskTable } from '@styler-dev/analytics/pool';
import { fitStyle } from './fit.js';
import { restyle } from './restyle.js';
import { restyleWithQuality } from './restyle-measured.js';

export const tasks = { fitStyle, restyle, restyleWithQuality } satisfies TaskTable;

/** The engine tasks' signatures, for typed pool calls. */
export type StyleTasks = typeof tasks;
