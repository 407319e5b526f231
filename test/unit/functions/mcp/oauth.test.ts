import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { ApiKeyRefused, createApiKeys } from '../../../../functions/services/apiKeys';
import { createMcpOAuth, OAuthError, redirectUriProblem, s256 } from '../../../../functions/mcp/oauth';
import type { McpAuthorizationRequest } from '../../../../shared/api/mcp';

type Row = Record<string, unknown>;

/**
 * The oauth-states and memberships tables in memory, one map per table: the requests the OAuth
 * service and the key service send, with the conditions they write.
 */
function memoryTables() {
  const tables = new Map<string, Map<string, Row>>();
  const rowsOf = (name: string) => tables.get(name) ?? tables.set(name, new Map()).get(name)!;
  const id = (key: Row) => Object.keys(key).sort().map((name) => String(key[name])).join('|');
  const keyOf = (table: string, row: Row): Row => (table === 'oauth-states' ? { state: row['state'] } : { userId: row['userId'], record: row['record'] });
  const conditionFailed = () => Object.assign(new Error('condition'), { name: 'ConditionalCheckFailedException' });
  const db = {
    send: async (command: { constructor: { name: string }; input: Record<string, unknown> }) => {
      const input = command.input as { TableName: string; Key?: Row; Item?: Row; ExpressionAttributeValues?: Row; UpdateExpression?: string; ConditionExpression?: string };
      const rows = rowsOf(input.TableName);
      switch (command.constructor.name) {
        case 'PutCommand': {
          const key = id(keyOf(input.TableName, input.Item!));
          if (input.ConditionExpression?.includes('attribute_not_exists') && rows.has(key)) throw conditionFailed();
          rows.set(key, structuredClone(input.Item!));
          return {};
        }
        case 'GetCommand':
          return { Item: structuredClone(rows.get(id(input.Key!))) };
        case 'DeleteCommand': {
          const row = rows.get(id(input.Key!));
          rows.delete(id(input.Key!));
          return { Attributes: row };
        }
        case 'QueryCommand': {
          const values = input.ExpressionAttributeValues!;
          return { Items: [...rows.values()].filter((row) => row['userId'] === values[':partition'] && String(row['record']).startsWith(String(values[':prefix']))) };
        }
        case 'UpdateCommand': {
          const row = rows.get(id(input.Key!));
          const values = input.ExpressionAttributeValues!;
          if (!row) throw conditionFailed();
          if (input.UpdateExpression!.includes('revokedAt')) row['revokedAt'] ??= values[':now'];
          else if (input.UpdateExpression!.includes('grantTokens')) {
            if ((row['grantTokens'] as Row)['refreshHash'] !== values[':used'] || row['revokedAt'] !== undefined) throw conditionFailed();
            row['grantTokens'] = values[':tokens'];
          } else Object.assign(row, { lastUsedAt: values[':now'], lastUsedFrom: values[':from'] });
          return { Attributes: structuredClone(row) };
        }
        default:
          throw new Error(`unexpected ${command.constructor.name}`);
      }
    },
  } as unknown as DynamoDBDocumentClient;
  return { db, rowsOf };
}

const issuer = 'https://oneclick.example/api';
const consentPage = 'https://oneclick.example/connect-assistant';
const workspaceId = '11111111-2222-4333-8444-555555555555';
const alice = { userId: 'alice', email: 'alice@example.com' };
const redirectUri = 'http://127.0.0.1:33418/callback';

function setUp() {
  let now = new Date('2026-11-28T10:00:00.000Z');
  const clock = { now: () => now };
  const { db, rowsOf } = memoryTables();
  const keys = createApiKeys({ db, tableName: 'memberships', clock });
  const oauth = createMcpOAuth({ db, tableName: 'oauth-states', clock, keys, issuer });
  return { keys, oauth, rowsOf, advance: (ms: number) => (now = new Date(now.getTime() + ms)) };
}

