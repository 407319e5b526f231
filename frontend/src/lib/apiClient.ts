import type { RouteDefinition, RouteId, RouteInput, RouteOutput } from '../../../shared/api/routes';
import { WORKSPACE_HEADER } from '../../../shared/api/workspaceHeader';

/** The route table and its zod schemas load with the first API call, not with the first page. */
const routeTable = () => import('../../../shared/api/routes');

/** An API error with the server's words (never a raw error object). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code: string,
    readonly issues: Array<{ path: string; message: string }> = [],
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** How often an idempotent write is sent when the network fails (the same Idempotency-Key each time). */
export const NETWORK_ATTEMPTS = 3;

export interface CallOptions {
  /** The Idempotency-Key of an idempotent route (one per submission; a new one per call otherwise). */
  idempotencyKey?: string;
}

/** A fresh Idempotency-Key. */
export function newIdempotencyKey(): string {
  return globalThis.crypto.randomUUID();
}

/**
 * One Idempotency-Key per submission: the same request gets the same key until it succeeds, so
 * sending it again after a lost answer (a network error, the user pressing again) is recognised
 * by the server and publishes nothing twice; after a success, the next submission gets a new key.
 */
export function createSubmissionKeys() {
  let current: { request: string; key: string } | undefined;
  return {
    keyFor(request: unknown): string {
      const content = JSON.stringify(request) ?? '';
      if (current?.request !== content) current = { request: content, key: newIdempotencyKey() };
      return current.key;
    },
    succeeded(): void {
      current = undefined;
    },
  };
}

export interface ApiClientOptions {
  baseUrl: string;
  getToken: () => Promise<string | undefined>;
  /** The current workspace's id, sent on every signed-in call (undefined: the personal workspace). */
  getWorkspace?: () => string | undefined;
  /** Told of every API error before the caller sees it (the shell reacts to a lost membership). */
  onError?: (error: ApiError) => void;
  fetch?: typeof fetch;
}

/**
 * The one API client, typed from the route table. It does not show toasts or navigate;
 * callers decide what to do with an ApiError.
 */
export function createApiClient(options: ApiClientOptions) {
  const doFetch = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));

  return async function call<Id extends RouteId>(id: Id, input: RouteInput<Id> = {} as RouteInput<Id>, callOptions: CallOptions = {}): Promise<RouteOutput<Id>> {
    const { routes, fillPath } = await routeTable();
    const route: RouteDefinition = routes[id];
    const parts = input as { path?: Record<string, string>; query?: Record<string, unknown>; body?: unknown };
    const url = new URL(`${options.baseUrl}${fillPath(route.path, parts.path)}`, globalThis.location?.origin ?? 'http://localhost');
    for (const [name, value] of Object.entries(parts.query ?? {})) {
      if (value !== undefined && value !== null) url.searchParams.set(name, String(value));
    }
    const headers: Record<string, string> = { accept: 'application/json' };
    if (route.auth === 'user') {
      const token = await options.getToken();
      if (!token) throw new ApiError(401, 'Authentication required', 'AuthenticationRequired');
      headers['authorization'] = `Bearer ${token}`;
      const workspace = options.getWorkspace?.();
      if (workspace) headers[WORKSPACE_HEADER] = workspace;
    }
    if (parts.body !== undefined) headers['content-type'] = 'application/json';
    // A write the server runs once per key: sent with one, and sent again with the same key when
    // the network lost the request or its answer (the server answers the first answer).
    const idempotent = route.idempotent === true;
    if (idempotent) headers['idempotency-key'] = callOptions.idempotencyKey ?? newIdempotencyKey();
    const send = () => doFetch(url, { method: route.method, headers, ...(parts.body !== undefined ? { body: JSON.stringify(parts.body) } : {}) });
    let response: Response;
    for (let attempt = 1; ; attempt++) {
      try {
        response = await send();
        break;
      } catch (error) {
        if (!idempotent || attempt >= NETWORK_ATTEMPTS) throw error;
      }
    }
    const text = await response.text();
    const payload = text ? (JSON.parse(text) as unknown) : undefined;
    if (!response.ok) {
      const error = (payload ?? {}) as { message?: string; code?: string; issues?: Array<{ path: string; message: string }> };
      const failure = new ApiError(response.status, error.message ?? response.statusText, error.code ?? 'HttpError', error.issues ?? []);
      options.onError?.(failure);
      throw failure;
    }
    return route.output.parse(payload) as RouteOutput<Id>;
  };
}

export type ApiCall = ReturnType<typeof createApiClient>;
