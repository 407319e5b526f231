import { describe, expect, it } from 'vitest';
import { buildOpenApiDocument } from '../../../shared/api/openapi';
import { publicApiRoutes } from '../../../shared/api/publicApi';
import { groupOperations, matchesSearch, schemaRows, typeText } from '../../../frontend/src/features/apiReference/reference';

const document = buildOpenApiDocument();

describe('the API reference page', () => {
  it('groups every operation under its tag, in the order of the document\'s tags', () => {
    const groups = groupOperations(document);

    expect(groups.map((group) => group.tag)).toEqual(document.tags.map((tag) => tag.name).filter((name) => groups.some((group) => group.tag === name)));
    expect(groups.flatMap((group) => group.operations.map((entry) => entry.operation.operationId)).sort()).toEqual(Object.keys(publicApiRoutes).sort());
    expect(groups.find((group) => group.tag === 'posts')?.operations[0]).toMatchObject({ method: 'get', path: '/v1/posts' });
  });

  it('shows a body\'s fields with their types in words, nested fields one level deeper', () => {
    const body = document.paths['/v1/posts']!.post!.requestBody!.content['application/json']!.schema;
    const rows = schemaRows(body, document);
    const targets = rows.find((row) => row.name === 'targets' && row.depth === 0)!;
    const platform = rows.find((row) => row.name === 'platform' && row.depth === 1)!;

    expect(targets).toMatchObject({ type: 'array of object', required: true, constraints: ['1–20 items'] });
    expect(platform.type).toContain('"youtube" | "tiktok"');
    expect(rows.find((row) => row.name === 'description')).toMatchObject({ type: 'string', required: true, constraints: ['1–10000 characters'] });
  });

  it('writes unions, nulls, maps and constants in words', () => {
    expect(typeText({ anyOf: [{ type: 'string' }, { type: 'null' }] }, document)).toBe('string | null');
    expect(typeText({ type: 'object', additionalProperties: { type: 'integer' } }, document)).toBe('map of integer');
    expect(typeText({ const: 'queue' }, document)).toBe('"queue"');
    expect(typeText({ $ref: '#/components/schemas/Post' }, document)).toBe('object');
    expect(schemaRows({ type: 'string', format: 'date-time' }, document)).toEqual([{ name: '', depth: 0, type: 'string', required: true, constraints: ['format date-time'] }]);
  });

  it('finds operations by every word typed, in their path, id, method or summary', () => {
    const entries = groupOperations(document).flatMap((group) => group.operations);
    const found = (search: string) => entries.filter((entry) => matchesSearch(entry, search)).map((entry) => entry.operation.operationId);

    expect(found('reschedule')).toEqual(['reschedulePost']);
    expect(found('DELETE posts')).toEqual(['deletePost']);
    expect(found('')).toHaveLength(entries.length);
  });
});
