/**
 * Validates response bodies against the schemas the service publishes as components.schemas of its
 * OpenAPI document (api-schemas.ts; openapi.test.ts checks the served document lists the same).
 */
import Ajv2020 from 'ajv/dist/2020.js';
import { API_SCHEMAS, ERROR_MESSAGE } from '../../../src/http/api-schemas.js';

const ajv = new (Ajv2020 as unknown as typeof Ajv2020.default)({ allErrors: true });
ajv.addKeyword(ERROR_MESSAGE);
for (const schema of API_SCHEMAS) ajv.addSchema(schema);

/** The schema violations of `value` against the component `name` (empty when valid). */
export function openApiErrors(name: string, value: unknown): string[] {
  const validate = ajv.getSchema(name);
  if (!validate) throw new Error(`no schema ${name}`);
  return validate(value) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath} ${e.message ?? ''}`);
}
