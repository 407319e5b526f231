import type { Clock } from '../../clock';
import type { TokenSet } from '../adapter';
import type { PlatformHttp, PlatformRequest, PlatformResponse } from '../http';
import { classifyMastodonError } from './errors';
import { sessionOf } from './session';

/**
 * Calls to the account's own server with its bearer token (docs.joinmastodon.org/client/token):
 * `path` is the API's (e.g. /api/v1/statuses), the server comes from the connection.
 */
export interface MastodonApi {
  call(tokens: TokenSet, request: Omit<PlatformRequest, 'url'> & { path: string }): Promise<PlatformResponse>;
  /** Throws the classified error unless the answer is a 2xx. */
  ok(response: PlatformResponse): PlatformResponse;
}

export function createMastodonApi(http: PlatformHttp, clock: Clock): MastodonApi {
  return {
    call(tokens, { path, headers, ...request }) {
      return http({ ...request, url: `${sessionOf(tokens).server}${path}`, headers: { ...headers, authorization: `Bearer ${tokens.accessToken}` } });
    },
    ok(response) {
      if (response.status < 200 || response.status >= 300) throw classifyMastodonError(response, clock.now());
      return response;
    },
  };
}
