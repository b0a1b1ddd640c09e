import { readFileSync } from 'node:fs';

/**
 * A validator for the JSON Schema subset the quality_analytics contract uses (object, required,
 * additionalProperties: false, properties, number). Returns the list of violations; a schema outside
 * the subset throws, so that a contract growing a new type is never passed unchecked.
 */
type Schema = {
  type?: string;
  required?: string[];
  properties?: Record<string, Schema>;
  additionalProperties?: boolean;
};

export function loadQualitySchema(): Schema {
  return JSON.parse(
    readFileSync(
      new URL('../packages/analytics/test/fixtures/contract/quality-analytics.schema.json', import.meta.url),
      'utf8',
    ),
  ) as Schema;
}

export function validate(schema: Schema, value: unknown, path = '$'): string[] {
  if (schema.type === 'number') {
    return typeof value === 'number' && Number.isFinite(value)
      ? []
      : [`${path}: expected a finite number, got ${String(value)}`];
  }
  if (schema.type === 'object') {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return [`${path}: expected an object`];
    const record = value as Record<string, unknown>;
    const errors: string[] = [];
    for (const key of schema.required ?? []) if (!(key in record)) errors.push(`${path}.${key}: missing`);
    for (const [key, child] of Object.entries(record)) {
      const childSchema = schema.properties?.[key];
      if (childSchema === undefined) {
        if (schema.additionalProperties === false) errors.push(`${path}.${key}: not allowed`);
        continue;
      }
      errors.push(...validate(childSchema, child, `${path}.${key}`));
    }
    return errors;
  }
  throw new TypeError(`${path}: schema type ${JSON.stringify(schema.type)} is outside this validator's subset`);
}
