import { mcpScopes, type HttpResult } from '../../shared/api/mcp';
import { MCP_ACCESS_TOKEN_PREFIX } from '../../shared/api/apiKeys';
import type { ApiEvent } from '../http/apiEvent';
import type { GroupImplementation } from '../http/httpHandler';
import { bearerOf } from '../http/keyGate';
import { ApiKeyRefused, type ApiKeys, type IssuedTokens } from '../services/apiKeys';
import { OAuthError, type McpOAuth } from './oauth';
import { handleMcpRequest } from './server';
import type { PublicRouteInvoker } from './publicRoutes';

const SERVER_VERSION = '1.0.0';
const NOT_ALLOWED_MESSAGE = 'Method not allowed: this MCP server is stateless; send each message with POST.';
const JWT_PATTERN = /^eyJ[\w-]*\.[\w-]+\.[\w-]*$/;

function jsonResult(statusCode: number, body: unknown, headers: Record<string, string> = {}): HttpResult {
  return { statusCode, headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...headers }, body: JSON.stringify(body) };
}

function bodyText(event: ApiEvent): string {
  if (!event.body) return '';
  return event.isBase64Encoded ? Buffer.from(event.body, 'base64').toString('utf8') : event.body;
}

function header(event: ApiEvent, name: string): string | undefined {
  return Object.entries(event.headers ?? {}).find(([key]) => key.toLowerCase() === name)?.[1];
}

/** A token request's parameters: form-encoded as OAuth says (JSON accepted too). */
function formOf(event: ApiEvent): Record<string, string> {
  const text = bodyText(event);
  if (/application\/json/i.test(header(event, 'content-type') ?? '')) {
    try {
      const parsed = JSON.parse(text) as unknown;
      return typeof parsed === 'object' && parsed !== null ? Object.fromEntries(Object.entries(parsed).map(([name, value]) => [name, String(value)])) : {};
    } catch {
      return {};
    }
  }
  return Object.fromEntries(new URLSearchParams(text));
}

/** An OAuth error's body (RFC 6749 §5.2), with `message` as every refusal of the API has. */
const oauthError = (error: OAuthError): HttpResult => jsonResult(error.error === 'invalid_client' ? 401 : 400, { error: error.error, error_description: error.message, message: error.message });

function tokenAnswer(tokens: IssuedTokens): HttpResult {
  return jsonResult(200, { access_token: tokens.accessToken, token_type: 'Bearer', expires_in: tokens.expiresInSeconds, refresh_token: tokens.refreshToken, scope: tokens.scopes.join(' ') }, { pragma: 'no-cache' });
}

export interface McpEndpointDeps {
  keys: Pick<ApiKeys, 'verify'>;
  oauth: McpOAuth;
  invoke: PublicRouteInvoker;
  /** `https://<site>/api`. */
  apiBase: string;
  /** The app's consent page. */
  consentPage: string;
}

/**
 * The mcp group's routes: the Streamable HTTP endpoint (its credential checked here, so a missing
 * or refused one is a 401 naming the resource metadata, RFC 9728 §5.1, as the MCP authorization
 * spec asks), the OAuth metadata and endpoints, and the consent page's two routes.
 */