/** A registered client's authorization request with a fresh PKCE pair. */
async function request(oauth: ReturnType<typeof setUp>['oauth'], scope?: string): Promise<{ request: McpAuthorizationRequest; verifier: string }> {
  const { clientId } = await oauth.register({ client_name: 'Claude', redirect_uris: [redirectUri], token_endpoint_auth_method: 'none' });
  const verifier = randomBytes(32).toString('base64url');
  return {
    verifier,
    request: { response_type: 'code', client_id: clientId, redirect_uri: redirectUri, code_challenge: s256(verifier), code_challenge_method: 'S256', state: 'xyz', ...(scope ? { scope } : {}) },
  };
}

const codeOf = (location: string) => new URL(location).searchParams.get('code')!;

describe('MCP client registration (RFC 7591)', () => {
  it('accepts https and loopback redirect URIs and refuses the others in words', () => {
    expect(redirectUriProblem('https://claude.ai/api/mcp/auth_callback')).toBeUndefined();
    expect(redirectUriProblem('http://127.0.0.1:5000/cb')).toBeUndefined();
    expect(redirectUriProblem('http://localhost/cb')).toBeUndefined();
    expect(redirectUriProblem('http://[::1]:8080/cb')).toBeUndefined();
    expect(redirectUriProblem('http://example.com/cb')).toMatch(/must be https/);
    expect(redirectUriProblem('myapp://callback')).toMatch(/must be https/);
    expect(redirectUriProblem('https://example.com/cb#frag')).toMatch(/fragment/);
    expect(redirectUriProblem('not a url')).toMatch(/not an address/);
  });

  it('registers public clients only', async () => {
    const { oauth } = setUp();
    await expect(oauth.register({ redirect_uris: [redirectUri], token_endpoint_auth_method: 'client_secret_basic' })).rejects.toThrow(/public clients/);
    await expect(oauth.register({ redirect_uris: [] })).rejects.toThrow(OAuthError);
    const client = await oauth.register({ redirect_uris: [redirectUri] });
    expect(client).toMatchObject({ clientName: 'MCP client', redirectUris: [redirectUri] });
    expect(client.clientId).toMatch(/^mcp_/);
  });
});

describe('the authorization request', () => {
  it('sends a good request to the consent page, and never redirects to an address the client did not register', async () => {
    const { oauth } = setUp();
    const { request: good } = await request(oauth);
    const location = new URL(await oauth.authorize(good, consentPage));
    expect(`${location.origin}${location.pathname}`).toBe(consentPage);
    expect(location.searchParams.get('client_id')).toBe(good.client_id);
    await expect(oauth.authorize({ ...good, redirect_uri: 'https://attacker.example/cb' }, consentPage)).rejects.toThrow(/not one the assistant registered/);
    await expect(oauth.authorize({ ...good, client_id: 'mcp_unknown' }, consentPage)).rejects.toThrow(/not registered/);
    // Once the redirect URI is known good, other problems go back to the client.
    const plain = new URL(await oauth.authorize({ ...good, code_challenge_method: 'plain' }, consentPage));
    expect(plain.origin).toBe('http://127.0.0.1:33418');
    expect(plain.searchParams.get('error')).toBe('invalid_request');
  });

  it('shows the client and the scopes it asked for; a denial answers access_denied', async () => {
    const { oauth } = setUp();
    const { request: asked } = await request(oauth, 'read write');
    expect(await oauth.consent(asked)).toEqual({ clientName: 'Claude', redirectOrigin: 'http://127.0.0.1:33418', requestedScopes: ['read', 'write'] });
    const denied = new URL(await oauth.decide({ request: asked, approve: false, scopes: [], workspaceId, caller: alice }));
    expect(denied.searchParams.get('error')).toBe('access_denied');
    expect(denied.searchParams.get('state')).toBe('xyz');
    expect(denied.searchParams.get('iss')).toBe(issuer);
    await expect(oauth.decide({ request: asked, approve: true, scopes: ['publish'], workspaceId, caller: alice })).rejects.toThrow(/asked for read, write only/);
  });
});

