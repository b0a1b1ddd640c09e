/** Validates response bodies against the component schemas of the service's own OpenAPI document. */
import Ajv2020 from 'ajv/dist/2020.js';
import { loadServiceConfig } from '../../../src/service/config.js';
import { openApiDocument } from '../../../src/service/openapi.js';

const document = openApiDocument(loadServiceConfig({})) as { components: { schemas: Record<string, object> } };
// OpenAPI adds keywords JSON Schema does not know (e.g. itemSchema outside schemas); strict off.
const ajv = new (Ajv2020 as unknown as typeof Ajv2020.default)({ strict: false, allErrors: true });
ajv.addSchema({ $id: 'openapi', components: document.components });

/** The schema violations of `value` against components.schemas[`name`] (empty when valid). */
export function openApiErrors(name: string, value: unknown): string[] {
  const validate = ajv.getSchema(`openapi#/components/schemas/${name}`);
  if (!validate) throw new Error(`no schema ${name}`);
  return validate(value) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath} ${e.message ?? ''}`);
}
