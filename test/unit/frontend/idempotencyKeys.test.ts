import { describe, expect, it } from 'vitest';
import { createApiClient, createSubmissionKeys, NETWORK_ATTEMPTS } from '../../../frontend/src/lib/apiClient';
import { sampleMe as me } from '../../support/fixtures';

/** A fetch that loses the first `drops` requests (a network error), then answers `status`. */
function flakyFetch(drops: number, status = 409) {
  const keys: Array<string | undefined> = [];
  const fetchImpl = (async (_input: RequestInfo | URL, init?: RequestInit) => {
    keys.push((init?.headers as Record<string, string>)['idempotency-key']);
    if (keys.length <= drops) throw new TypeError('Failed to fetch');
    return new Response(JSON.stringify({ code: 'Conflict', message: 'Only a scheduled post can be cancelled: it was cancelled.', issues: [] }), { status });
  }) as typeof fetch;
  return { keys, fetchImpl };
}

describe('Idempotency-Key in the API client', () => {
  it('sends a key with an idempotent write and sends it again, unchanged, when the network lost the request', async () => {
    const { keys, fetchImpl } = flakyFetch(2);
    const call = createApiClient({ baseUrl: '/api', getToken: async () => 'id-token', fetch: fetchImpl });

    await expect(call('cancelPost', { path: { postId: '01ARZ3NDEKTSV4RRFFQ69G5FAV' } }, { idempotencyKey: 'submission-key-1' })).rejects.toMatchObject({ status: 409 });

    expect(keys).toEqual(['submission-key-1', 'submission-key-1', 'submission-key-1']);
  });

  it('gives up after a bounded number of attempts, and makes a key when the caller gave none', async () => {
    const { keys, fetchImpl } = flakyFetch(10);
    const call = createApiClient({ baseUrl: '/api', getToken: async () => 'id-token', fetch: fetchImpl });

    await expect(call('retryPost', { path: { postId: '01ARZ3NDEKTSV4RRFFQ69G5FAV' } })).rejects.toBeInstanceOf(TypeError);

    expect(keys).toHaveLength(NETWORK_ATTEMPTS);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Set(keys).size).toBe(1);
  });

  it('sends no key with a read and does not repeat it', async () => {
    const keys: Array<string | undefined> = [];
    const fetchImpl = (async (_input: RequestInfo | URL, init?: RequestInit) => {
      keys.push((init?.headers as Record<string, string>)['idempotency-key']);
      if (keys.length === 1) throw new TypeError('Failed to fetch');
      return new Response(JSON.stringify(me), { status: 200 });
    }) as typeof fetch;
    const call = createApiClient({ baseUrl: '/api', getToken: async () => 'id-token', fetch: fetchImpl });

    await expect(call('getMe')).rejects.toBeInstanceOf(TypeError);
    expect(keys).toEqual([undefined]);
  });

  it('keeps one key per submission until it succeeds', () => {
    const keys = createSubmissionKeys();
    const post = { description: 'Hello', targets: [] };
    const first = keys.keyFor(post);

    expect(keys.keyFor({ ...post })).toBe(first);
    expect(keys.keyFor({ ...post, description: 'Changed' })).not.toBe(first);
    const changed = keys.keyFor({ ...post, description: 'Changed' });
    keys.succeeded();
    expect(keys.keyFor({ ...post, description: 'Changed' })).not.toBe(changed);
  });
});
