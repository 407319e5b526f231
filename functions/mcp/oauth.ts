import { createHash, randomBytes } from 'node:crypto';
import { DeleteCommand, GetCommand, PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { MCP_CODE_SECONDS, mcpScopes, type McpAuthorizationRequest, type McpConsent } from '../../shared/api/mcp';
import type { ApiScope } from '../../shared/api/publicApi';
import type { Clock } from '../clock';
import { DomainError } from '../errors';
import type { UserIdentity } from '../services/memberships';
import type { ApiKeys, IssuedTokens } from '../services/apiKeys';

/**
 * The MCP server's authorization server (OAuth 2.1 with PKCE, as the MCP authorization spec
 * asks; docs/mcp.md): dynamic client registration (RFC 7591, public clients only), the
 * authorization request checked and sent to the app's consent page, codes bound to their client,
 * redirect URI and S256 challenge (10 minutes, single use), and the token endpoint. Clients and
 * codes are single rows of the oauth-states table (its time to live removes them); the grant a
 * code turns into is an API key record (functions/services/apiKeys.ts, `grant`).
 */
const CLIENT_PREFIX = 'mcpclient#';
const CODE_PREFIX = 'mcpcode#';
/** A registered client is forgotten after this long (its row's time to live); it registers again. */
export const CLIENT_DAYS = 180;

/** An OAuth error (RFC 6749 §5.2): its code and its words, and where it may be said. */
export class OAuthError extends DomainError {
  constructor(
    readonly error: 'invalid_request' | 'invalid_client' | 'invalid_grant' | 'unsupported_grant_type' | 'invalid_client_metadata' | 'invalid_redirect_uri' | 'invalid_scope' | 'unsupported_response_type',
    message: string,
  ) {
    super(400, 'OAuthError', message);
  }
}

export interface McpClient {
  clientId: string;
  clientName: string;
  redirectUris: string[];
  createdAt: string;
}

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

/**
 * Whether a redirect URI may be registered: https, or http on a loopback address (a desktop
 * client's local listener; OAuth 2.1 §8.4.2 and the MCP authorization spec), without a fragment
 * or credentials.
 */
export function redirectUriProblem(text: string): string | undefined {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return `"${text.slice(0, 100)}" is not an address.`;
  }
  if (url.hash !== '' || text.includes('#')) return 'A redirect URI cannot have a fragment (#).';
  if (url.username || url.password) return 'A redirect URI cannot hold a user name or password.';
  if (url.protocol === 'https:') return undefined;
  if (url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname)) return undefined;
  return 'A redirect URI must be https, or http on 127.0.0.1, [::1] or localhost.';
}

/** The S256 code challenge of a verifier (RFC 7636 §4.2). */
export function s256(verifier: string): string {
  return createHash('sha256').update(verifier).digest('base64url');
}

const hashCode = (code: string) => createHash('sha256').update(code).digest('hex');
const VERIFIER_PATTERN = /^[A-Za-z0-9._~-]{43,128}$/;

export interface McpOAuthDeps {
  db: DynamoDBDocumentClient;
  /** The oauth-states table. */
  tableName: string;
  clock: Clock;
  keys: Pick<ApiKeys, 'grant' | 'refresh'>;
  /** The authorization server's issuer (`https://<site>/api`), named in each redirect (RFC 9207). */
  issuer: string;
}

interface CodeItem {
  state: string;
  userId: string;
  clientId: string;
  clientName: string;
  redirectUri: string;
  codeChallenge: string;
  scopes: ApiScope[];
  createdBy: string;
  createdByEmail: string;
  expiresAt: number;
}

