import * as z from '../zod';

/**
 * The shape of the public API's OpenAPI 3.1 document as GET /openapi.json answers it and the
 * reference page reads it (shared/api/openapi.ts builds it from the route table). Only the parts
 * the page reads are named; every object keeps the fields it does not name (loose), so the
 * document passes through whole.
 */

/** A JSON Schema (draft 2020-12, OpenAPI 3.1's dialect), or a `$ref` to one in components.schemas. */
export const jsonSchemaSchema = z.record(z.string(), z.unknown());
export type JsonSchema = z.infer<typeof jsonSchemaSchema>;

const referenceSchema = z.looseObject({ $ref: z.string() });
export type Reference = z.infer<typeof referenceSchema>;

export const parameterSchema = z.looseObject({
  name: z.string(),
  in: z.enum(['path', 'query', 'header']),
  required: z.boolean(),
  description: z.string().optional(),
  schema: jsonSchemaSchema,
});
export type Parameter = z.infer<typeof parameterSchema>;

const mediaTypeSchema = z.looseObject({ schema: jsonSchemaSchema });

const headerSchema = z.looseObject({ description: z.string(), schema: jsonSchemaSchema });

export const responseObjectSchema = z.looseObject({
  description: z.string(),
  headers: z.record(z.string(), headerSchema).optional(),
  content: z.record(z.string(), mediaTypeSchema).optional(),
});
export type ResponseObject = z.infer<typeof responseObjectSchema>;

export const operationSchema = z.looseObject({
  operationId: z.string(),
  summary: z.string(),
  description: z.string(),
  tags: z.array(z.string()),
  parameters: z.array(parameterSchema).optional(),
  requestBody: z.looseObject({ required: z.boolean(), content: z.record(z.string(), mediaTypeSchema) }).optional(),
  responses: z.record(z.string(), z.union([referenceSchema, responseObjectSchema])),
  security: z.array(z.record(z.string(), z.array(z.string()))),
  /** The API key scope the operation needs: read, write or publish (shared/api/publicApi.ts, which imports the route table, so it is not imported here). */
  'x-oneclick-scope': z.string(),
  /** Whether the operation takes an Idempotency-Key (the same key and input answer the first answer). */
  'x-oneclick-idempotent': z.boolean(),
});
export type Operation = z.infer<typeof operationSchema>;

export const operationMethods = ['get', 'post', 'put', 'patch', 'delete'] as const;
export type OperationMethod = (typeof operationMethods)[number];

export const openApiDocumentSchema = z.looseObject({
  openapi: z.string(),
  info: z.looseObject({ title: z.string(), version: z.string(), description: z.string() }),
  servers: z.array(z.looseObject({ url: z.string(), description: z.string().optional() })),
  tags: z.array(z.looseObject({ name: z.string(), description: z.string() })),
  paths: z.record(z.string(), z.partialRecord(z.enum(operationMethods), operationSchema)),
  components: z.looseObject({
    schemas: z.record(z.string(), jsonSchemaSchema),
    responses: z.record(z.string(), responseObjectSchema),
    securitySchemes: z.record(z.string(), z.looseObject({ type: z.string(), description: z.string().optional() })),
  }),
});
export type OpenApiDocument = z.infer<typeof openApiDocumentSchema>;
