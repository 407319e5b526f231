import type { PlatformAdapter, AdapterFactory } from '../../../../functions/platforms/adapter';
import { createPlatformHttp } from '../../../../functions/platforms/http';
import { platformHosts } from '../../../../functions/platforms/hosts';
import type { Platform } from '../../../../shared/platforms';

export interface RecordedRequest {
  method: string;
  url: URL;
  headers: Record<string, string>;
  body: string;
  form: URLSearchParams;
}

export interface CannedResponse {
  status?: number;
  body?: unknown;
  headers?: Record<string, string>;
}

export const now = new Date('2026-11-22T10:00:00.000Z');
export const clock = { now: () => now };
export const credentials = { clientId: 'client-id-123', clientSecret: 'client-secret-456' };

/**
 * An adapter wired to a fake fetch that records every request and answers with the canned
 * responses in order — the contract tests compare the requests with platform-apis.md.
 */
export function adapterWith(platform: Platform, factory: AdapterFactory, responses: CannedResponse[] = []) {
  const requests: RecordedRequest[] = [];
  const queue = [...responses];
  const fetchImpl = async (url: string, init: RequestInit) => {
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries((init.headers ?? {}) as Record<string, string>)) headers[name.toLowerCase()] = value;
    const body = typeof init.body === 'string' ? init.body : '';
    requests.push({ method: init.method ?? 'GET', url: new URL(url), headers, body, form: new URLSearchParams(body) });
    const next = queue.shift() ?? { status: 200, body: {} };
    return new Response(next.body === undefined ? null : JSON.stringify(next.body), {
      status: next.status ?? 200,
      headers: { 'content-type': 'application/json', ...next.headers },
    });
  };
  const adapter: PlatformAdapter = factory({
    credentials,
    hosts: { ...platformHosts[platform] },
    http: createPlatformHttp(platform, fetchImpl),
    clock,
  });
  return { adapter, requests };
}

export function formOf(request: RecordedRequest): Record<string, string> {
  return Object.fromEntries(request.form.entries());
}

export function queryOf(url: string | URL): Record<string, string> {
  return Object.fromEntries(new URL(url).searchParams.entries());
}

export const baseTokens = {
  accessToken: 'access-1',
  refreshToken: 'refresh-1',
  accessTokenExpiresAt: '2026-11-22T11:00:00.000Z',
  accessTokenIssuedAt: '2026-11-22T10:00:00.000Z',
  scopes: [],
};
