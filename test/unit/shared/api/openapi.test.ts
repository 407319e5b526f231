import { describe, expect, it } from 'vitest';
import { toJSONSchema, type ZodType } from 'zod';
import { routes, routeIds, type RouteDefinition } from '../../../../shared/api/routes';
import { publicApiPath, publicApiRoutes, type PublicApiRouteId } from '../../../../shared/api/publicApi';
import { apiTags, buildOpenApiDocument } from '../../../../shared/api/openapi';
import { openApiDocumentSchema, type JsonSchema, type OpenApiDocument, type Operation, type OperationMethod } from '../../../../shared/api/openapiDocument';
import { validateOpenApi } from '../../../support/openapi';

const document = buildOpenApiDocument({ serverUrl: 'https://oneclick.example/api' });
const publicIds = Object.keys(publicApiRoutes) as PublicApiRouteId[];

/** The schema zod itself makes of a route's schema, independently of the generator. */
function derived(schema: ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _dialect, ...converted } = toJSONSchema(schema, { io, target: 'draft-2020-12' }) as JsonSchema;
  return converted;
}

/** A schema with a top-level $ref into components.schemas resolved. */
function resolved(schema: JsonSchema | undefined, within: OpenApiDocument = document): JsonSchema | undefined {
  const ref = schema?.['$ref'];
  if (typeof ref !== 'string') return schema;
  return within.components.schemas[ref.replace('#/components/schemas/', '')];
}

function operationOf(id: PublicApiRouteId): Operation {
  const route: RouteDefinition = routes[id];
  const operation = document.paths[publicApiPath(route.path)]?.[route.method.toLowerCase() as OperationMethod];
  if (!operation) throw new Error(`${id} is not in the document at ${route.method} ${publicApiPath(route.path)}`);
  return operation;
}

function allOperations(): Array<{ path: string; method: string; operation: Operation }> {
  return Object.entries(document.paths).flatMap(([path, methods]) => Object.entries(methods).map(([method, operation]) => ({ path, method, operation: operation! })));
}