describe('codes and tokens', () => {
  it('exchanges a code once, with the verifier of its PKCE challenge, for the client and redirect URI it was made for', async () => {
    const { oauth, keys } = setUp();
    const { request: asked, verifier } = await request(oauth);
    const code = codeOf(await oauth.decide({ request: asked, approve: true, scopes: ['read', 'publish'], workspaceId, caller: alice }));
    await expect(oauth.exchange({ code, clientId: 'mcp_other', redirectUri, codeVerifier: verifier })).rejects.toThrow(/not valid/);
    // The failed attempt took the code: a code is single use whatever happened to it.
    await expect(oauth.exchange({ code, clientId: asked.client_id, redirectUri, codeVerifier: verifier })).rejects.toThrow(/used already/);

    const second = codeOf(await oauth.decide({ request: asked, approve: true, scopes: ['read', 'publish'], workspaceId, caller: alice }));
    await expect(oauth.exchange({ code: second, clientId: asked.client_id, redirectUri, codeVerifier: randomBytes(32).toString('base64url') })).rejects.toThrow(/does not match/);

    const third = codeOf(await oauth.decide({ request: asked, approve: true, scopes: ['read', 'publish'], workspaceId, caller: alice }));
    const tokens = await oauth.exchange({ code: third, clientId: asked.client_id, redirectUri, codeVerifier: verifier });
    expect(tokens).toMatchObject({ expiresInSeconds: 3600, scopes: ['read', 'publish'] });
    const grant = await keys.verify(tokens.accessToken, { mcp: true });
    expect(grant).toMatchObject({ kind: 'mcp', name: 'Claude', clientId: asked.client_id, createdBy: 'alice', scopes: ['read', 'publish'] });
    await expect(oauth.exchange({ code: third, clientId: asked.client_id, redirectUri, codeVerifier: verifier })).rejects.toThrow(/used already/);
  });

  it('lets a code expire after 10 minutes', async () => {
    const { oauth, advance } = setUp();
    const { request: asked, verifier } = await request(oauth);
    const code = codeOf(await oauth.decide({ request: asked, approve: true, scopes: ['read'], workspaceId, caller: alice }));
    advance(600_000);
    await expect(oauth.exchange({ code, clientId: asked.client_id, redirectUri, codeVerifier: verifier })).rejects.toThrow(/expired after 10 minutes/);
  });

  it('accepts an access token at the MCP server only, for an hour', async () => {
    const { keys, advance } = setUp();
    const tokens = await keys.grant(workspaceId, alice, { clientId: 'mcp_c', clientName: 'Claude', scopes: ['read'] });
    await expect(keys.verify(tokens.accessToken)).rejects.toThrow(ApiKeyRefused);
    await expect(keys.verify(tokens.refreshToken, { mcp: true })).rejects.toThrow(ApiKeyRefused);
    await expect(keys.verify(tokens.accessToken, { mcp: true })).resolves.toMatchObject({ kind: 'mcp' });
    advance(3_599_000);
    await expect(keys.verify(tokens.accessToken, { mcp: true })).resolves.toMatchObject({ kind: 'mcp' });
    advance(1_000);
    await expect(keys.verify(tokens.accessToken, { mcp: true })).rejects.toThrow(/expired/);
  });

  it('rotates refresh tokens: each works once, the old access token stops, and a replayed one ends the connection', async () => {
    const { keys } = setUp();
    const first = await keys.grant(workspaceId, alice, { clientId: 'mcp_c', clientName: 'Claude', scopes: ['read'] });
    await expect(keys.refresh(first.refreshToken, 'mcp_other')).rejects.toThrow(/not valid/);
    const second = await keys.refresh(first.refreshToken, 'mcp_c');
    await expect(keys.verify(first.accessToken, { mcp: true })).rejects.toThrow(ApiKeyRefused);
    await expect(keys.verify(second.accessToken, { mcp: true })).resolves.toMatchObject({ kind: 'mcp' });
    await expect(keys.refresh(first.refreshToken, 'mcp_c')).rejects.toThrow(/used already/);
    // The replay revoked the grant: the newest tokens stop too.
    await expect(keys.verify(second.accessToken, { mcp: true })).rejects.toThrow(ApiKeyRefused);
    await expect(keys.refresh(second.refreshToken, 'mcp_c')).rejects.toThrow(/not valid/);
  });

  it('computes S256 as RFC 7636 Appendix B does', () => {
    expect(s256('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk')).toBe('E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM');
  });
});
