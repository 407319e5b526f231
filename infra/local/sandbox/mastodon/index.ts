import { createHmac } from 'node:crypto';
import { bearerToken, isRecord, json, readForm, readJson, type Route, type SandboxRequest, type SandboxResponse } from '../http';
import { digest, digits } from '../identity';
import { accountIdOn, instanceOfClient, mastodonError, mastodonInstances, SUPPORTED_MIME_TYPES, type Caller, type MastodonInstance } from './instances';
import type { LimitDefinitions } from '../limits';
import { authenticateClient, checkAccessToken, isFailure, issueForCode, randomText, redeemCode, redirectTo, revokeGrantOf, type AuthorizeDialect, type TokenFailure } from '../oauth';
import type { PlatformSandboxFactory } from '../platform';
import { mastodonStatuses } from './statuses';

/**
 * Mastodon: two instances, each on its own host, with different limits (as real servers differ):
 * `social` like mastodon.social (500 characters, 4 files, 16 MiB images, 99 MiB videos) and
 * `large` (5,000 characters, 8 files, 32 MiB images, 200 MiB videos). On each
 * (docs.joinmastodon.org):
 *
 *   POST /api/v1/apps                      {client_name, redirect_uris, scopes, website} → the app (client_id, client_secret)
 *   GET  /oauth/authorize                   the consent dialog (PKCE S256 optional, as Mastodon 4.3 has it; checked when sent)
 *   POST /oauth/token                       authorization_code with the app's id and secret (and code_verifier) → a Bearer token that does not expire
 *   POST /oauth/revoke                      {client_id, client_secret, token}
 *   GET  /api/v2/instance                   the instance's configuration (limits)
 *   GET  /api/v1/accounts/verify_credentials
 *   POST /api/v2/media, GET /api/v1/media/:id, POST /api/v1/statuses, GET /api/v1/statuses/:id (statuses.ts)
 *
 * An app, a code and a token belong to the instance that made them: used at the other one they
 * are unknown. Errors are { error } (OAuth's { error, error_description }). Every answer of the
 * API carries X-RateLimit-Limit/Remaining/Reset (300 calls per 5 minutes per account).
 */

const KNOWN_SCOPES = ['read', 'write', 'follow', 'push', 'profile', 'read:accounts', 'read:statuses', 'write:statuses', 'write:media'];
/** Tokens last until revoked; the shared token store wants a lifetime. */
const NEVER_SECONDS = 100 * 365 * 24 * 3600;

export const mastodonLimits: LimitDefinitions = {
  callsPerFiveMinutes: { default: 300, description: 'API calls per account per 5 minutes → 429 with X-RateLimit-* headers' },
  mediaPerThirtyMinutes: { default: 30, description: 'media uploads per account per 30 minutes → 429' },
};

