// Command-line numbers shared by the LLM benches (llm.mjs, llm-service.mjs).

/** `value` as an integer of at least `min`, `fallback` when absent; a RangeError naming `--name` otherwise. */
export function integerOption(value, name, min, fallback) {
  if (value === undefined) return fallback;
  const number = Number(value);
  if (!Number.isInteger(number) || number < min) throw new RangeError(`--${name} must be an integer ≥ ${min}`);
  return number;
}