export function createMcpEndpoints({ keys, oauth, invoke, apiBase, consentPage }: McpEndpointDeps): GroupImplementation<'mcp'> {
  const resourceMetadata = `${apiBase}/.well-known/oauth-protected-resource`;
  const unauthorized = (error: string | undefined, description: string): HttpResult =>
    jsonResult(
      401,
      { jsonrpc: '2.0', error: { code: -32001, message: description }, id: null, message: description },
      // The words are in the body: a header holds ASCII only (RFC 6750 §3 error_description), and they have an arrow.
      { 'www-authenticate': `Bearer resource_metadata="${resourceMetadata}"${error ? `, error="${error}"` : ''}` },
    );
  const notAllowed = (): HttpResult =>
    jsonResult(405, { jsonrpc: '2.0', error: { code: -32000, message: NOT_ALLOWED_MESSAGE }, id: null, message: NOT_ALLOWED_MESSAGE }, { allow: 'POST' });

  return {
    async mcpMessage({ event, context }) {
      const bearer = bearerOf(event.headers);
      if (!bearer) return unauthorized(undefined, 'The OneClick MCP server needs an API key (Authorization: Bearer <key>) or a sign-in through OAuth.');
      if (JWT_PATTERN.test(bearer)) return unauthorized('invalid_token', 'The MCP server takes an API key or its own access token, not the app\'s sign-in token.');
      try {
        const key = await keys.verify(bearer, { mcp: true });
        return await handleMcpRequest(event, context!, { bearer, scopes: key.scopes, oauth: bearer.startsWith(`${MCP_ACCESS_TOKEN_PREFIX}_`) }, { invoke, version: SERVER_VERSION });
      } catch (error) {
        if (error instanceof ApiKeyRefused) return unauthorized('invalid_token', error.message);
        throw error;
      }
    },
    mcpStream: async () => notAllowed(),
    mcpEndSession: async () => notAllowed(),
    mcpProtectedResource: async () =>
      jsonResult(200, {
        resource: `${apiBase}/mcp`,
        authorization_servers: [apiBase],
        scopes_supported: [...mcpScopes],
        bearer_methods_supported: ['header'],
        resource_name: 'OneClick',
      }),
    mcpAuthorizationServer: async () =>
      jsonResult(200, {
        issuer: apiBase,
        authorization_endpoint: `${apiBase}/mcp/oauth/authorize`,
        token_endpoint: `${apiBase}/mcp/oauth/token`,
        registration_endpoint: `${apiBase}/mcp/oauth/register`,
        scopes_supported: [...mcpScopes],
        response_types_supported: ['code'],
        grant_types_supported: ['authorization_code', 'refresh_token'],
        token_endpoint_auth_methods_supported: ['none'],
        code_challenge_methods_supported: ['S256'],
        authorization_response_iss_parameter_supported: true,
      }),
    async registerMcpClient({ event }) {
      let metadata: unknown;
      try {
        metadata = JSON.parse(bodyText(event) || 'null');
      } catch {
        return oauthError(new OAuthError('invalid_client_metadata', 'The registration must be a JSON object.'));
      }
      try {
        const client = await oauth.register(metadata);
        return jsonResult(201, {
          client_id: client.clientId,
          client_id_issued_at: client.clientIdIssuedAt,
          client_name: client.clientName,
          redirect_uris: client.redirectUris,
          token_endpoint_auth_method: 'none',
          grant_types: ['authorization_code', 'refresh_token'],
          response_types: ['code'],
          scope: mcpScopes.join(' '),
        });
      } catch (error) {
        if (error instanceof OAuthError) return oauthError(error);
        throw error;
      }
    },
    async authorizeMcpClient({ input }) {
      try {
        const location = await oauth.authorize(input.query, consentPage);
        const redirect: HttpResult = { statusCode: 302, headers: { location, 'cache-control': 'no-store', 'referrer-policy': 'no-referrer' }, body: '' };
        return redirect;
      } catch (error) {
        // Never sent to an unchecked address: the words are shown where the browser is.
        if (error instanceof OAuthError) return jsonResult(400, { error: error.error, error_description: error.message, message: error.message });
        throw error;
      }
    },
    async mcpToken({ event }) {
      const form = formOf(event);
      const clientId = form['client_id'];
      try {
        if (!clientId) throw new OAuthError('invalid_client', 'client_id is required (public clients send it with each request).');
        if (form['grant_type'] === 'authorization_code') {
          const { code, redirect_uri: redirectUri, code_verifier: codeVerifier } = form;
          if (!code || !redirectUri || !codeVerifier) throw new OAuthError('invalid_request', 'code, redirect_uri and code_verifier are required.');
          return tokenAnswer(await oauth.exchange({ code, clientId, redirectUri, codeVerifier }));
        }
        if (form['grant_type'] === 'refresh_token') {
          if (!form['refresh_token']) throw new OAuthError('invalid_request', 'refresh_token is required.');
          return tokenAnswer(await oauth.refresh({ refreshToken: form['refresh_token'], clientId }));
        }
        throw new OAuthError('unsupported_grant_type', 'grant_type must be authorization_code or refresh_token.');
      } catch (error) {
        if (error instanceof OAuthError) return oauthError(error);
        throw error;
      }
    },
    getMcpConsent: ({ input }) => oauth.consent(input.query),
    decideMcpConsent: async ({ input, user, caller }) => ({
      location: await oauth.decide({ request: input.body.request, approve: input.body.approve, scopes: input.body.scopes, workspaceId: user.userId, caller }),
    }),
  };
}

