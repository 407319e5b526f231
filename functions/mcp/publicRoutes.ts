import type { Context } from 'aws-lambda';
import { fillPath, routes, type HandlerGroupName, type RouteDefinition } from '../../shared/api/routes';
import { publicApiPath, type PublicApiRouteId } from '../../shared/api/publicApi';
import { jsonSchemaOf } from '../../shared/api/openapi';
import type { JsonSchema } from '../../shared/api/openapiDocument';
import type { ApiEvent, ApiResult } from '../http/apiEvent';
import { markMcpCall } from '../http/keyGate';

/** An API function's handler, as Lambda (or the twin) calls it. */
export type LambdaHandler = (event: ApiEvent, context: Context) => Promise<ApiResult>;

/** A public route's answer as the MCP server reads it. */
export interface PublicRouteAnswer {
  status: number;
  /** The parsed JSON body (a problem document on errors), undefined for 204. */
  body: unknown;
}

export interface PublicRouteCall {
  route: PublicApiRouteId;
  /** The tool's arguments: the route's path, query and body fields side by side. */
  args: Record<string, unknown>;
  /** The MCP request's bearer (an API key or an MCP access token), passed on as the route's. */
  bearer: string;
  idempotencyKey?: string | undefined;
  /** The MCP request's event: its caller's address headers and request context are kept. */
  source: ApiEvent;
  context: Context;
}

/** The property names of a path or query schema (plain objects in the route table). */
function fieldsOf(schema: unknown): string[] {
  if (!schema) return [];
  return Object.keys((jsonSchemaOf(schema as never, 'input').properties as Record<string, JsonSchema> | undefined) ?? {});
}

const HEADERS_NOT_PASSED = new Set(['authorization', 'content-type', 'content-length', 'idempotency-key', 'accept', 'mcp-protocol-version', 'mcp-session-id']);

/**
 * Calls a public route in process, exactly as `/v1` calls it: the event the API would build for
 * `POST /v1/posts` (the bearer, the Idempotency-Key, the caller's address), given to the route's
 * own group handler, which checks the key's scope, its limit, its maker's account, current role
 * and accounts, runs the route once per Idempotency-Key and answers problem documents
 * (functions/http/httpHandler.ts, dispatchKey). Nothing of a route is done twice or differently
 * here. The event is marked as the MCP server's, the one place an MCP access token is accepted.
 */
export function createPublicRouteInvoker(handlers: Partial<Record<HandlerGroupName, LambdaHandler>>) {
  return async function invoke({ route: id, args, bearer, idempotencyKey, source, context }: PublicRouteCall): Promise<PublicRouteAnswer> {
    const route: RouteDefinition = routes[id];
    const handler = handlers[route.handler];
    if (!handler) throw new Error(`The MCP server has no handler for the ${route.handler} group (route ${id})`);
    const pathNames = fieldsOf(route.input.path);
    const queryNames = fieldsOf(route.input.query);
    const pathParameters: Record<string, string> = {};
    const queryStringParameters: Record<string, string> = {};
    const body: Record<string, unknown> = {};
    for (const [name, value] of Object.entries(args)) {
      if (pathNames.includes(name)) pathParameters[name] = String(value);
      else if (queryNames.includes(name)) queryStringParameters[name] = typeof value === 'string' ? value : JSON.stringify(value);
      else body[name] = value;
    }
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(source.headers ?? {})) if (value !== undefined && !HEADERS_NOT_PASSED.has(name.toLowerCase())) headers[name.toLowerCase()] = value;
    headers['authorization'] = `Bearer ${bearer}`;
    if (route.input.body) headers['content-type'] = 'application/json';
    if (idempotencyKey && route.idempotent) headers['idempotency-key'] = idempotencyKey;
    const path = publicApiPath(route.path);
    const routeKey = `${route.method} ${path}`;
    // A missing path parameter is the route's to refuse in words: the template's own name stands in.
    const rawPath = fillPath(path, Object.fromEntries(pathNames.map((name) => [name, pathParameters[name] ?? `{${name}}`])));
    const event = markMcpCall({
      version: '2.0',
      routeKey,
      rawPath,
      rawQueryString: new URLSearchParams(queryStringParameters).toString(),
      headers,
      ...(pathNames.length ? { pathParameters } : {}),
      ...(Object.keys(queryStringParameters).length ? { queryStringParameters } : {}),
      ...(route.input.body ? { body: JSON.stringify(body) } : {}),
      isBase64Encoded: false,
      requestContext: {
        ...source.requestContext,
        routeKey,
        http: { ...source.requestContext.http, method: route.method, path: rawPath },
        authorizer: { principalId: '', integrationLatency: 0, jwt: { claims: {}, scopes: [] } },
      },
    } as ApiEvent);
    const result = await handler(event, context);
    const text = result.body ?? '';
    return { status: result.statusCode ?? 200, body: text === '' ? undefined : (JSON.parse(text) as unknown) };
  };
}

export type PublicRouteInvoker = ReturnType<typeof createPublicRouteInvoker>;
