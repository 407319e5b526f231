import type { Clock } from '../../clock';
import type { TokenSet } from '../adapter';
import { withQuery, type PlatformRequest, type PlatformResponse } from '../http';
import type { DpopHttp } from './dpop';
import { classifyBlueskyError } from './errors';
import { sessionOf } from './session';

/**
 * XRPC calls to the account's PDS with its DPoP-bound access token (atproto.com/specs/xrpc):
 * queries are GET /xrpc/<nsid>?params, procedures POST /xrpc/<nsid> with a JSON or binary body.
 * The PDS proxies app.bsky.* reads to the AppView.
 */
export interface Xrpc {
  query(tokens: TokenSet, nsid: string, params: Record<string, string | string[] | undefined>): Promise<PlatformResponse>;
  procedure(tokens: TokenSet, nsid: string, body: { json: unknown } | { binary: Uint8Array; contentType: string }): Promise<PlatformResponse>;
  /** Throws the classified error unless the answer is a 2xx. */
  ok(response: PlatformResponse): PlatformResponse;
}

export function createXrpc(dpopHttp: DpopHttp, clock: Clock): Xrpc {
  const send = (tokens: TokenSet, request: PlatformRequest) => dpopHttp(sessionOf(tokens).dpopKey, request, tokens.accessToken);
  const url = (tokens: TokenSet, nsid: string) => `${sessionOf(tokens).pds}/xrpc/${nsid}`;
  return {
    query(tokens, nsid, params) {
      const target = new URL(withQuery(url(tokens, nsid), {}));
      for (const [name, value] of Object.entries(params)) {
        for (const item of Array.isArray(value) ? value : value === undefined ? [] : [value]) target.searchParams.append(name, item);
      }
      return send(tokens, { method: 'GET', url: target.toString() });
    },
    procedure(tokens, nsid, body) {
      return send(
        tokens,
        'json' in body
          ? { method: 'POST', url: url(tokens, nsid), json: body.json }
          : { method: 'POST', url: url(tokens, nsid), binary: body.binary, headers: { 'content-type': body.contentType } },
      );
    },
    ok(response) {
      if (response.status < 200 || response.status >= 300) throw classifyBlueskyError(response, clock.now());
      return response;
    },
  };
}
