import { fillPath, routes, type RouteId } from '../../shared/api/routes';
import { publicApiPath } from '../../shared/api/publicApi';
import type { TwinInfo } from './twinInfo';

/** A request to one route of the route table, in its parts. */
export interface RouteRequest {
  path?: Record<string, string>;
  query?: Record<string, string>;
  body?: unknown;
  /** Sent as is (not JSON-encoded): lets hostile-input tests send broken JSON. */
  rawBody?: string;
  /** More request headers (the current workspace: test/support/workspaces.ts). */
  headers?: Record<string, string>;
}

export interface RouteResponse {
  status: number;
  text: string;
  body: unknown;
  headers: Headers;
}

/** The path template's parameter names: '/posts/{postId}' -> ['postId']. */
export function pathParameters(id: RouteId): string[] {
  return [...routes[id].path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!);
}

/** Calls a route by its id, as the front end's client (or a hostile one) would. Redirects are not followed. */
export async function callRoute(twin: TwinInfo, id: RouteId, request: RouteRequest = {}, token?: string): Promise<RouteResponse> {
  const route = routes[id];
  const query = request.query ? `?${new URLSearchParams(request.query).toString()}` : '';
  const hasBody = request.body !== undefined || request.rawBody !== undefined;
  const response = await fetch(`${twin.apiUrl}${fillPath(route.path, request.path)}${query}`, {
    method: route.method,
    redirect: 'manual',
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(hasBody ? { 'content-type': 'application/json' } : {}),
      ...request.headers,
    },
    ...(hasBody ? { body: request.rawBody ?? JSON.stringify(request.body) } : {}),
  });
  const text = await response.text();
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = undefined;
  }
  return { status: response.status, text, body, headers: response.headers };
}

/**
 * callRoute for tests that walk the whole route table as one caller: a 429 (the per-caller limit,
 * 60 calls in 5 s) is waited out as its Retry-After says, then the call is sent again — the
 * answer under test is the one after the limit, never the limit itself.
 */
export async function callRouteWithinLimits(twin: TwinInfo, id: RouteId, request: RouteRequest = {}, token?: string): Promise<RouteResponse> {
  for (let attempt = 1; ; attempt++) {
    const response = await callRoute(twin, id, request, token);
    if (response.status !== 429 || attempt >= 6) return response;
    const seconds = Number(response.headers.get('retry-after') ?? '1');
    await new Promise((resolve) => setTimeout(resolve, Math.max(1, seconds) * 1000));
  }
}

/** Calls a route of the public API at its /v1 path with an API key (or any bearer text), as a script would; a 429 is waited out as in callRouteWithinLimits. */
export async function callPublicApi(twin: TwinInfo, id: RouteId, request: RouteRequest, bearer: string): Promise<RouteResponse> {
  const route = routes[id];
  const query = request.query ? `?${new URLSearchParams(request.query).toString()}` : '';
  const hasBody = request.body !== undefined;
  for (let attempt = 1; ; attempt++) {
    const response = await fetch(`${twin.apiUrl}${publicApiPath(fillPath(route.path, request.path))}${query}`, {
      method: route.method,
      redirect: 'manual',
      headers: { authorization: `Bearer ${bearer}`, ...(hasBody ? { 'content-type': 'application/json' } : {}), ...request.headers },
      ...(hasBody ? { body: JSON.stringify(request.body) } : {}),
    });
    const text = await response.text();
    if (response.status === 429 && attempt < 6) {
      await new Promise((resolve) => setTimeout(resolve, Math.max(1, Number(response.headers.get('retry-after') ?? '1')) * 1000));
      continue;
    }
    return { status: response.status, text, body: text ? (JSON.parse(text) as unknown) : undefined, headers: response.headers };
  }
}
