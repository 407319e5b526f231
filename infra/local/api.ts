import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { usage } from './usage';
import { pathToFileURL } from 'node:url';
import { resolve } from 'node:path';
import { createRemoteJWKSet, jwtVerify, type JWTPayload } from 'jose';
import type { Context } from 'aws-lambda';
import { routeIds, routeKey, routes, type HandlerGroupName, type RouteDefinition } from '../../shared/api/routes';
import { handlerGroups } from '../../functions/handlers/groups';
import { isPublicApiRoute, publicApiPath } from '../../shared/api/publicApi';
import type { ApiEvent, ApiResult } from '../../functions/http/httpHandler';
import type { TwinLog } from './log';

const projectRoot = resolve(import.meta.dirname, '../..');
/** API Gateway's payload limit. */
const MAX_BODY_BYTES = 10 * 1024 * 1024;

export interface JwtAuthorizerSettings {
  issuer: string;
  audience: string;
  jwksUrl: string;
}

type LambdaHandler = (event: ApiEvent, context: Context) => Promise<ApiResult>;

interface CompiledRoute {
  route: RouteDefinition;
  pattern: RegExp;
  parameterNames: string[];
}

function compile(route: RouteDefinition): CompiledRoute {
  const parameterNames: string[] = [];
  const source = route.path
    .split('/')
    .map((segment) => {
      const parameter = /^\{(\w+)\}$/.exec(segment);
      if (!parameter) return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      parameterNames.push(parameter[1]!);
      return '([^/]+)';
    })
    .join('/');
  return { route, pattern: new RegExp(`^${source}$`), parameterNames };
}

