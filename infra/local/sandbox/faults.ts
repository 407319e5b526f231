import type { Platform } from '../../../shared/platforms';
import type { SandboxResponse } from './http';

/**
 * Injected faults: the next N requests that match a platform, method and real path get the
 * fault's effect instead of the platform's answer (the request has no other effect). Effects
 * are a union applied in one place (`sandbox.ts`), so new kinds slot in beside `respond`.
 */

export interface FaultInput {
  platform: Platform;
  method: string;
  /** The real path after the host key, without the query (e.g. `/token`, `/v2/oauth/token/`). */
  path: string;
  /** Only this host (e.g. `oauth2`); omitted = any host of the platform. */
  hostKey?: string;
  status: number;
  /** A string is sent as is; anything else as JSON. Omitted = empty body. */
  body?: unknown;
  headers?: Record<string, string>;
  /** How many matching requests get the fault; default 1. */
  times?: number;
}

export type FaultEffect = { kind: 'respond'; response: SandboxResponse };

interface Fault {
  platform: Platform;
  method: string;
  path: string;
  hostKey: string | undefined;
  remaining: number;
  effect: FaultEffect;
}

export interface FaultMatch {
  platform: Platform;
  hostKey: string;
  method: string;
  /** The path as requested and the path the routes see (they differ on Instagram's versioned graph paths). */
  paths: string[];
}

export interface Faults {
  inject(input: FaultInput): void;
  /** The effect for this request, using up one of the fault's times; undefined = no fault. */
  take(request: FaultMatch): FaultEffect | undefined;
  clear(): void;
}

function respondEffect(input: FaultInput): FaultEffect {
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

export function createFaults(): Faults {
  let faults: Fault[] = [];
  return {
    inject(input) {
      const times = input.times ?? 1;
      if (!Number.isInteger(times) || times < 1) throw new Error('times must be a positive integer');
      if (!Number.isInteger(input.status) || input.status < 100 || input.status > 599) throw new Error('status must be an HTTP status code');
      if (!input.path.startsWith('/') || input.path.includes('?')) throw new Error('path must be the real path after the host key, without a query');
      faults.push({
        platform: input.platform,
        method: input.method.toUpperCase(),
        path: input.path,
        hostKey: input.hostKey,
        remaining: times,
        effect: respondEffect(input),
      });
    },
    take(request) {
      const fault = faults.find(
        (candidate) =>
          candidate.platform === request.platform &&
          candidate.method === request.method.toUpperCase() &&
          (candidate.hostKey === undefined || candidate.hostKey === request.hostKey) &&
          request.paths.includes(candidate.path),
      );
      if (!fault) return undefined;
      fault.remaining -= 1;
      if (fault.remaining === 0) faults = faults.filter((candidate) => candidate !== fault);
      return fault.effect;
    },
    clear() {
      faults = [];
    },
  };
}
