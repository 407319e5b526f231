import type { Platform } from '../../../shared/platforms';
import type { SandboxResponse } from './http';

/**
 * Injected faults: the next N requests that match a platform, method and real path get the
 * fault's effect. Effects are applied in one place (`sandbox.ts`):
 *
 *   status (+ body, headers)   answer this instead of the platform; the request has no effect
 *   dropConnection: 'before'   close the connection without answering; no effect
 *   dropConnection: 'after'    the platform does what the request asks (the post exists), then
 *                              the connection closes without an answer
 *   delayMs                    answer that much later: the fault's answer, or (alone) the
 *                              platform's own answer, whose effect happens at once
 *   expireToken                the platform expires the access tokens (the request's account,
 *                              or every account of the platform for a request without a token)
 *                              just before it handles the request, and answers as it then does
 *
 * A fault names the request by its real `path`, or by `route`: the route pattern the request
 * log shows (`/{ig}/media_publish`), which matches whatever ids the path carries. Or, with
 * `afterFault`, it names no request: it takes the platform's first request after another of its
 * faults took effect, whatever its method and path (the call that follows a lost answer: the
 * look-up that asks whether the post exists).
 */

export interface FaultInput {
  platform: Platform;
  /** Required, except with `afterFault`. */
  method?: string;
  /** The real path after the host key, without the query (e.g. `/token`, `/v2/oauth/token/`). */
  path?: string;
  /** Or the route pattern as the request log shows it (e.g. `/2/media/upload/{id}/append`). */
  route?: string;
  /** Only this host (e.g. `oauth2`); omitted = any host of the platform. */
  hostKey?: string;
  /**
   * Only requests made with a token of this sandbox account; omitted = anyone's. Lets tests that
   * run side by side inject faults without touching each other's requests.
   */
  account?: string;
  /** Answer with this status instead of the platform's answer. */
  status?: number;
  /** With `status`: a string is sent as is; anything else as JSON. Omitted = empty body. */
  body?: unknown;
  headers?: Record<string, string>;
  /** Milliseconds to wait before answering (or before dropping). */
  delayMs?: number;
  dropConnection?: 'before' | 'after';
  expireToken?: boolean;
  /** How many matching requests get the fault; default 1. */
  times?: number;
  /** How many matching requests pass untouched first (e.g. 1: the post's create call, then the reply's); default 0. */
  skip?: number;
  /** Instead of method and path or route: the platform's first request after another of its faults took effect. */
  afterFault?: boolean;
}

export type FaultAction =
  | { kind: 'respond'; response: SandboxResponse }
  | { kind: 'drop'; when: 'before' | 'after' }
  | { kind: 'expireToken' }
  | { kind: 'pass' };

export interface FaultEffect {
  delayMs: number;
  action: FaultAction;
}

interface Fault {
  platform: Platform;
  /** Undefined with `afterFault`: any request. */
  method: string | undefined;
  path: string | undefined;
  route: string | undefined;
  hostKey: string | undefined;
  account: string | undefined;
  remaining: number;
  /** Matching requests still to let through before the fault applies. */
  skip: number;
  /** With `afterFault`: how many faults of the platform had taken effect when it was injected (it waits for one more). */
  after: number | undefined;
  effect: FaultEffect;
}

export interface FaultMatch {
  platform: Platform;
  hostKey: string;
  method: string;
  /** The path as requested and the path the routes see (they differ where the platform's canonicalPath drops a version prefix). */
  paths: string[];
  /** The pattern of the route that answers it, if one does. */
  route?: string;
  /** The sandbox account whose token the request carries, when it carries one. */
  account?: string;
}

export interface Faults {
  inject(input: FaultInput): void;
  /** The effect for this request, using up one of the fault's times; undefined = no fault. */
  take(request: FaultMatch): FaultEffect | undefined;
  /** Forgets the faults of one platform, or all. */
  clear(platform?: Platform): void;
}

const MAX_DELAY_MS = 10 * 60 * 1000;

function respondAction(input: FaultInput & { status: number }): FaultAction {
  const headers: Record<string, string> = {};
  let body: string | undefined;
  if (typeof input.body === 'string') {
    body = input.body;
    headers['content-type'] = 'text/plain; charset=utf-8';
  } else if (input.body !== undefined) {
    body = JSON.stringify(input.body);
    headers['content-type'] = 'application/json; charset=utf-8';
  }
  for (const [name, value] of Object.entries(input.headers ?? {})) headers[name.toLowerCase()] = value;
  return { kind: 'respond', response: { status: input.status, headers, ...(body === undefined ? {} : { body }) } };
}

