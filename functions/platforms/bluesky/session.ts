import { AuthExpired } from '../errors';
import type { TokenSet } from '../adapter';
import { isUsableKey, type PrivateJwk } from './keys';

/**
 * What a Bluesky connection keeps beside its tokens (TokenSet.platformData, encrypted with them):
 * the DPoP key the tokens are bound to, the authorization server that issued them and its
 * endpoints, and the account's DID and PDS (atproto.com/specs/oauth, "Tokens and session").
 */
export interface BlueskySession {
  dpopKey: PrivateJwk;
  issuer: string;
  tokenEndpoint: string;
  revocationEndpoint?: string;
  did: string;
  /** The account's PDS, from its DID document: every XRPC call goes there. */
  pds: string;
}

export function sessionData(session: BlueskySession): Record<string, string> {
  return {
    dpopKey: JSON.stringify(session.dpopKey),
    issuer: session.issuer,
    tokenEndpoint: session.tokenEndpoint,
    ...(session.revocationEndpoint ? { revocationEndpoint: session.revocationEndpoint } : {}),
    did: session.did,
    pds: session.pds,
  };
}

/** The session kept with these tokens; tokens without one (or with a broken key) need reconnecting. */
export function sessionOf(tokens: TokenSet): BlueskySession {
  const data = tokens.platformData ?? {};
  let dpopKey: unknown;
  try {
    dpopKey = JSON.parse(data['dpopKey'] ?? 'null');
  } catch {
    dpopKey = undefined;
  }
  const { issuer, tokenEndpoint, revocationEndpoint, did, pds } = data;
  if (!isUsableKey(dpopKey) || !issuer || !tokenEndpoint || !did || !pds) {
    throw new AuthExpired('The Bluesky connection is missing its session data: reconnect the account');
  }
  return { dpopKey, issuer, tokenEndpoint, ...(revocationEndpoint ? { revocationEndpoint } : {}), did, pds };
}
