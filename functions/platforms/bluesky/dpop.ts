import type { Clock } from '../../clock';
import type { PlatformHttp, PlatformRequest, PlatformResponse } from '../http';
import { dpopProof, type PrivateJwk } from './keys';

/**
 * Requests with a DPoP proof (RFC 9449), to the authorization server and to the PDS. Servers
 * hand out nonces in `DPoP-Nonce`; one they have not seen yet is refused once with
 * `use_dpop_nonce` (400 from the authorization server, 401 with WWW-Authenticate from the PDS),
 * and the request is sent again with the new nonce. Nonces are remembered per origin.
 */
export interface DpopHttp {
  (key: PrivateJwk, request: PlatformRequest, accessToken?: string): Promise<PlatformResponse>;
}

function asksForNonce(response: PlatformResponse): boolean {
  if (response.status === 400) return (response.body as { error?: string } | undefined)?.error === 'use_dpop_nonce';
  if (response.status === 401) return /use_dpop_nonce/.test(response.headers.get('www-authenticate') ?? '');
  return false;
}

export function createDpopHttp(http: PlatformHttp, clock: Clock): DpopHttp {
  const nonces = new Map<string, string>();
  return async (key, request, accessToken) => {
    const origin = new URL(request.url).origin;
    const send = (nonce: string | undefined) => {
      const proof = dpopProof(key, { method: request.method, url: request.url, nowSeconds: Math.floor(clock.now().getTime() / 1000), ...(nonce ? { nonce } : {}), ...(accessToken ? { accessToken } : {}) });
      return http({ ...request, headers: { ...request.headers, dpop: proof, ...(accessToken ? { authorization: `DPoP ${accessToken}` } : {}) } });
    };
    // The nonce this proof carries, not the one remembered when the answer comes: a request sent
    // beside it may have learnt the new nonce meanwhile, and this one must still be sent again.
    const sentWith = nonces.get(origin);
    let response = await send(sentWith);
    const offered = response.headers.get('dpop-nonce');
    if (offered) nonces.set(origin, offered);
    if (asksForNonce(response) && offered && offered !== sentWith) response = await send(offered);
    const renewed = response.headers.get('dpop-nonce');
    if (renewed) nonces.set(origin, renewed);
    return response;
  };
}
