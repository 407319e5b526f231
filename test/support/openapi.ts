import { Validator } from '@seriousme/openapi-schema-validator';

/** Validates an OpenAPI document with @seriousme/openapi-schema-validator: the version it read, and each error in words. */
export async function validateOpenApi(document: unknown): Promise<{ valid: boolean; version: string; errors: string }> {
  const validator = new Validator();
  const result = await validator.validate(structuredClone(document) as Record<string, unknown>);
  return { valid: result.valid, version: validator.version, errors: JSON.stringify(result.errors ?? [], null, 2) };
}