export const mastodon: PlatformSandboxFactory = (context) => {
  /**
   * Registered apps need no memory (so they outlive a restart, as a server's do): the secret is
   * an HMAC of the id under the sandbox's own app secret. The redirect URIs are remembered while
   * the sandbox runs.
   */
  const secretOf = (clientId: string) => createHmac('sha256', context.client.clientSecret).update(clientId).digest('base64url');
  const redirectUris = new Map<string, string[]>();

  const dialect: AuthorizeDialect = {
    endpoints: mastodonInstances.map((instance) => ({ hostKey: instance.key, path: '/oauth/authorize' })),
    clientIdParameter: 'client_id',
    scopeDelimiter: 'space',
    knownScopes: KNOWN_SCOPES,
    pkce: 'optional',
    registeredClient: (clientId) => (instanceOfClient(clientId) ? { clientId, clientSecret: secretOf(clientId) } : undefined),
    validate(query) {
      const known = redirectUris.get(query.get('client_id') ?? '');
      if (known && !known.includes(query.get('redirect_uri') ?? '')) return { error: 'invalid_redirect_uri', description: 'The redirect uri included is not valid.' };
      if (query.get('code_challenge') && query.get('code_challenge_method') !== 'S256') return { error: 'invalid_request', description: 'code_challenge_method must be S256' };
      return undefined;
    },
    grantsRefreshToken: () => false,
    allowRedirect: (request, code) => redirectTo(request.redirectUri, { code, state: request.state }),
    denyRedirect: (request) =>
      redirectTo(request.redirectUri, { error: 'access_denied', error_description: 'The resource owner or authorization server denied the request.', state: request.state }),
    shapes: { code: () => randomText(43), access: () => randomText(43) },
  };

  function oauthError(failure: TokenFailure): SandboxResponse {
    switch (failure.failure) {
      case 'invalid_client':
        return json(401, { error: 'invalid_client', error_description: 'Client authentication failed due to unknown client, no client authentication included, or unsupported authentication method.' });
      case 'invalid_code':
      case 'redirect_mismatch':
      case 'invalid_verifier':
      case 'invalid_refresh_token':
        return json(400, { error: 'invalid_grant', error_description: 'The provided authorization grant is invalid, expired, revoked, does not match the redirection URI used in the authorization request, or was issued to another client.' });
      case 'unsupported_grant_type':
        return json(400, { error: 'unsupported_grant_type', error_description: 'The authorization grant type is not supported by the authorization server.' });
      default:
        return json(400, { error: 'invalid_request', error_description: 'The request is missing a required parameter, includes an unsupported parameter value, or is otherwise malformed.' });
    }
  }

  /** The form of an OAuth call, from a form or a JSON body (Mastodon takes both). */
  async function formOf(request: SandboxRequest): Promise<URLSearchParams | undefined> {
    if ((request.headers['content-type'] ?? '').includes('application/json')) {
      const body = await readJson(request);
      if (!isRecord(body)) return undefined;
      return new URLSearchParams(Object.entries(body).map(([name, value]) => [name, Array.isArray(value) ? value.join(' ') : String(value)]));
    }
    return readForm(request);
  }

  async function registerApp(request: SandboxRequest, instance: MastodonInstance): Promise<SandboxResponse> {
    const form = await formOf(request);
    const name = form?.get('client_name')?.trim();
    const uris = (form?.get('redirect_uris') ?? '').split(/\s+/).filter(Boolean);
    if (!name) return mastodonError(422, "Validation failed: Application name can't be blank");
    if (!uris.length || uris.some((uri) => !/^https?:\/\/\S+$/.test(uri) && uri !== 'urn:ietf:wg:oauth:2.0:oob')) return mastodonError(422, 'Validation failed: Redirect URI must be an absolute URI.');
    const scopes = (form?.get('scopes') ?? 'read').split(/\s+/).filter(Boolean);
    const unknown = scopes.filter((scope) => !KNOWN_SCOPES.includes(scope));
    if (unknown.length) return mastodonError(422, `Validation failed: Scopes are invalid (${unknown.join(', ')})`);
    const clientId = `${instance.key}.${randomText(32)}`;
    redirectUris.set(clientId, uris);
    return json(200, {
      id: digits(digest(context.platform, clientId, 'app'), 6),
      name,
      website: form?.get('website') ?? null,
      scopes,
      redirect_uri: uris.join('\n'),
      redirect_uris: uris,
      client_id: clientId,
      client_secret: secretOf(clientId),
      client_secret_expires_at: 0,
    });
  }

  async function token(request: SandboxRequest, instance: MastodonInstance): Promise<SandboxResponse> {
    const form = await formOf(request);
    if (!form) return oauthError({ failure: 'not_form' });
    const grantType = form.get('grant_type') ?? '';
    if (grantType !== 'authorization_code') return oauthError({ failure: 'unsupported_grant_type', grantType });
    const refused = authenticateClient(context, request, form, { form: 'client_id' }, dialect);
    if (refused) return oauthError(refused);
    if (instanceOfClient(form.get('client_id')!) !== instance) return oauthError({ failure: 'invalid_client', reason: 'unknown' });
    const code = redeemCode(context, dialect, form);
    if (isFailure(code)) return oauthError(code);
    const grant = issueForCode(context, dialect, code, { accessSeconds: NEVER_SECONDS });
    return json(200, { access_token: grant.accessToken, token_type: 'Bearer', scope: code.scopes.join(' '), created_at: Math.floor(context.now() / 1000) });
  }

  async function revoke(request: SandboxRequest): Promise<SandboxResponse> {
    const form = await formOf(request);
    if (!form) return oauthError({ failure: 'not_form' });
    const refused = authenticateClient(context, request, form, { form: 'client_id' }, dialect);
    if (refused) return oauthError(refused);
    revokeGrantOf(context, form.get('token') ?? '');
    return json(200, {});
  }

  function instanceDocument(instance: MastodonInstance): SandboxResponse {
    return json(200, {
      domain: instance.domain,
      title: `Sandbox ${instance.key}`,
      version: '4.3.0',
      source_url: 'https://github.com/mastodon/mastodon',
      configuration: {
        urls: { streaming: `wss://${instance.domain}` },
        accounts: { max_featured_tags: 10, max_pinned_statuses: 5 },
        statuses: { max_characters: instance.maxCharacters, max_media_attachments: instance.maxMediaAttachments, characters_reserved_per_url: 23 },
        media_attachments: {
          supported_mime_types: SUPPORTED_MIME_TYPES,
          image_size_limit: instance.imageSizeLimit,
          image_matrix_limit: 33_177_600,
          video_size_limit: instance.videoSizeLimit,
          video_frame_rate_limit: 120,
          video_matrix_limit: 8_294_400,
        },
        polls: { max_options: 4, max_characters_per_option: 50, min_expiration: 300, max_expiration: 2_629_746 },
      },
    });
  }

  /** The bearer token's account, if the token was issued at this instance and is still valid. */
  function authenticate(request: SandboxRequest, instance: MastodonInstance): Caller | SandboxResponse {
    const access = checkAccessToken(context, bearerToken(request));
    if ('failure' in access || instanceOfClient(access.token.clientId) !== instance) return mastodonError(401, 'The access token is invalid');
    return { account: access.account, instance, scopes: access.token.scopes };
  }

  /** A call of the account's API: authenticated, scoped, counted against its rate limit (headers on every answer). */
  function api(instance: MastodonInstance, scopes: readonly string[], handler: (request: SandboxRequest, caller: Caller) => SandboxResponse | Promise<SandboxResponse>) {
    return async (request: SandboxRequest): Promise<SandboxResponse> => {
      const caller = authenticate(request, instance);
      if ('status' in caller) return caller;
      const windowMs = 5 * 60_000;
      const key = `calls/${instance.key}/${caller.account.name}`;
      const now = context.now();
      const calls = context.events.since(key, now - windowMs + 1);
      const limit = context.limit('callsPerFiveMinutes');
      const resetAt = new Date((calls[0] ?? now) + windowMs).toISOString();
      const headers = (used: number) => ({ 'x-ratelimit-limit': String(limit), 'x-ratelimit-remaining': String(Math.max(0, limit - used)), 'x-ratelimit-reset': resetAt });
      if (calls.length >= limit) return mastodonError(429, 'Too many requests', headers(calls.length));
      context.events.record(key, now);
      if (!scopes.some((scope) => caller.scopes.includes(scope))) return mastodonError(403, 'This action is outside the authorized scopes', headers(calls.length + 1));
      const answer = await handler(request, caller);
      return { ...answer, headers: { ...headers(calls.length + 1), ...answer.headers } };
    };
  }

  const statuses = mastodonStatuses(context);

  const routes: Route[] = mastodonInstances.flatMap((instance): Route[] => [
    { method: 'POST', hostKey: instance.key, path: '/api/v1/apps', handle: (request) => registerApp(request, instance) },
    { method: 'POST', hostKey: instance.key, path: '/oauth/token', handle: (request) => token(request, instance) },
    { method: 'POST', hostKey: instance.key, path: '/oauth/revoke', handle: (request) => revoke(request) },
    { method: 'GET', hostKey: instance.key, path: '/api/v2/instance', handle: () => instanceDocument(instance) },
    {
      method: 'GET',
      hostKey: instance.key,
      path: '/api/v1/accounts/verify_credentials',
      handle: api(instance, ['read', 'read:accounts', 'profile'], (_request, caller) =>
        json(200, {
          id: accountIdOn(context, instance, caller.account.name),
          username: caller.account.name,
          acct: caller.account.name,
          display_name: caller.account.displayName ?? '',
          avatar: context.avatarUrl(caller.account.name),
          url: `${context.hostUrl(instance.key)}/@${caller.account.name}`,
          statuses_count: context.feed.list(context.platform, caller.account.name).filter((entry) => entry.settings?.['instance'] === instance.key).length,
        }),
      ),
    },
    { method: 'POST', hostKey: instance.key, path: '/api/v2/media', handle: api(instance, ['write', 'write:media'], statuses.uploadMedia) },
    { method: 'GET', hostKey: instance.key, path: '/api/v1/media/{id}', handle: api(instance, ['write', 'write:media'], statuses.readMedia) },
    { method: 'POST', hostKey: instance.key, path: '/api/v1/statuses', handle: api(instance, ['write', 'write:statuses'], statuses.createStatus) },
    { method: 'GET', hostKey: instance.key, path: '/api/v1/statuses/{id}', handle: api(instance, ['read', 'read:statuses'], statuses.readStatus) },
  ]);

  return {
    hosts: mastodonInstances.map((instance) => instance.key),
    authorize: dialect,
    routes,
    avatarId: (name) => name,
    limits: mastodonLimits,
    reset() {
      statuses.reset();
    },
  };
};
