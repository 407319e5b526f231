import { describe, expect, it } from 'vitest';
import { ApiError, createApiClient } from '../../../frontend/src/lib/apiClient';
import { sampleMe as me } from '../../support/fixtures';


function recordingFetch(status: number, body: unknown) {
  const calls: Array<{ url: string; init: RequestInit }> = [];
  const fetchImpl = (async (input: RequestInfo | URL, init?: RequestInit) => {
    calls.push({ url: String(input), init: init ?? {} });
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  }) as typeof fetch;
  return { calls, fetchImpl };
}

describe('API client', () => {
  it('calls the route from the table with the bearer token and parses the result', async () => {
    const { calls, fetchImpl } = recordingFetch(200, me);
    const call = createApiClient({ baseUrl: '/api', getToken: async () => 'id-token', fetch: fetchImpl });

    const result = await call('getMe');

    expect(result).toEqual(me);
    expect(calls[0]!.url).toBe('http://localhost/api/me');
    expect(calls[0]!.init.method).toBe('GET');
    expect((calls[0]!.init.headers as Record<string, string>)['authorization']).toBe('Bearer id-token');
  });

  it('turns an error response into an ApiError with the server\'s words', async () => {
    const { fetchImpl } = recordingFetch(403, { code: 'QuotaExceeded', message: 'Upgrade to post more.', issues: [] });
    const call = createApiClient({ baseUrl: '/api', getToken: async () => 'id-token', fetch: fetchImpl });

    await expect(call('getMe')).rejects.toMatchObject({ status: 403, code: 'QuotaExceeded', message: 'Upgrade to post more.' });
  });

  it('does not call a user route without a token', async () => {
    const { calls, fetchImpl } = recordingFetch(200, me);
    const call = createApiClient({ baseUrl: '/api', getToken: async () => undefined, fetch: fetchImpl });

    await expect(call('getMe')).rejects.toBeInstanceOf(ApiError);
    expect(calls).toHaveLength(0);
  });

  it('rejects a response that does not match the route\'s output schema', async () => {
    const { fetchImpl } = recordingFetch(200, { userId: 'u1' });
    const call = createApiClient({ baseUrl: '/api', getToken: async () => 't', fetch: fetchImpl });

    await expect(call('getMe')).rejects.toThrow();
  });
});
