import type { TokenSet } from '../adapter';
import { Rejected } from '../errors';
import type { PlatformHttp, PlatformRequest, PlatformResponse } from '../http';
import type { Clock } from '../../clock';
import { isOk } from '../steps';
import { classifyGoogleBusinessError } from './errors';

/** Which kind of token a TokenSet holds (kept in platformData, opaque to generic code). */
export const CONSENT_TOKEN = 'consent';
export const LOCATION_TOKEN = 'location';

/** The location a connection posts for: its account (`accounts/{id}`) and location (`locations/{id}`), kept with its tokens. */
export interface LocationRef {
  account: string;
  location: string;
}

export function locationOf(tokens: TokenSet): LocationRef {
  const account = tokens.platformData?.['account'];
  const location = tokens.platformData?.['location'];
  if (tokens.platformData?.['token'] !== LOCATION_TOKEN || !account || !location) {
    throw new Rejected('This Google Business Profile connection names no location: reconnect it and choose the location.');
  }
  return { account, location };
}

/** The v4 path of a location's local posts (`accounts/{a}/locations/{l}/localPosts`). */
export function localPostsPath({ account, location }: LocationRef): string {
  return `/v4/${account}/${location}/localPosts`;
}

export interface GoogleBusinessApi {
  /** One call with the token; throws our error for an answer that is not 2xx. */
  call(tokens: Pick<TokenSet, 'accessToken'>, request: Omit<PlatformRequest, 'headers'>): Promise<PlatformResponse>;
}

export function createGoogleBusinessApi(http: PlatformHttp, clock: Clock): GoogleBusinessApi {
  return {
    async call(tokens, request) {
      const response = await http({ ...request, headers: { authorization: `Bearer ${tokens.accessToken}` } });
      if (!isOk(response)) throw classifyGoogleBusinessError(response, clock.now());
      return response;
    },
  };
}