describe('The OpenAPI document', () => {
  it('is a valid OpenAPI 3.1 document for @seriousme/openapi-schema-validator', async () => {
    const result = await validateOpenApi(document);

    expect(result.errors).toBe('[]');
    expect(result.valid).toBe(true);
    expect(result.version).toBe('3.1');
  });

  it('lists every route of the public API at its /v1 path and method, and no other route', () => {
    for (const id of publicIds) expect(operationOf(id).operationId).toBe(id);

    const listed = allOperations();
    expect(listed.map(({ operation }) => operation.operationId).sort()).toEqual([...publicIds].sort());
    for (const { path, method, operation } of listed) {
      const route: RouteDefinition = routes[operation.operationId as PublicApiRouteId];
      expect(`${method.toUpperCase()} ${path}`).toBe(`${route.method} /v1${route.path}`);
    }
    const others = routeIds.filter((id) => !Object.hasOwn(publicApiRoutes, id));
    expect(others).toContain('getOpenApiDocument');
    expect(others).toContain('deleteAccount');
    for (const id of others) expect(listed.some(({ operation }) => operation.operationId === id)).toBe(false);
  });

  it("takes each operation's summary from its route and names its scope in its security, its extension and its words", () => {
    for (const id of publicIds) {
      const operation = operationOf(id);
      const scope = publicApiRoutes[id];
      expect(operation.summary).toBe(routes[id].summary);
      expect(operation.security).toEqual([{ apiKey: [scope] }]);
      expect(operation['x-oneclick-scope']).toBe(scope);
      expect(operation.description).toContain(`**${scope}** scope`);
    }
    expect(document.components.securitySchemes['apiKey']).toMatchObject({ type: 'http', scheme: 'bearer' });
  });

  it("has each request body equal to the JSON Schema zod makes of the route's input", () => {
    for (const id of publicIds) {
      const route: RouteDefinition = routes[id];
      const body = operationOf(id).requestBody;
      if (!route.input.body) {
        expect(body, id).toBeUndefined();
        continue;
      }
      expect(body?.required, id).toBe(true);
      expect(resolved(body?.content['application/json']?.schema), id).toEqual(derived(route.input.body, 'input'));
    }
  });

  it("has each path and query parameter equal to the property zod makes of the route's input", () => {
    for (const id of publicIds) {
      const route: RouteDefinition = routes[id];
      const parameters = operationOf(id).parameters ?? [];
      for (const location of ['path', 'query'] as const) {
        const schema = route.input[location];
        const mine = parameters.filter((parameter) => parameter.in === location);
        if (!schema) {
          expect(mine, `${id} ${location}`).toEqual([]);
          continue;
        }
        const expected = derived(schema, 'input');
        const required = (expected['required'] as string[] | undefined) ?? [];
        expect(Object.fromEntries(mine.map((parameter) => [parameter.name, parameter.schema])), `${id} ${location}`).toEqual(expected['properties']);
        for (const parameter of mine) expect(parameter.required, `${id} ${parameter.name}`).toBe(location === 'path' || required.includes(parameter.name));
      }
      const templated = [...route.path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();
      expect(parameters.filter((parameter) => parameter.in === 'path').map((parameter) => parameter.name).sort(), id).toEqual(templated);
    }
  });

  it("answers 200 with the JSON Schema zod makes of the route's output, or 204 where the route answers nothing", () => {
    for (const id of publicIds) {
      const route: RouteDefinition = routes[id];
      const { responses } = operationOf(id);
      if (route.output.safeParse(undefined).success) {
        expect(responses['204'], id).toBeDefined();
        expect(responses['200'], id).toBeUndefined();
        continue;
      }
      const ok = responses['200'] as { content: Record<string, { schema: JsonSchema }> };
      expect(resolved(ok.content['application/json']?.schema), id).toEqual(derived(route.output, 'output'));
    }
    expect(operationOf('abortUpload').responses['204']).toEqual({ description: 'Done; no content.' });
  });

  it('names the fields a script needs where they are expected', () => {
    const createPost = resolved(operationOf('createPost').requestBody?.content['application/json']?.schema)!;
    expect(Object.keys(createPost['properties'] as object)).toContain('targets');
    expect(createPost['required']).toContain('targets');
    expect(operationOf('getPost').parameters?.map((parameter) => parameter.name)).toEqual(['postId']);
    expect(operationOf('listPosts').parameters?.map((parameter) => parameter.name)).toEqual(expect.arrayContaining(['status', 'platform', 'limit']));
    const post = resolved({ $ref: '#/components/schemas/Post' })!;
    expect(Object.keys(post['properties'] as object)).toEqual(expect.arrayContaining(['postId', 'targets']));
  });

  it('describes errors as RFC 9457 problem details, and 429 with Retry-After and the RateLimit headers', () => {
    const problem = document.components.schemas['Problem']!;
    expect(problem['required']).toEqual(['type', 'title', 'status', 'detail', 'code', 'issues']);
    for (const { operation } of allOperations()) {
      for (const status of ['400', '401', '403', '404', '409', '429']) {
        const response = operation.responses[status] as { $ref: string };
        const name = response.$ref.replace('#/components/responses/', '');
        expect(document.components.responses[name]?.content?.['application/problem+json']?.schema, `${operation.operationId} ${status}`).toEqual({ $ref: '#/components/schemas/Problem' });
      }
      expect(Object.hasOwn(operation.responses, '422'), operation.operationId).toBe(operation['x-oneclick-idempotent']);
    }
    expect(Object.keys(document.components.responses['TooManyRequests']?.headers ?? {})).toEqual(['Retry-After', 'RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset']);
  });

  it('takes an Idempotency-Key header exactly on the idempotent routes', () => {
    for (const id of publicIds) {
      const route: RouteDefinition = routes[id];
      const header = operationOf(id).parameters?.find((parameter) => parameter.in === 'header');
      expect(header?.name, id).toBe(route.idempotent ? 'Idempotency-Key' : undefined);
      expect(operationOf(id)['x-oneclick-idempotent'], id).toBe(route.idempotent === true);
    }
    expect(operationOf('createPost').parameters?.map((parameter) => parameter.name)).toContain('Idempotency-Key');
  });

  it('puts every operation in one of the reference groups, and lists the server it was given', () => {
    const groups = apiTags.map((tag) => tag.name as string);
    for (const { operation } of allOperations()) expect(groups, operation.operationId).toContain(operation.tags[0]);
    expect(operationOf('approvePost').tags).toEqual(['approvals']);
    expect(operationOf('listConnections').tags).toEqual(['accounts']);
    expect(operationOf('getQueue').tags).toEqual(['queue']);
    expect(document.servers).toEqual([{ url: 'https://oneclick.example/api', description: expect.any(String) }]);
  });

  it('passes through the route\'s output schema whole, as the app\'s client parses it', () => {
    const parsed = openApiDocumentSchema.parse(JSON.parse(JSON.stringify(document)));

    expect(parsed).toEqual(JSON.parse(JSON.stringify(document)));
  });
});
