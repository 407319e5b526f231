import { createHash, randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { CreatedApiKey } from '../../../shared/api/apiKeys';
import type { ConnectionList } from '../../../shared/api/connections';
import type { Post, PostPage } from '../../../shared/api/posts';
import type { McpConsent } from '../../../shared/api/mcp';
import { connectThroughOAuth, sandboxAccountName } from '../../support/connect';
import { createTeam, type Team } from '../../support/workspaces';
import type { ActivityPage } from '../../../shared/api/activity';

const twin = inject('twin');
const DAY_MS = 86_400_000;

/** An MCP client from the SDK, connected to the twin's /mcp with a bearer. */
async function connect(bearer: string): Promise<Client> {
  const client = new Client({ name: 'oneclick-test', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${twin.apiUrl}/mcp`), { requestInit: { headers: { authorization: `Bearer ${bearer}` } } }));
  return client;
}

/** One tools/call sent as raw JSON-RPC with a chosen id (what a client's retry sends again). */
async function callWithId(bearer: string, id: number | string, name: string, args: Record<string, unknown>): Promise<CallToolResult> {
  const response = await fetch(`${twin.apiUrl}/mcp`, {
    method: 'POST',
    headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-06-18' },
    body: JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: args } }),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { result: CallToolResult }).result;
}

const dataOf = <T>(result: CallToolResult): T => {
  expect(result.isError, JSON.stringify(result.content)).toBeFalsy();
  return result.structuredContent as T;
};

describe('the MCP server', () => {
  let team: Team;
  let linkedin: { platform: 'linkedin'; accountId: string };
  let key: CreatedApiKey;
  let readKey: CreatedApiKey;

  beforeAll(async () => {
    team = await createTeam(twin, [], 'mcp');
    await connectThroughOAuth(twin, team.owner, 'linkedin', sandboxAccountName('mcp-li'), 'allow', team.headers);
    const { connections } = (await team.call(team.owner, 'listConnections')).body as ConnectionList;
    linkedin = { platform: 'linkedin', accountId: connections[0]!.platformUserId };
    key = (await team.call(team.owner, 'createApiKey', { body: { name: 'Assistant', scopes: ['read', 'write', 'publish'] } })).body as CreatedApiKey;
    readKey = (await team.call(team.owner, 'createApiKey', { body: { name: 'Reader', scopes: ['read'] } })).body as CreatedApiKey;
  });

  it('lists its tools to an SDK client, drafts a post, schedules it and reads it back', async () => {
    const client = await connect(key.key);
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual(
      ['cancel_post', 'create_draft', 'create_post', 'delete_draft', 'delete_post', 'get_post', 'get_post_metrics', 'list_accounts', 'list_content', 'list_posts', 'publish_draft', 'reschedule_post', 'update_draft', 'update_post', 'upload_from_url'].sort(),
    );
    const accounts = dataOf<ConnectionList>((await client.callTool({ name: 'list_accounts', arguments: {} })) as CallToolResult);
    expect(accounts.connections.map((connection) => connection.platformUserId)).toContain(linkedin.accountId);

    const image = dataOf<{ key: string }>((await client.callTool({ name: 'upload_from_url', arguments: { url: `${twin.endpoints.sandbox}/_files/photo.png` } })) as CallToolResult);
    const draft = dataOf<Post>((await client.callTool({ name: 'create_draft', arguments: { description: 'Drafted by an assistant', targets: [linkedin], media: [{ key: image.key }] } })) as CallToolResult);
    expect(draft.status).toBe('draft');
    const scheduledFor = new Date(Date.now() + 2 * DAY_MS).toISOString();
    const scheduled = dataOf<Post>(
      (await client.callTool({
        name: 'publish_draft',
        arguments: { postId: draft.postId, description: 'Scheduled by an assistant', media: [{ key: image.key }], targets: [linkedin], scheduledFor, timeZone: 'Europe/Istanbul' },
      })) as CallToolResult,
    );
    expect(scheduled.postId).toBe(draft.postId);
    const read = dataOf<Post>((await client.callTool({ name: 'get_post', arguments: { postId: draft.postId } })) as CallToolResult);
    expect(read).toMatchObject({ postId: draft.postId, status: 'scheduled', description: 'Scheduled by an assistant' });
    expect(read.scheduledFor).toBe(scheduledFor);
    await client.close();
  });

  it('posts once when the same tools/call is sent again with the same id', async () => {
    const args = { description: 'Once only', targets: [linkedin], media: [], scheduledFor: new Date(Date.now() + 3 * DAY_MS).toISOString(), timeZone: 'Europe/Istanbul' };
    const image = dataOf<{ key: string }>(await callWithId(key.key, 'upload-1', 'upload_from_url', { url: `${twin.endpoints.sandbox}/_files/photo.png` }));
    const post = { ...args, media: [{ key: image.key }] };
    const first = dataOf<Post>(await callWithId(key.key, 7, 'create_post', post));
    const again = dataOf<Post>(await callWithId(key.key, 7, 'create_post', post));
    expect(again.postId).toBe(first.postId);
    const { posts } = (await team.call(team.owner, 'listPosts', { query: { status: 'scheduled' } })).body as PostPage;
    expect(posts.filter((listed) => listed.description === 'Once only')).toHaveLength(1);
  });

  it('lists only the tools a key\'s scopes allow and refuses the others in words', async () => {
    const client = await connect(readKey.key);
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual(['get_post', 'get_post_metrics', 'list_accounts', 'list_content', 'list_posts']);
    const refused = (await client.callTool({ name: 'create_draft', arguments: { description: 'x' } })) as CallToolResult;
    expect(refused.isError).toBe(true);
    expect(JSON.stringify(refused.content)).toContain('does not have the \\"write\\" scope');
    // A route's own refusal comes back as a tool error in the app's words, never a raw body.
    const missing = (await client.callTool({ name: 'get_post', arguments: { postId: '01JAAAAAAAAAAAAAAAAAAAAAAA' } })) as CallToolResult;
    expect(missing.isError).toBe(true);
    expect((missing.content as Array<{ text: string }>)[0]!.text).not.toContain('{');
    await client.close();
  });

  it('refuses a revoked key with 401 naming its resource metadata', async () => {
    const revoked = (await team.call(team.owner, 'createApiKey', { body: { name: 'Soon revoked', scopes: ['read'] } })).body as CreatedApiKey;
    await team.call(team.owner, 'revokeApiKey', { path: { keyId: revoked.keyId } });
    await expect(connect(revoked.key)).rejects.toThrow();
    const response = await fetch(`${twin.apiUrl}/mcp`, { method: 'POST', headers: { authorization: `Bearer ${revoked.key}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream' }, body: '{}' });
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toContain(`resource_metadata="${twin.apiUrl.replace(/\/api$/, '')}`);
    expect((await fetch(`${twin.apiUrl}/mcp`)).status).toBe(405);
  });

  it('connects an assistant by OAuth: registration, consent by a signed-in member, code with PKCE, token, tools, refresh', async () => {
    const resource = (await (await fetch(`${twin.apiUrl}/.well-known/oauth-protected-resource`)).json()) as { authorization_servers: string[] };
    const issuer = resource.authorization_servers[0]!;
    const metadata = (await (await fetch(`${new URL(issuer).origin}/.well-known/oauth-authorization-server${new URL(issuer).pathname}`)).json()) as Record<string, string>;
    expect(metadata['code_challenge_methods_supported']).toEqual(['S256']);

    const refusedRegistration = await fetch(metadata['registration_endpoint']!, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ redirect_uris: ['http://example.com/cb'] }) });
    expect(refusedRegistration.status).toBe(400);
    const registered = await fetch(metadata['registration_endpoint']!, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ client_name: 'Test assistant', redirect_uris: ['http://127.0.0.1:33418/callback'], token_endpoint_auth_method: 'none' }),
    });
    expect(registered.status).toBe(201);
    const { client_id: clientId } = (await registered.json()) as { client_id: string };

    const verifier = randomBytes(32).toString('base64url');
    const request = {
      response_type: 'code',
      client_id: clientId,
      redirect_uri: 'http://127.0.0.1:33418/callback',
      code_challenge: createHash('sha256').update(verifier).digest('base64url'),
      code_challenge_method: 'S256',
      state: 'state-1',
      scope: 'read write',
    };
    const authorize = await fetch(`${metadata['authorization_endpoint']}?${new URLSearchParams(request)}`, { redirect: 'manual' });
    expect(authorize.status).toBe(302);
    expect(new URL(authorize.headers.get('location')!).pathname).toBe('/connect-assistant');

    const consent = await team.call(team.owner, 'getMcpConsent', { query: request });
    expect(consent.body as McpConsent).toEqual({ clientName: 'Test assistant', redirectOrigin: 'http://127.0.0.1:33418', requestedScopes: ['read', 'write'] });
    const decided = await team.call(team.owner, 'decideMcpConsent', { body: { request, approve: true, scopes: ['read'] } });
    const back = new URL((decided.body as { location: string }).location);
    expect(back.searchParams.get('state')).toBe('state-1');
    const code = back.searchParams.get('code')!;
    // The approval is in the workspace's activity log, by the member who gave it.
    const activity = await team.call(team.owner, 'listActivity', { query: { kind: 'apiKey.assistantApproved' } });
    expect((activity.body as ActivityPage).entries.map((entry) => entry.actor)).toEqual([expect.objectContaining({ type: 'member', userId: team.owner.userId })]);

    const token = (form: Record<string, string>) => fetch(metadata['token_endpoint']!, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(form) });
    const wrongVerifier = await token({ grant_type: 'authorization_code', code, client_id: clientId, redirect_uri: request.redirect_uri, code_verifier: randomBytes(32).toString('base64url') });
    expect(wrongVerifier.status).toBe(400);
    // The code was taken by the failed attempt: it is single use whatever happened.
    const decidedAgain = new URL(((await team.call(team.owner, 'decideMcpConsent', { body: { request, approve: true, scopes: ['read'] } })).body as { location: string }).location);
    const exchanged = await token({ grant_type: 'authorization_code', code: decidedAgain.searchParams.get('code')!, client_id: clientId, redirect_uri: request.redirect_uri, code_verifier: verifier });
    expect(exchanged.status).toBe(200);
    const tokens = (await exchanged.json()) as { access_token: string; refresh_token: string; expires_in: number; scope: string };
    expect(tokens).toMatchObject({ expires_in: 3600, scope: 'read' });

    const client = await connect(tokens.access_token);
    expect((await client.listTools()).tools.map((tool) => tool.name)).toContain('list_posts');
    expect((await client.listTools()).tools.map((tool) => tool.name)).not.toContain('create_draft');
    await client.close();
    // The access token is the MCP server's alone: /v1 refuses it.
    expect((await fetch(`${twin.apiUrl}/v1/posts`, { headers: { authorization: `Bearer ${tokens.access_token}` } })).status).toBe(401);

    const refreshed = await token({ grant_type: 'refresh_token', refresh_token: tokens.refresh_token, client_id: clientId });
    expect(refreshed.status).toBe(200);
    const next = (await refreshed.json()) as { access_token: string };
    await expect(connect(tokens.access_token)).rejects.toThrow();
    await (await connect(next.access_token)).close();
    // The old refresh token again: refused, and the connection ends (a stolen token's replay).
    expect((await token({ grant_type: 'refresh_token', refresh_token: tokens.refresh_token, client_id: clientId })).status).toBe(400);
    await expect(connect(next.access_token)).rejects.toThrow();
  });
});
