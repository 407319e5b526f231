import type { JsonSchema, OpenApiDocument, Operation, OperationMethod, Reference, ResponseObject } from '../../../../shared/api/openapiDocument';
import { operationMethods } from '../../../../shared/api/openapiDocument';

/** One operation of the document, where it is. */
export interface ReferenceOperation {
  method: OperationMethod;
  path: string;
  operation: Operation;
}

/** The operations of one reference group, in the document's order. */
export interface ReferenceGroup {
  tag: string;
  description: string;
  operations: ReferenceOperation[];
}

/** The document's operations by tag, in the order of its tags (a tag it does not list comes last). */
export function groupOperations(document: OpenApiDocument): ReferenceGroup[] {
  const groups = new Map<string, ReferenceGroup>(document.tags.map((tag) => [tag.name, { tag: tag.name, description: tag.description, operations: [] }]));
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const method of operationMethods) {
      const operation = methods[method];
      if (!operation) continue;
      const tag = operation.tags[0] ?? 'other';
      if (!groups.has(tag)) groups.set(tag, { tag, description: '', operations: [] });
      groups.get(tag)!.operations.push({ method, path, operation });
    }
  }
  return [...groups.values()].filter((group) => group.operations.length > 0);
}

/** A schema, with a `$ref` into components.schemas followed. */
export function resolveSchema(schema: JsonSchema | undefined, document: OpenApiDocument): JsonSchema | undefined {
  const ref = schema?.['$ref'];
  if (typeof ref !== 'string') return schema;
  return document.components.schemas[ref.replace('#/components/schemas/', '')];
}

/** A response, with a `$ref` into components.responses followed. */
export function resolveResponse(response: Reference | ResponseObject, document: OpenApiDocument): ResponseObject | undefined {
  if ('$ref' in response && typeof response.$ref === 'string') return document.components.responses[response.$ref.replace('#/components/responses/', '')];
  return response as ResponseObject;
}

/** One line of a schema as the page shows it: a field, its type in words, whether it is required, its limits. */
export interface SchemaRow {
  /** The field's name ('' for a schema that is not an object; "1", "2"… for the variants of a union). */
  name: string;
  depth: number;
  type: string;
  required: boolean;
  description?: string;
  constraints: string[];
  /** A variant of a union (its fields follow, one level deeper). */
  variant?: true;
}

const asSchemas = (value: unknown): JsonSchema[] => (Array.isArray(value) ? (value as JsonSchema[]) : []);
const isNull = (schema: JsonSchema) => schema['type'] === 'null';
const quoted = (value: unknown) => (typeof value === 'string' ? `"${value}"` : JSON.stringify(value));

/** The variants of a union (`anyOf`/`oneOf`), null left out; undefined when the schema is not one. */
function variantsOf(schema: JsonSchema): { variants: JsonSchema[]; nullable: boolean } | undefined {
  const members = asSchemas(schema['anyOf'] ?? schema['oneOf']);
  if (members.length === 0) return undefined;
  return { variants: members.filter((member) => !isNull(member)), nullable: members.some(isNull) };
}

function hasFields(schema: JsonSchema): boolean {
  return typeof schema['properties'] === 'object' && schema['properties'] !== null;
}

/** A schema's type in a few words: `string`, `integer`, `array of object`, `"scheduled" | "published"`, `string | null`. */
export function typeText(schema: JsonSchema, document: OpenApiDocument): string {
  const resolved = resolveSchema(schema, document) ?? {};
  if ('const' in resolved) return quoted(resolved['const']);
  if (Array.isArray(resolved['enum'])) return (resolved['enum'] as unknown[]).map(quoted).join(' | ');
  const union = variantsOf(resolved);
  if (union) {
    const texts = [...new Set(union.variants.map((variant) => typeText(variant, document)))];
    return [...texts, ...(union.nullable ? ['null'] : [])].join(' | ');
  }
  const type = resolved['type'];
  if (Array.isArray(type)) return type.join(' | ');
  if (type === 'array') return `array of ${typeText((resolved['items'] as JsonSchema | undefined) ?? {}, document)}`;
  if (type === 'object' && !hasFields(resolved) && typeof resolved['additionalProperties'] === 'object') {
    return `map of ${typeText(resolved['additionalProperties'] as JsonSchema, document)}`;
  }
  if (typeof type === 'string') return type;
  return 'any';
}