function effectOf(input: FaultInput): FaultEffect {
  const delayMs = input.delayMs ?? 0;
  if (!Number.isInteger(delayMs) || delayMs < 0 || delayMs > MAX_DELAY_MS) throw new Error(`delayMs must be an integer from 0 to ${MAX_DELAY_MS}`);
  if (input.status !== undefined && input.dropConnection !== undefined) throw new Error('a fault either answers (status) or drops the connection, not both');
  if (input.expireToken) {
    if (input.status !== undefined || input.dropConnection !== undefined) throw new Error('expireToken lets the platform answer: no status or dropConnection with it');
    return { delayMs, action: { kind: 'expireToken' } };
  }
  if (input.status !== undefined) {
    if (!Number.isInteger(input.status) || input.status < 100 || input.status > 599) throw new Error('status must be an HTTP status code');
    return { delayMs, action: respondAction({ ...input, status: input.status }) };
  }
  if (input.body !== undefined || input.headers !== undefined) throw new Error('body and headers go with status');
  if (input.dropConnection !== undefined) {
    if (input.dropConnection !== 'before' && input.dropConnection !== 'after') throw new Error("dropConnection must be 'before' or 'after'");
    return { delayMs, action: { kind: 'drop', when: input.dropConnection } };
  }
  if (input.delayMs === undefined) throw new Error('a fault needs status, dropConnection or delayMs');
  return { delayMs, action: { kind: 'pass' } };
}

/** Where a fault applies: a method and a path or route, or (afterFault) none. */
function requestOf(input: FaultInput): Pick<Fault, 'method' | 'path' | 'route'> {
  if (input.afterFault) {
    if (input.method !== undefined || input.path !== undefined || input.route !== undefined) throw new Error('afterFault takes the next request whatever it is: no method, path or route with it');
    return { method: undefined, path: undefined, route: undefined };
  }
  if (!input.method) throw new Error('a fault names a method (or is afterFault)');
  if ((input.path === undefined) === (input.route === undefined)) throw new Error('a fault names either a path or a route');
  const where = input.path ?? input.route!;
  if (!where.startsWith('/') || where.includes('?')) throw new Error('path and route are the real path (or its pattern) after the host key, without a query');
  return { method: input.method.toUpperCase(), path: input.path, route: input.route };
}

export function createFaults(): Faults {
  let faults: Fault[] = [];
  /** Faults that took effect, per platform (what an afterFault fault waits for). */
  const taken = new Map<Platform, number>();
  const takenOf = (platform: Platform) => taken.get(platform) ?? 0;
  const matches = (candidate: Fault, request: FaultMatch): boolean => {
    if (candidate.platform !== request.platform) return false;
    if (candidate.account !== undefined && candidate.account !== request.account) return false;
    if (candidate.after !== undefined) return takenOf(request.platform) > candidate.after;
    return (
      candidate.method === request.method.toUpperCase() &&
      (candidate.hostKey === undefined || candidate.hostKey === request.hostKey) &&
      (candidate.path !== undefined ? request.paths.includes(candidate.path) : candidate.route === request.route)
    );
  };
  return {
    inject(input) {
      const times = input.times ?? 1;
      if (!Number.isInteger(times) || times < 1) throw new Error('times must be a positive integer');
      const skip = input.skip ?? 0;
      if (!Number.isInteger(skip) || skip < 0) throw new Error('skip must be a whole number');
      faults.push({
        platform: input.platform,
        ...requestOf(input),
        hostKey: input.hostKey,
        account: input.account,
        remaining: times,
        skip,
        after: input.afterFault ? takenOf(input.platform) : undefined,
        effect: effectOf(input),
      });
    },
    take(request) {
      const fault = faults.find((candidate) => matches(candidate, request));
      if (!fault) return undefined;
      if (fault.skip > 0) {
        fault.skip -= 1;
        return undefined;
      }
      fault.remaining -= 1;
      if (fault.remaining === 0) faults = faults.filter((candidate) => candidate !== fault);
      taken.set(request.platform, takenOf(request.platform) + 1);
      return fault.effect;
    },
    clear(platform) {
      faults = platform ? faults.filter((fault) => fault.platform !== platform) : [];
    },
  };
}
