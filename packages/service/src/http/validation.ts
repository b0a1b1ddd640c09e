/**
 * Request validation against the route schemas (api-schemas.ts), with our own Ajv instances rather
 * than fastify's defaults: a JSON body is taken as sent (no type coercion, no silently dropped
 * unknown fields, no defaults written into it), while query strings and path parameters, which are
 * text by nature, are coerced to the types their schemas declare.
 */
import type { FastifySchemaCompiler } from 'fastify';
import { Ajv2020, type ErrorObject } from 'ajv/dist/2020.js';
import { API_SCHEMAS, ERROR_MESSAGE } from './api-schemas.js';

type Schema = Record<string, unknown>;

function validatorFactory(coerceTypes: boolean): Ajv2020 {
  const ajv = new Ajv2020({ coerceTypes, useDefaults: false, removeAdditional: false, allErrors: false });
  // Our annotation (the message of a failure), not a JSON Schema keyword.
  ajv.addKeyword(ERROR_MESSAGE);
  for (const schema of API_SCHEMAS) ajv.addSchema(schema);
  return ajv;
}

const asSent = validatorFactory(false);
const coerced = validatorFactory(true);

/**
 * fastify's validator compiler: bodies as sent, text parts (query, params, headers) coerced. Each
 * Ajv instance keeps what it compiled by schema object, so a schema shared by routes compiles once.
 */
export const validatorCompiler: FastifySchemaCompiler<Schema> = ({ schema, httpPart }) =>
  (httpPart === 'body' ? asSent : coerced).compile(schema);

/** Every shared schema by $id, to follow `$ref`s. */
const SHARED: ReadonlyMap<string, Schema> = new Map(
  API_SCHEMAS.map((schema) => [String(schema.$id), schema as Schema]),
);

function resolve(schema: Schema): Schema {
  const ref = schema.$ref;
  return typeof ref === 'string' ? (SHARED.get(ref) ?? schema) : schema;
}

/** The subschema for `key` of an object or array schema, if the schema names one. */
function child(schema: Schema, key: string): Schema | undefined {
  const properties = schema.properties as Record<string, Schema> | undefined;
  if (properties?.[key]) return resolve(properties[key]);
  if (/^\d+$/.test(key) && typeof schema.items === 'object') return resolve(schema.items as Schema);
  return undefined;
}

/**
 * In a union of object schemas told apart by constant fields (the transform's `mode`: "rewrite" or
 * "full"), the branch the body's constants select: -1 when they select none, undefined when the
 * schema is no such union. Ajv reports the first error of every branch, and only the selected
 * branch's is about what the client meant.
 */
function selectedBranch(schema: Schema | undefined, body: unknown): number | undefined {
  const branches = schema === undefined ? undefined : (resolve(schema).anyOf as Schema[] | undefined);
  if (branches === undefined || typeof body !== 'object' || body === null) return undefined;
  const values = body as Record<string, unknown>;
  return branches.findIndex((branch) =>
    Object.entries((resolve(branch).properties ?? {}) as Record<string, Schema>).every(
      ([key, property]) => !('const' in property) || values[key] === property.const,
    ),
  );
}

/** The constant fields of a union's branches ("mode"): what is at fault when no branch is selected. */
function discriminator(schema: Schema): string | undefined {
  for (const branch of (resolve(schema).anyOf as Schema[] | undefined) ?? []) {
    for (const [key, property] of Object.entries((resolve(branch).properties ?? {}) as Record<string, Schema>))
      if ('const' in property) return key;
  }
  return undefined;
}

/**
 * The field a failed check is about, as OpenAI's errors name it in `param` ("messages[0].role",
 * "full_mode_options.base_model"): the failing value's path plus the missing or unknown property,
 * in the union branch the body selects; undefined for the body as a whole.
 */
export function validationParam(errors: readonly ErrorObject[], schema?: Schema, body?: unknown): string | undefined {
  const branch = selectedBranch(schema, body);
  if (branch === -1 && schema !== undefined) return discriminator(schema);
  const other = (one: ErrorObject): boolean =>
    branch !== undefined && /^#\/anyOf\/\d+\//.test(one.schemaPath) && !one.schemaPath.startsWith(`#/anyOf/${branch}/`);
  const error = errors.find((one) => one.keyword !== 'anyOf' && !other(one)) ?? errors[0];
  if (error === undefined) return undefined;
  const keys = error.instancePath
    .split('/')
    .slice(1)
    .map((key) => key.replace(/~1/g, '/').replace(/~0/g, '~'));
  if (error.keyword === 'required') keys.push(String((error.params as { missingProperty: string }).missingProperty));
  if (error.keyword === 'additionalProperties')
    keys.push(String((error.params as { additionalProperty: string }).additionalProperty));
  if (keys.length === 0) return undefined;
  return keys.reduce((path, key) => (/^\d+$/.test(key) ? `${path}[${key}]` : path === '' ? key : `${path}.${key}`), '');
}

/**
 * The message for the first validation error of a request part: the ERROR_MESSAGE of the deepest
 * schema on the failing value's path (for a missing field, the field's own), "Unknown field 'x'."
 * for a field no schema names, or undefined when the schema says nothing.
 */
export function validationMessage(schema: Schema | undefined, errors: readonly ErrorObject[]): string | undefined {
  const [error] = errors;
  if (schema === undefined || error === undefined) return undefined;
  if (error.keyword === 'additionalProperties') {
    return `Unknown field '${String((error.params as { additionalProperty: string }).additionalProperty)}'.`;
  }
  const keys = error.instancePath
    .split('/')
    .slice(1)
    .map((key) => key.replace(/~1/g, '/').replace(/~0/g, '~'));
  if (error.keyword === 'required') keys.push(String((error.params as { missingProperty: string }).missingProperty));
  let node: Schema | undefined = resolve(schema);
  let message: string | undefined = node[ERROR_MESSAGE] as string | undefined;
  for (const key of keys) {
    node = node && child(node, key);
    if (node === undefined) break;
    if (typeof node[ERROR_MESSAGE] === 'string') message = node[ERROR_MESSAGE] as string;
  }
  return message;
}