function lambdaContext(functionName: string): Context {
  const deadline = Date.now() + 15_000;
  return {
    callbackWaitsForEmptyEventLoop: false,
    functionName,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:local:000000000000:function:${functionName}`,
    memoryLimitInMB: '512',
    awsRequestId: randomUUID(),
    logGroupName: `/aws/lambda/${functionName}`,
    logStreamName: 'local',
    getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  };
}

function readBody(request: IncomingMessage): Promise<Buffer | 'too-large'> {
  return new Promise((resolveBody, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_BODY_BYTES) chunks.push(chunk);
    });
    request.on('end', () => resolveBody(size > MAX_BODY_BYTES ? 'too-large' : Buffer.concat(chunks)));
    request.on('error', reject);
  });
}

function isText(contentType: string | undefined): boolean {
  return !contentType || /^(text\/|application\/(json|x-www-form-urlencoded|xml))/.test(contentType);
}

/**
 * The offline twin of API Gateway (HTTP API, payload 2.0) and its Cognito JWT authorizer:
 * matches the route table, verifies the token like the authorizer does (issuer, audience or
 * client_id, expiry, signature), builds the event and calls the same handler module.
 */
/**
 * API Gateway HTTP APIs refuse a request whose request line and header values together exceed
 * 10,240 bytes (HTTP API quotas). The twin's server accepts far longer heads so that this limit,
 * not Node's own 431, is what a client meets.
 */
export const API_GATEWAY_MAX_REQUEST_LINE_AND_HEADERS = 10_240;
export const REQUEST_HEAD_TOO_LARGE_MESSAGE = 'The request is too large: its address and headers may be at most 10 KB together.';

function requestLineAndHeaderBytes(request: IncomingMessage): number {
  let bytes = Buffer.byteLength(`${request.method ?? ''} ${request.url ?? ''} HTTP/${request.httpVersion}`);
  for (let index = 0; index < request.rawHeaders.length; index += 2) bytes += Buffer.byteLength(request.rawHeaders[index + 1] ?? '');
  return bytes;
}

export function createLocalApi(options: { authorizer: JwtAuthorizerSettings; stage: string; log: TwinLog }) {
  // The public API's routes twice: as the app calls them, and at /v1<path> with no JWT check (the
  // function verifies the API key), as the CDK Api construct mounts them.
  const compiled = routeIds.flatMap((id) => {
    const route: RouteDefinition = routes[id];
    return isPublicApiRoute(id) ? [compile(route), compile({ ...route, path: publicApiPath(route.path), auth: 'public' })] : [compile(route)];
  });
  const jwks = createRemoteJWKSet(new URL(options.authorizer.jwksUrl));
  const handlers = new Map<HandlerGroupName, Promise<LambdaHandler>>();

  function handlerFor(group: HandlerGroupName): Promise<LambdaHandler> {
    let loaded = handlers.get(group);
    if (!loaded) {
      const url = pathToFileURL(resolve(projectRoot, handlerGroups[group].entry)).href;
      loaded = import(url).then((module: { handler: LambdaHandler }) => module.handler);
      handlers.set(group, loaded);
    }
    return loaded;
  }

  async function verify(header: string | undefined): Promise<JWTPayload | undefined> {
    if (!header) return undefined;
    const token = header.replace(/^Bearer\s+/i, '').trim();
    try {
      const { payload } = await jwtVerify(token, jwks, { issuer: options.authorizer.issuer });
      const audience = payload.aud ?? payload['client_id'];
      const audiences = Array.isArray(audience) ? audience : [audience];
      return audiences.includes(options.authorizer.audience) ? payload : undefined;
    } catch {
      return undefined;
    }
  }

  function send(response: ServerResponse, result: ApiResult): void {
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(result.headers ?? {})) headers[name] = String(value);
    const body = result.body ?? '';
    // Payload 2.0: each of the result's cookies becomes a Set-Cookie header.
    const setCookies = result.cookies?.length ? { 'set-cookie': result.cookies } : {};
    response.writeHead(result.statusCode ?? 200, { ...headers, ...setCookies });
    response.end(result.isBase64Encoded ? Buffer.from(body, 'base64') : body);
  }

  /** Handles one request whose URL path (without the stage prefix) is `path`. */
  return async function handle(request: IncomingMessage, response: ServerResponse, url: URL, path: string): Promise<void> {
    const started = Date.now();
    const method = request.method ?? 'GET';
    let status = 500;
    try {
      if (requestLineAndHeaderBytes(request) > API_GATEWAY_MAX_REQUEST_LINE_AND_HEADERS) {
        status = 413;
        send(response, { statusCode: 413, headers: { 'content-type': 'application/json' }, body: JSON.stringify({ message: REQUEST_HEAD_TOO_LARGE_MESSAGE }) });
        return;
      }
      const match = compiled
        .map((candidate) => ({ candidate, found: candidate.pattern.exec(path) }))
        .find(({ candidate, found }) => found && candidate.route.method === method);
      if (!match?.found) {
        status = 404;
        send(response, { statusCode: 404, headers: { 'content-type': 'application/json' }, body: '{"message":"Not Found"}' });
        return;
      }
      const { route, parameterNames } = match.candidate;
      let claims: JWTPayload | undefined;
      if (route.auth === 'user') {
        claims = await verify(request.headers.authorization);
        if (!claims) {
          status = 401;
          send(response, { statusCode: 401, headers: { 'content-type': 'application/json' }, body: '{"message":"Unauthorized"}' });
          return;
        }
      }
      const body = await readBody(request);
      if (body === 'too-large') {
        status = 413;
        send(response, { statusCode: 413, headers: { 'content-type': 'application/json' }, body: '{"message":"Request Entity Too Large"}' });
        return;
      }
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(request.headers)) {
        if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(',') : value;
      }
      // Payload 2.0 moves the Cookie header into `cookies`, one `name=value` per entry.
      const cookies = headers['cookie']?.split(';').map((pair) => pair.trim()).filter(Boolean) ?? [];
      delete headers['cookie'];
      const query: Record<string, string> = {};
      for (const [name, value] of url.searchParams) query[name] = query[name] === undefined ? value : `${query[name]},${value}`;
      const pathParameters: Record<string, string> = {};
      parameterNames.forEach((name, index) => (pathParameters[name] = decodeURIComponent(match.found![index + 1]!)));
      const text = isText(headers['content-type']);
      const now = new Date();
      const event = {
        version: '2.0',
        routeKey: routeKey(route),
        rawPath: url.pathname,
        rawQueryString: url.search.slice(1),
        ...(cookies.length ? { cookies } : {}),
        headers,
        ...(Object.keys(query).length ? { queryStringParameters: query } : {}),
        ...(parameterNames.length ? { pathParameters } : {}),
        ...(body.length ? { body: text ? body.toString('utf8') : body.toString('base64') } : {}),
        isBase64Encoded: body.length > 0 && !text,
        requestContext: {
          accountId: '000000000000',
          apiId: 'local',
          domainName: headers['host'] ?? '127.0.0.1',
          domainPrefix: 'local',
          http: {
            method,
            path: url.pathname,
            protocol: 'HTTP/1.1',
            sourceIp: request.socket.remoteAddress ?? '127.0.0.1',
            userAgent: headers['user-agent'] ?? '',
          },
          requestId: randomUUID(),
          routeKey: routeKey(route),
          stage: options.stage,
          time: now.toISOString(),
          timeEpoch: now.getTime(),
          authorizer: {
            principalId: '',
            integrationLatency: 0,
            jwt: {
              claims: Object.fromEntries(Object.entries(claims ?? {}).map(([name, value]) => [name, typeof value === 'string' ? value : JSON.stringify(value)])),
              scopes: [],
            },
          },
        },
      } as ApiEvent;
      const handler = await handlerFor(route.handler);
      usage.apiRequest(routeKey(route));
      const invoked = performance.now();
      const result = await handler(event, lambdaContext(`oneclick-${route.handler}`));
      usage.invocation(`api:${route.handler}:${routeKey(route)}`, performance.now() - invoked);
      status = result.statusCode ?? 200;
      send(response, result);
    } catch (error) {
      options.log.error('api', `${method} ${path}: ${(error as Error).stack ?? String(error)}`);
      status = 502;
      if (!response.headersSent) send(response, { statusCode: 502, headers: { 'content-type': 'application/json' }, body: '{"message":"Internal Server Error"}' });
    } finally {
      options.log.info('api', `${method} ${path} ${status} ${Date.now() - started}ms`);
    }
  };
}

export type LocalApi = ReturnType<typeof createLocalApi>;
