import { AuthExpired } from '../errors';
import type { TokenSet } from '../adapter';
import { NAME } from './errors';

/**
 * What a Mastodon connection keeps with its token (TokenSet.platformData, encrypted): the
 * server the account lives on and the app OneClick registered there (revoking needs its
 * client id and secret).
 */
export interface MastodonSession {
  server: string;
  clientId: string;
  clientSecret: string;
}

export function sessionData(session: MastodonSession): Record<string, string> {
  return { server: session.server, clientId: session.clientId, clientSecret: session.clientSecret };
}

export function sessionOf(tokens: TokenSet): MastodonSession {
  const data = tokens.platformData ?? {};
  const { server, clientId, clientSecret } = data;
  if (!server || !clientId || !clientSecret) throw new AuthExpired(`${NAME}: this connection does not say which server it is on; reconnect the account`);
  return { server, clientId, clientSecret };
}
