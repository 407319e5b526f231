import { fillPath, routes, type RouteId } from '../../shared/api/routes';
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
