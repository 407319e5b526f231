import { describe, expect, it } from 'vitest';
import { activityOf } from '../../../../functions/http/activityRecorder';
import { routeActivity } from '../../../../shared/api/authorization';
import { routes, type RouteId } from '../../../../shared/api/routes';

const caller = { userId: 'u1', email: 'ana@example.com' };
const workspace = { workspaceId: 'w1', role: 'admin' as const, personal: false };

describe('what a route records in the activity log', () => {
  it('records a member change with the caller as the actor and the member, role and e-mail as the target', () => {
    const record = activityOf('changeMemberRole', {
      caller,
      workspace,
      path: { memberId: 'm1' },
      body: { role: 'editor' },
      output: { userId: 'm1', email: 'bo@example.com', role: 'editor', joinedAt: '2026-01-01T00:00:00.000Z' },
    });

    expect(record).toEqual({
      workspaceId: 'w1',
      kind: 'member.roleChanged',
      actor: { type: 'member', userId: 'u1', email: 'ana@example.com' },
      target: { memberId: 'm1', role: 'editor', email: 'bo@example.com' },
    });
  });

  it("keeps a post's id and a short line of it, never its whole text", () => {
    const record = activityOf('createPost', { caller, workspace, path: undefined, body: {}, output: { postId: 'p1', status: 'scheduled', title: null, description: `${'word '.repeat(40)}end` } });

    expect(record?.kind).toBe('post.created');
    expect(record?.target?.postId).toBe('p1');
    expect(record?.target?.excerpt).toHaveLength(80);
    expect(record?.target?.excerpt?.endsWith('…')).toBe(true);
  });

  it('records each change of a webhook endpoint with its id and address, never its secret', () => {
    const endpoint = { endpointId: '01JWEBHOOK0000000000000000', url: 'https://hooks.example.com/oneclick', events: [], description: '', enabled: true, disabledReason: null, disabledAt: null, failingSince: null, secretStart: 'whsec_ab', createdAt: '' };
    const path = { endpointId: endpoint.endpointId };
    const kinds = [
      activityOf('createWebhookEndpoint', { caller, workspace, path: undefined, body: { url: endpoint.url }, output: { endpoint, secret: 'whsec_the-secret' } }),
      activityOf('updateWebhookEndpoint', { caller, workspace, path, body: { description: 'CRM' }, output: endpoint }),
      activityOf('updateWebhookEndpoint', { caller, workspace, path, body: { enabled: false }, output: { ...endpoint, enabled: false } }),
      activityOf('updateWebhookEndpoint', { caller, workspace, path, body: { enabled: true }, output: endpoint }),
      activityOf('updateWebhookEndpoint', { caller, workspace, path, body: { enabled: true, url: endpoint.url }, output: endpoint }),
      activityOf('rotateWebhookSecret', { caller, workspace, path, body: undefined, output: { endpoint, secret: 'whsec_the-new-secret' } }),
      activityOf('deleteWebhookEndpoint', { caller, workspace, path, body: undefined, output: endpoint }),
    ];

    expect(kinds.map((record) => record?.kind)).toEqual(['webhook.created', 'webhook.changed', 'webhook.disabled', 'webhook.enabled', 'webhook.changed', 'webhook.secretRotated', 'webhook.deleted']);
    for (const record of kinds) expect(record?.target).toEqual({ endpointId: endpoint.endpointId, excerpt: endpoint.url });
    expect(JSON.stringify(kinds)).not.toContain('whsec_the');
    // Sending a test or redelivering changes nothing of the endpoint: nothing is recorded.
    expect(activityOf('testWebhookEndpoint', { caller, workspace, path, body: undefined, output: {} })).toBeUndefined();
  });

  it("names a review link by its label, never its secret", () => {
    const record = activityOf('createReviewLink', { caller, workspace, path: undefined, body: { label: 'Acme' }, output: { linkId: 'l1', label: 'Acme', token: 'the-secret' } });

    expect(record).toMatchObject({ kind: 'reviewLink.created', target: { linkId: 'l1', excerpt: 'Acme' } });
    expect(JSON.stringify(record)).not.toContain('the-secret');
  });

  it('records a draft saved from the wizard as a draft, not a post created', () => {
    expect(activityOf('createPost', { caller, workspace, path: undefined, body: {}, output: { postId: 'p1', status: 'draft', description: 'x' } })?.kind).toBe('draft.saved');
  });

  it('records a connection only once it is made, not while the member still chooses accounts', () => {
    expect(activityOf('confirmConnection', { caller, workspace, path: { platform: 'facebook' }, body: {}, output: { choice: { choiceId: 'c', accounts: [] } } })).toBeUndefined();
    expect(activityOf('confirmConnection', { caller, workspace, path: { platform: 'x' }, body: {}, output: { location: '/auth/callback?status=connected' } })).toMatchObject({
      kind: 'connection.connected',
      target: { platform: 'x' },
    });
  });

  it('records joining in the workspace the answer names (the route is about the person, with no workspace of its own)', () => {
    const record = activityOf('acceptInvitation', { caller, workspace: undefined, path: undefined, body: { token: 'secret' }, output: { workspaceId: 'w9', role: 'editor' } });

    expect(record).toMatchObject({ workspaceId: 'w9', kind: 'member.joined', target: { role: 'editor' } });
    // The invitation's secret is not an id the log keeps.
    expect(JSON.stringify(record)).not.toContain('secret');
  });

  it("records queue changes with the account, a skipped or restored time by the body's choice", () => {
    const path = { platform: 'x', accountId: 'a1' };
    expect(activityOf('pauseQueue', { caller, workspace, path, body: undefined, output: {} })).toMatchObject({ kind: 'queue.paused', target: { platform: 'x', accountId: 'a1' } });
    expect(activityOf('skipQueueSlot', { caller, workspace, path, body: { at: '2026-12-01T09:00:00.000Z', skip: true }, output: {} })?.kind).toBe('queue.slotSkipped');
    expect(activityOf('skipQueueSlot', { caller, workspace, path, body: { at: '2026-12-01T09:00:00.000Z', skip: false }, output: {} })?.kind).toBe('queue.slotRestored');
    expect(activityOf('shareQueuePostNext', { caller, workspace, path, body: { postId: 'p1' }, output: {} })).toMatchObject({ kind: 'queue.reordered', target: { postId: 'p1' } });
  });

  it("names a feed by its title, or its address before its first fetch", () => {
    expect(activityOf('addFeed', { caller, workspace, path: undefined, body: { url: 'https://blog.example.com/feed.xml' }, output: { feedId: 'f1', url: 'https://blog.example.com/feed.xml', title: null } })).toMatchObject({
      kind: 'feed.added',
      target: { feedId: 'f1', excerpt: 'https://blog.example.com/feed.xml' },
    });
    expect(activityOf('removeFeed', { caller, workspace, path: { feedId: 'f1' }, body: undefined, output: undefined })).toMatchObject({ kind: 'feed.removed', target: { feedId: 'f1' } });
  });

  it('records an import that made posts, with how many; a dry run or a file imported before records nothing', () => {
    const rows = (outcomes: string[]) => ({ rows: outcomes.map((outcome, index) => ({ line: index + 2, outcome, becomes: null, postId: null, problems: [] })) });
    expect(activityOf('importPosts', { caller, workspace, path: undefined, body: { dryRun: false }, output: rows(['scheduled', 'drafted', 'refused', 'submitted']) })).toMatchObject({ kind: 'posts.imported', target: { count: 3 } });
    expect(activityOf('importPosts', { caller, workspace, path: undefined, body: { dryRun: true }, output: rows(['accepted', 'accepted']) })).toBeUndefined();
    expect(activityOf('importPosts', { caller, workspace, path: undefined, body: { dryRun: false }, output: rows(['alreadyImported']) })).toBeUndefined();
  });

  it('records nothing for reads, or without a verified caller', () => {
    expect(activityOf('listPosts', { caller, workspace, path: undefined, body: undefined, output: { posts: [] } })).toBeUndefined();
    expect(activityOf('deletePost', { caller: undefined, workspace, path: { postId: 'p1' }, body: undefined, output: undefined })).toBeUndefined();
  });

  it('names only routes that write: no GET route records an action', () => {
    const recordingReads = (Object.keys(routeActivity) as RouteId[]).filter((id) => routes[id].method === 'GET');
    expect(recordingReads).toEqual([]);
  });
});
