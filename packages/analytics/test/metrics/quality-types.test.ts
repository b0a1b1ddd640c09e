import { describe, expect, it } from 'vitest';
import { QualityAnalyticsSchema } from '../../src/metrics/quality-types.js';
import { loadQualitySchema } from '../../../../test-support/schema.js';

/** The keywords the contract uses, nothing else (descriptions and TypeBox's own marks dropped). */
function shape(schema: Record<string, unknown>): unknown {
  const properties = schema.properties as Record<string, Record<string, unknown>> | undefined;
  return {
    type: schema.type,
    ...(schema.required !== undefined && { required: [...(schema.required as string[])].sort() }),
    ...(schema.additionalProperties !== undefined && { additionalProperties: schema.additionalProperties }),
    ...(properties && {
      properties: Object.fromEntries(Object.entries(properties).map(([key, child]) => [key, shape(child)])),
    }),
  };
}

describe('QualityAnalyticsSchema', () => {
  it('is the contract’s quality_analytics schema: the same properties, required keys and closed objects', () => {
    const contract = loadQualitySchema() as Record<string, unknown>;
    expect(shape(QualityAnalyticsSchema as unknown as Record<string, unknown>)).toEqual(shape(contract));
  });
});
