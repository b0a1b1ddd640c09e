/** The building blocks of the API's TypeBox schemas (api-schemas.ts, chat-schemas.ts). */
import { Type, type Static, type TObject, type TProperties, type TSchema } from '@sinclair/typebox';
import { MAX_NAME_CHARS } from './limits.js';

/** The schema keyword holding the message of a failure inside that schema. */
export const ERROR_MESSAGE = 'x-error-message';

/** A `$ref` to a shared schema, typed as the schema it names. */
export function component<T extends TSchema>(schema: T, options: object = {}) {
  if (schema.$id === undefined) throw new TypeError('only a schema with an $id can be referenced');
  return Type.Unsafe<Static<T>>(Type.Ref(schema.$id, options));
}

/** `schema`, or null: OpenAI clients send null for optional fields they leave unset. */
export const orNull = <T extends TSchema>(schema: T, options: object = {}) =>
  Type.Union([schema, Type.Null()], options);
/** An optional field where null means absent. */
export const optional = <T extends TSchema>(schema: T, options: object = {}) => Type.Optional(orNull(schema, options));
export const closed = <T extends TProperties>(properties: T, options: object = {}): TObject<T> =>
  Type.Object(properties, { additionalProperties: false, ...options });
/** A name (of a model or a service): not blank, trimmed before use. */
export const name = (options: object = {}) => Type.String({ pattern: '\\S', maxLength: MAX_NAME_CHARS, ...options });