export function createMcpOAuth({ db, tableName, clock, keys, issuer }: McpOAuthDeps) {
  const nowSeconds = () => Math.floor(clock.now().getTime() / 1000);

  async function clientOf(clientId: string): Promise<McpClient | undefined> {
    const { Item } = await db.send(new GetCommand({ TableName: tableName, Key: { state: `${CLIENT_PREFIX}${clientId}` }, ConsistentRead: true }));
    if (!Item || Number(Item['expiresAt']) <= nowSeconds()) return undefined;
    return { clientId, clientName: String(Item['clientName']), redirectUris: Item['redirectUris'] as string[], createdAt: String(Item['createdAt']) };
  }

  /** Where the browser goes back to with an answer (the client's own redirect URI, checked before). */
  function redirectWith(redirectUri: string, parameters: Record<string, string | undefined>): string {
    const url = new URL(redirectUri);
    for (const [name, value] of Object.entries(parameters)) if (value !== undefined) url.searchParams.set(name, value);
    url.searchParams.set('iss', issuer);
    return url.toString();
  }

  /**
   * An authorization request's client and redirect URI, checked: until both are known good
   * nothing may redirect (an error is shown, never sent to an unchecked address).
   */
  async function checkClient(request: Pick<McpAuthorizationRequest, 'client_id' | 'redirect_uri'>): Promise<McpClient> {
    const client = await clientOf(request.client_id);
    if (!client) throw new OAuthError('invalid_client', 'This assistant is not registered with OneClick (or its registration expired). Start connecting again from the assistant.');
    if (!client.redirectUris.includes(request.redirect_uri)) throw new OAuthError('invalid_request', 'This address to return to is not one the assistant registered. Start connecting again from the assistant.');
    return client;
  }

  /** The rest of the request, once the redirect URI is good: errors here go back to the client. */
  function checkRequest(request: McpAuthorizationRequest): { error: string; description: string } | undefined {
    if (request.response_type !== 'code') return { error: 'unsupported_response_type', description: 'Only response_type=code is supported.' };
    if (request.code_challenge_method !== 'S256') return { error: 'invalid_request', description: 'PKCE with code_challenge_method=S256 is required.' };
    return undefined;
  }

  const requestedScopes = (request: McpAuthorizationRequest): ApiScope[] =>
    request.scope ? [...new Set(request.scope.split(' ').filter(Boolean))] as ApiScope[] : [...mcpScopes];

  return {
    /** Dynamic client registration (RFC 7591): public clients (no secret), redirect URIs checked. */
    async register(metadata: unknown): Promise<McpClient & { clientIdIssuedAt: number }> {
      const input = (typeof metadata === 'object' && metadata !== null ? metadata : {}) as Record<string, unknown>;
      const uris = input['redirect_uris'];
      if (!Array.isArray(uris) || uris.length === 0 || uris.length > 10 || !uris.every((uri) => typeof uri === 'string' && uri.length <= 2000)) {
        throw new OAuthError('invalid_redirect_uri', 'redirect_uris must list one to ten addresses.');
      }
      for (const uri of uris as string[]) {
        const problem = redirectUriProblem(uri);
        if (problem) throw new OAuthError('invalid_redirect_uri', problem);
      }
      const method = input['token_endpoint_auth_method'];
      if (method !== undefined && method !== 'none') throw new OAuthError('invalid_client_metadata', 'Only public clients are supported: token_endpoint_auth_method must be "none" (PKCE protects the code).');
      const grants = input['grant_types'];
      if (grants !== undefined && (!Array.isArray(grants) || !grants.every((grant) => grant === 'authorization_code' || grant === 'refresh_token'))) {
        throw new OAuthError('invalid_client_metadata', 'grant_types may hold authorization_code and refresh_token only.');
      }
      const rawName = input['client_name'];
      const clientName = typeof rawName === 'string' && rawName.trim() !== '' ? rawName.trim().slice(0, 80) : 'MCP client';
      const clientId = `mcp_${randomBytes(16).toString('base64url')}`;
      const now = clock.now();
      const client: McpClient = { clientId, clientName, redirectUris: uris as string[], createdAt: now.toISOString() };
      await db.send(
        new PutCommand({
          TableName: tableName,
          Item: { state: `${CLIENT_PREFIX}${clientId}`, clientName, redirectUris: client.redirectUris, createdAt: client.createdAt, expiresAt: nowSeconds() + CLIENT_DAYS * 86_400 },
          ConditionExpression: 'attribute_not_exists(#state)',
          ExpressionAttributeNames: { '#state': 'state' },
        }),
      );
      return { ...client, clientIdIssuedAt: Math.floor(now.getTime() / 1000) };
    },

    /**
     * The authorization endpoint: where to send the browser. A bad client or redirect URI is an
     * error shown (thrown); any other problem goes back to the client's redirect URI; a good
     * request goes on to the app's consent page with the same parameters.
     */
    async authorize(request: McpAuthorizationRequest, consentPage: string): Promise<string> {
      await checkClient(request);
      const problem = checkRequest(request);
      if (problem) return redirectWith(request.redirect_uri, { error: problem.error, error_description: problem.description, state: request.state });
      const url = new URL(consentPage);
      for (const [name, value] of Object.entries(request)) if (value !== undefined) url.searchParams.set(name, value);
      return url.toString();
    },

    /** What the consent page shows about a request. */
    async consent(request: McpAuthorizationRequest): Promise<McpConsent> {
      const client = await checkClient(request);
      const problem = checkRequest(request);
      if (problem) throw new OAuthError('invalid_request', problem.description);
      return { clientName: client.clientName, redirectOrigin: new URL(request.redirect_uri).origin, requestedScopes: requestedScopes(request) };
    },

    /**
     * The member's decision: denied, the client hears access_denied; approved, a code bound to
     * the client, its redirect URI, its PKCE challenge, the workspace, the member and the scopes
     * chosen (at most those asked for), for ten minutes and one exchange.
     */
    async decide(input: { request: McpAuthorizationRequest; approve: boolean; scopes: ApiScope[]; workspaceId: string; caller: UserIdentity }): Promise<string> {
      const { request } = input;
      const client = await checkClient(request);
      const problem = checkRequest(request);
      if (problem) return redirectWith(request.redirect_uri, { error: problem.error, error_description: problem.description, state: request.state });
      if (!input.approve) return redirectWith(request.redirect_uri, { error: 'access_denied', error_description: 'The member did not allow the connection.', state: request.state });
      const asked = requestedScopes(request);
      if (input.scopes.length === 0) throw new OAuthError('invalid_scope', 'Choose at least one scope: read, write or publish.');
      if (!input.scopes.every((scope) => asked.includes(scope))) throw new OAuthError('invalid_scope', `The assistant asked for ${asked.join(', ')} only.`);
      const code = randomBytes(32).toString('base64url');
      const item: CodeItem = {
        state: `${CODE_PREFIX}${hashCode(code)}`,
        userId: input.workspaceId,
        clientId: client.clientId,
        clientName: client.clientName,
        redirectUri: request.redirect_uri,
        codeChallenge: request.code_challenge,
        scopes: input.scopes,
        createdBy: input.caller.userId,
        createdByEmail: input.caller.email,
        expiresAt: nowSeconds() + MCP_CODE_SECONDS,
      };
      await db.send(new PutCommand({ TableName: tableName, Item: item }));
      return redirectWith(request.redirect_uri, { code, state: request.state });
    },

    /**
     * The token endpoint's authorization_code grant: the code taken (a delete, so it is used once
     * even by two requests at the same time), unexpired, for this client and redirect URI, and the
     * verifier's S256 its challenge; then the grant is made.
     */
    async exchange(input: { code: string; clientId: string; redirectUri: string; codeVerifier: string }): Promise<IssuedTokens> {
      if (!VERIFIER_PATTERN.test(input.codeVerifier)) throw new OAuthError('invalid_request', 'code_verifier must be 43 to 128 unreserved characters (RFC 7636).');
      const { Attributes } = await db.send(new DeleteCommand({ TableName: tableName, Key: { state: `${CODE_PREFIX}${hashCode(input.code)}` }, ReturnValues: 'ALL_OLD' }));
      const item = Attributes as CodeItem | undefined;
      const refused = new OAuthError('invalid_grant', 'This authorization code is not valid: it was used already, expired after 10 minutes, or was given to another client. Connect again.');
      if (!item || item.expiresAt <= nowSeconds() || item.clientId !== input.clientId || item.redirectUri !== input.redirectUri) throw refused;
      if (s256(input.codeVerifier) !== item.codeChallenge) throw new OAuthError('invalid_grant', 'The code_verifier does not match the code_challenge this code was asked with.');
      return keys.grant(item.userId, { userId: item.createdBy, email: item.createdByEmail }, { clientId: item.clientId, clientName: item.clientName, scopes: item.scopes });
    },

    /** The token endpoint's refresh_token grant: rotated, single use (functions/services/apiKeys.ts). */
    async refresh(input: { refreshToken: string; clientId: string }): Promise<IssuedTokens> {
      try {
        return await keys.refresh(input.refreshToken, input.clientId);
      } catch (error) {
        if (error instanceof DomainError && error.code === 'McpGrantRefused') throw new OAuthError('invalid_grant', error.message);
        throw error;
      }
    },
  };
}

export type McpOAuth = ReturnType<typeof createMcpOAuth>;
