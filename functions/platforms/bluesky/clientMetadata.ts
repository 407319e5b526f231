import { clientKeyFromSecret, jwkThumbprint, publicJwkOf } from './keys';

/** What we ask for: the atproto identity scope and, for posting and uploads, transition:generic. */
export const blueskyScope = 'atproto transition:generic';

/**
 * The client metadata document (atproto.com/specs/oauth, "Client Metadata"): client_id is the
 * URL it is served at. A confidential web client: private_key_jwt with the key derived from the
 * client secret, DPoP-bound tokens, one redirect URI (our callback).
 */
export function blueskyClientMetadata(input: { clientId: string; clientSecret: string; redirectUri: string; clientName?: string }) {
  const key = publicJwkOf(clientKeyFromSecret(input.clientSecret));
  return {
    client_id: input.clientId,
    client_name: input.clientName ?? 'OneClick',
    client_uri: new URL(input.redirectUri).origin,
    application_type: 'web',
    grant_types: ['authorization_code', 'refresh_token'],
    response_types: ['code'],
    scope: blueskyScope,
    redirect_uris: [input.redirectUri],
    token_endpoint_auth_method: 'private_key_jwt',
    token_endpoint_auth_signing_alg: 'ES256',
    dpop_bound_access_tokens: true,
    jwks: { keys: [{ ...key, kid: jwkThumbprint(key), use: 'sig', alg: 'ES256' }] },
  };
}