/** A schema's limits in short words: `1–500 characters`, `format date-time`, `at most 10 items`, `default 20`. */
export function constraintsOf(schema: JsonSchema): string[] {
  const range = (low: unknown, high: unknown, unit: string) => {
    if (typeof low === 'number' && typeof high === 'number') return `${low}–${high}${unit}`;
    if (typeof low === 'number') return `at least ${low}${unit}`;
    if (typeof high === 'number') return `at most ${high}${unit}`;
    return undefined;
  };
  const words = [
    range(schema['minLength'], schema['maxLength'], ' characters'),
    range(schema['minimum'] ?? schema['exclusiveMinimum'], schema['maximum'] ?? schema['exclusiveMaximum'], ''),
    range(schema['minItems'], schema['maxItems'], ' items'),
    typeof schema['format'] === 'string' ? `format ${schema['format']}` : undefined,
    typeof schema['pattern'] === 'string' ? `pattern ${schema['pattern']}` : undefined,
    'default' in schema ? `default ${quoted(schema['default'])}` : undefined,
  ];
  return words.filter((word): word is string => word !== undefined);
}

/** Deeper than this, a schema's fields are summarised by their type only (no shape nests so far today). */
const MAX_DEPTH = 6;

/** The fields an object schema (or the object items of an array, or each object variant of a union) has, as rows one level deeper. */
function nestedRows(schema: JsonSchema, document: OpenApiDocument, depth: number): SchemaRow[] {
  if (depth > MAX_DEPTH) return [];
  const resolved = resolveSchema(schema, document) ?? {};
  if (hasFields(resolved)) return fieldRows(resolved, document, depth);
  if (resolved['type'] === 'array') return nestedRows((resolved['items'] as JsonSchema | undefined) ?? {}, document, depth);
  if (resolved['type'] === 'object' && typeof resolved['additionalProperties'] === 'object') return nestedRows(resolved['additionalProperties'] as JsonSchema, document, depth);
  const union = variantsOf(resolved);
  if (!union) return [];
  const objects = union.variants.map((variant) => resolveSchema(variant, document) ?? {}).filter(hasFields);
  if (objects.length === 1) return fieldRows(objects[0]!, document, depth);
  return objects.flatMap((variant, index) => [
    { name: String(index + 1), depth, type: 'object', required: false, constraints: [], variant: true as const, ...describedBy(variant) },
    ...fieldRows(variant, document, depth + 1),
  ]);
}

function describedBy(schema: JsonSchema): { description?: string } {
  return typeof schema['description'] === 'string' ? { description: schema['description'] } : {};
}

function fieldRows(schema: JsonSchema, document: OpenApiDocument, depth: number): SchemaRow[] {
  const required = new Set(Array.isArray(schema['required']) ? (schema['required'] as string[]) : []);
  return Object.entries(schema['properties'] as Record<string, JsonSchema>).flatMap(([name, field]) => {
    const resolved = resolveSchema(field, document) ?? {};
    return [
      { name, depth, type: typeText(field, document), required: required.has(name), constraints: constraintsOf(resolved), ...describedBy(resolved) },
      ...nestedRows(field, document, depth + 1),
    ];
  });
}

/** A schema as rows: an object's fields (nested ones indented), or one row for any other schema. */
export function schemaRows(schema: JsonSchema, document: OpenApiDocument): SchemaRow[] {
  const resolved = resolveSchema(schema, document) ?? {};
  if (hasFields(resolved)) return fieldRows(resolved, document, 0);
  return [{ name: '', depth: 0, type: typeText(resolved, document), required: true, constraints: constraintsOf(resolved), ...describedBy(resolved) }, ...nestedRows(resolved, document, 1)];
}

/** Whether an operation matches what the reader typed (its path, id, summary or method). */
export function matchesSearch({ method, path, operation }: ReferenceOperation, search: string): boolean {
  const words = search.trim().toLowerCase().split(/\s+/).filter(Boolean);
  const text = `${method} ${path} ${operation.operationId} ${operation.summary}`.toLowerCase();
  return words.every((word) => text.includes(word));
}
