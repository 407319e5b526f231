import { describe, expect, it } from 'vitest';
import { mcpTools, mcpToolNames } from '../../../../shared/api/mcpTools';
import { isPublicApiRoute, publicApiRoutes } from '../../../../shared/api/publicApi';
import { routes } from '../../../../shared/api/routes';
import { handlerGroups } from '../../../../functions/handlers/groups';
import { toolCallKey, toolInputSchema, toolResult, toolScope, toolsFor } from '../../../../functions/mcp/server';

describe('the MCP tools', () => {
  it('are each one public route, needing exactly the scope that route needs from a key', () => {
    for (const name of mcpToolNames) {
      const { route } = mcpTools[name];
      expect(isPublicApiRoute(route), `${name} calls ${route}`).toBe(true);
      expect(toolScope(name)).toBe(publicApiRoutes[route as keyof typeof publicApiRoutes]);
    }
    expect(mcpTools.create_post.route).toBe('createPost');
    expect(toolScope('create_post')).toBe('publish');
    expect(toolScope('create_draft')).toBe('write');
  });

  it('are listed to a credential only when its scopes allow them', () => {
    expect(toolsFor(['read'])).toEqual(['list_accounts', 'get_post', 'get_post_metrics', 'list_posts', 'list_content']);
    expect(toolsFor(['write'])).toEqual(['upload_from_url', 'create_draft', 'update_draft']);
    expect(toolsFor(['read', 'write', 'publish'])).toHaveLength(mcpToolNames.length);
  });

  it('take their route\'s path, query and body fields side by side, from the route table\'s schemas', () => {
    const updateDraft = toolInputSchema('update_draft');
    expect(Object.keys(updateDraft.properties ?? {})).toEqual(expect.arrayContaining(['postId', 'description', 'targets', 'media']));
    expect(updateDraft.required).toEqual(expect.arrayContaining(['postId']));
    expect(Object.keys(toolInputSchema('list_posts').properties ?? {})).toEqual(expect.arrayContaining(['status', 'platform', 'limit', 'cursor']));
    expect(Object.keys(toolInputSchema('delete_post').properties ?? {})).toEqual(['postId', 'deleteMedia']);
    expect(toolInputSchema('list_accounts')).toEqual({ type: 'object', properties: {} });
  });

  it('run in a function that has every grant their routes\' groups have', () => {
    const mcp = handlerGroups.mcp;
    for (const name of mcpToolNames) {
      const group = handlerGroups[routes[mcpTools[name].route].handler];
      for (const table of Object.keys(group.tables)) expect(mcp.tables, `${name}: table ${table}`).toHaveProperty(table);
      for (const bucket of Object.keys(group.buckets)) expect(mcp.buckets, `${name}: bucket ${bucket}`).toHaveProperty(bucket);
      if (group.platformAccess) expect(mcp.platformAccess).toBe(true);
      if (group.startsPublishing) expect(mcp.startsPublishing).toBe(true);
    }
    expect(mcp.tables.posts).toBe('readWrite');
    expect(mcp.tables.oauthStates).toBe('readWrite');
  });
});

describe('a tool call', () => {
  it('is keyed by its id, tool and arguments: repeated, the same key; another call under the same id, another', () => {
    const key = toolCallKey(7, 'create_post', { description: 'a' });
    expect(key).toMatch(/^mcp:[A-Za-z0-9_-]{43}$/);
    expect(toolCallKey(7, 'create_post', { description: 'a' })).toBe(key);
    expect(toolCallKey(7, 'create_post', { description: 'b' })).not.toBe(key);
    expect(toolCallKey('7', 'create_post', { description: 'a' })).not.toBe(key);
  });

  it('answers data as text and structured content, and a refusal in the app\'s words with isError', () => {
    expect(toolResult({ status: 200, body: { postId: 'p' } })).toEqual({ content: [{ type: 'text', text: '{"postId":"p"}' }], structuredContent: { postId: 'p' } });
    expect(toolResult({ status: 204, body: undefined }).structuredContent).toEqual({ done: true });
    const refused = toolResult({
      status: 400,
      body: { type: 'about:blank', title: 'Bad Request', status: 400, code: 'InvalidInput', detail: 'Invalid input — body.description: Too long', issues: [{ path: 'body.description', message: 'Too long' }, { path: 'body.targets', message: 'Choose an account' }] },
    });
    expect(refused.isError).toBe(true);
    expect(refused.content).toEqual([{ type: 'text', text: 'Invalid input — body.description: Too long\nbody.targets: Choose an account' }]);
    expect(refused.structuredContent).toMatchObject({ status: 400, code: 'InvalidInput' });
  });
});
