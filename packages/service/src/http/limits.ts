/** Bounds of a transform request, shared by its schema and its conversion. */

/** Range of full_mode_options.base_temperature, and the value used when it is omitted. */
export const BASE_TEMPERATURE = Object.freeze({ min: 0, max: 2, default: 1 });
/** Most messages a full-mode conversation may hold. */
export const MAX_MESSAGES = 256;
/** Longest model or service name. */
export const MAX_NAME_CHARS = 256;
