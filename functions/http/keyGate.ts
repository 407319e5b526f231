import type { Logger } from '@aws-lambda-powertools/logger';
import { apiScopeOf, type ApiScope } from '../../shared/api/publicApi';
import type { RouteId } from '../../shared/api/routes';
import { DomainError } from '../errors';
import type { ApiKeyItem, ApiKeys } from '../services/apiKeys';
import type { ApiEvent } from './apiEvent';
import { callerAddress } from './rateLimit';

/** No key on a public-API call, or a sign-in token where a key belongs (401). */
export class ApiKeyRequired extends DomainError {
  constructor(message: string) {
    super(401, 'ApiKeyRequired', message);
  }
}

/** The key lacks the scope the route needs (403), named in the words. */
export class ScopeMissing extends DomainError {
  constructor(scope: ApiScope) {
    super(403, 'ScopeMissing', `This API key does not have the "${scope}" scope, which this request needs. Make a key with "${scope}" in Settings → API keys.`);
  }
}

const NO_KEY_MESSAGE = 'The public API needs an API key: send it as "Authorization: Bearer <key>". Make one in Settings → API keys.';
const SIGN_IN_TOKEN_MESSAGE =
  'The public API takes an API key, not a sign-in token: make a key in Settings → API keys and send it as "Authorization: Bearer <key>".';

/**
 * The events the MCP server builds to call a public route in process (functions/mcp/publicRoutes.ts).
 * Only they may carry an MCP access token: its audience is the MCP server, never /v1. A client
 * cannot put an event in this set, whatever it sends.
 */
const mcpEvents = new WeakSet<ApiEvent>();

/** Marks an event the MCP server built for one of its tool calls. */
export function markMcpCall(event: ApiEvent): ApiEvent {
  mcpEvents.add(event);
  return event;
}

/** A JSON Web Token's shape (three base64url parts, the header starting `{"`): the app's Cognito token. */
const JWT_PATTERN = /^eyJ[\w-]*\.[\w-]+\.[\w-]*$/;

/** The bearer credential of a request, or undefined when it sent none. */
export function bearerOf(headers: ApiEvent['headers'] | undefined): string | undefined {
  const value = Object.entries(headers ?? {}).find(([name]) => name.toLowerCase() === 'authorization')?.[1]?.trim();
  if (!value) return undefined;
  const match = /^Bearer\s+(\S+)$/i.exec(value);
  return match ? match[1] : value;
}

/**
 * The public API's door (/v1): the request's key is its only credential. The key is verified
 * (functions/services/apiKeys.ts: one GetItem, a constant-time comparison, revocation and expiry),
 * its scope checked against the route's (shared/api/publicApi.ts), and its last use written at most
 * once a minute. The key's maker's role is decided after this, by the workspace gate, as for the app.
 */
export interface KeyGate {
  admit(event: ApiEvent, route: RouteId): Promise<ApiKeyItem>;
}

export function createKeyGate(keys: Pick<ApiKeys, 'verify' | 'touch'>, options: { logger?: Pick<Logger, 'warn'>; originSecret?: string | undefined } = {}): KeyGate {
  return {
    async admit(event, route) {
      const bearer = bearerOf(event.headers);
      if (!bearer) throw new ApiKeyRequired(NO_KEY_MESSAGE);
      if (JWT_PATTERN.test(bearer)) throw new ApiKeyRequired(SIGN_IN_TOKEN_MESSAGE);
      const key = await keys.verify(bearer, { mcp: mcpEvents.has(event) });
      const scope = apiScopeOf(route);
      if (!scope || !key.scopes.includes(scope)) throw new ScopeMissing(scope ?? 'read');
      // The last use is a convenience: a write that fails is reported, never the call's error.
      await keys.touch(key, callerAddress(event, options.originSecret)).catch((error: unknown) => options.logger?.warn('An API key\'s last use could not be written', { keyId: key.keyId, error: error as Error }));
      return key;
    },
  };
}
