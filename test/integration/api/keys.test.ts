import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { ActivityPage } from '../../../shared/api/activity';
import type { ApiKeyList, CreateApiKey, CreatedApiKey } from '../../../shared/api/apiKeys';
import type { ConnectionList } from '../../../shared/api/connections';
import type { Post, PostPage } from '../../../shared/api/posts';
import type { UploadedMedia, UploadSession } from '../../../shared/api/uploads';
import { connectThroughOAuth, sandboxAccountName } from '../../support/connect';
import { startDeletion, waitForDeletion } from '../../support/deletion';
import { tinyJpeg } from '../../support/posts';
import { createUser, documentClient, type TestUser } from '../../support/users';
import { createTeam, createWorkspace, type Team } from '../../support/workspaces';
import { callRoute } from '../../support/routes';

const twin = inject('twin');
const DAY_MS = 86_400_000;

interface Answer {
  status: number;
  headers: Headers;
  body: Record<string, unknown>;
}

/** A script's plain fetch to the public API: the key as a bearer token, nothing of the app's. */
async function v1(path: string, key: string, init: { method?: string; body?: unknown; idempotencyKey?: string; headers?: Record<string, string> } = {}): Promise<Answer> {
  const response = await fetch(`${twin.apiUrl}/v1${path}`, {
    method: init.method ?? 'GET',
    headers: {
      authorization: `Bearer ${key}`,
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(init.idempotencyKey ? { 'idempotency-key': init.idempotencyKey } : {}),
      ...init.headers,
    },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
}

async function makeKey(team: Pick<Team, 'call'>, user: TestUser, body: CreateApiKey): Promise<CreatedApiKey> {
  const created = await team.call(user, 'createApiKey', { body });
  expect(created.status, created.text).toBe(200);
  return created.body as CreatedApiKey;
}

describe('API keys and the public API (/v1)', () => {
  let team: Team;
  let linkedin: { platform: 'linkedin'; accountId: string };
  let bluesky: { platform: 'bluesky'; accountId: string };
  let editorKey: CreatedApiKey;
  let image: UploadedMedia;
  let scheduled: Post;
  const post = (extra: Record<string, unknown> = {}) => ({
    description: 'Posted by a script',
    media: [{ key: image.key }],
    targets: [linkedin],
    scheduledFor: new Date(Date.now() + 3 * DAY_MS).toISOString(),
    timeZone: 'Europe/Istanbul',
    ...extra,
  });

  beforeAll(async () => {
    team = await createTeam(twin, ['editor', 'contributor', 'viewer'], 'apikeys');
    await connectThroughOAuth(twin, team.owner, 'linkedin', sandboxAccountName('keys-li'), 'allow', team.headers);
    await connectThroughOAuth(twin, team.owner, 'bluesky', sandboxAccountName('keys-bsky'), 'allow', team.headers);
    const { connections } = (await team.call(team.owner, 'listConnections')).body as ConnectionList;
    linkedin = { platform: 'linkedin', accountId: connections.find((connection) => connection.platform === 'linkedin')!.platformUserId };
    bluesky = { platform: 'bluesky', accountId: connections.find((connection) => connection.platform === 'bluesky')!.platformUserId };
    editorKey = await makeKey(team, team.members.editor!, { name: 'Scheduler script', scopes: ['read', 'write', 'publish'] });
  });

  it('lets a script upload (presigned, and from a URL) and schedule a post; the same request retried with its Idempotency-Key makes one post', async () => {
    // Presigned: start, PUT the bytes straight to storage, complete.
    const started = await v1('/uploads', editorKey.key, { method: 'POST', body: { fileName: 'photo.jpg', contentType: 'image/jpeg', size: tinyJpeg.length }, idempotencyKey: randomUUID() });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const session = started.body as unknown as UploadSession;
    const put = await fetch(session.parts[0]!.url, { method: 'PUT', body: new Uint8Array(tinyJpeg) });
    expect(put.status).toBe(200);
    const completed = await v1('/uploads/complete', editorKey.key, { method: 'POST', body: { key: session.key, uploadId: session.uploadId, parts: [{ partNumber: 1, etag: put.headers.get('etag') }] } });
    expect(completed.status, JSON.stringify(completed.body)).toBe(200);
    expect(completed.body).toMatchObject({ key: session.key, kind: 'image', contentType: 'image/jpeg', size: tinyJpeg.length });

    // From a URL: the server takes the file (the sandbox's, the twin's one allowed origin) as an upload lands.
    const fromUrl = await v1('/uploads/from-url', editorKey.key, { method: 'POST', body: { url: `${twin.endpoints.sandbox}/_files/photo.png` } });
    expect(fromUrl.status, JSON.stringify(fromUrl.body)).toBe(200);
    image = fromUrl.body as unknown as UploadedMedia;
    expect(image).toMatchObject({ kind: 'image', contentType: 'image/png', size: 70 });

    const idempotencyKey = randomUUID();
    const first = await v1('/posts', editorKey.key, { method: 'POST', body: post(), idempotencyKey });
    const again = await v1('/posts', editorKey.key, { method: 'POST', body: post({ scheduledFor: (first.body as unknown as Post).scheduledFor }), idempotencyKey });

    expect(first.status, JSON.stringify(first.body)).toBe(200);
    scheduled = first.body as unknown as Post;
    expect(scheduled).toMatchObject({ status: 'scheduled', targets: [expect.objectContaining(linkedin)] });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect((again.body as unknown as Post).postId).toBe(scheduled.postId);
    const list = await v1('/posts?status=scheduled', editorKey.key);
    expect((list.body as unknown as PostPage).posts.filter((listed) => listed.description === 'Posted by a script')).toHaveLength(1);
    expect(list.headers.get('ratelimit-limit')).toBe('300');
    expect(Number(list.headers.get('ratelimit-remaining'))).toBeLessThan(300);
    expect(Number(list.headers.get('ratelimit-reset'))).toBeGreaterThan(0);

    // The key's maker sees when and from where it was last used; the activity log names the key's creation.
    const { keys } = (await team.call(team.members.editor!, 'listApiKeys')).body as ApiKeyList;
    expect(keys.find((key) => key.keyId === editorKey.keyId)).toMatchObject({ lastUsedAt: expect.any(String), lastUsedFrom: expect.stringMatching(/127\.0\.0\.1/) });
    const activity = (await team.call(team.owner, 'listActivity', { query: { kind: 'apiKey.created' } })).body as ActivityPage;
    expect(activity.entries).toContainEqual(expect.objectContaining({ kind: 'apiKey.created', actor: expect.objectContaining({ email: team.members.editor!.email }), target: expect.objectContaining({ keyId: editorKey.keyId, excerpt: 'Scheduler script' }) }));
  });

  it('refuses a file from an address in words: not https, an IP address, a wrong type, a redirect', async () => {
    const refusals = await Promise.all(
      ['http://cdn.example.com/photo.png', 'https://127.0.0.1/photo.png', `${twin.endpoints.sandbox}/_files/page.png`, `${twin.endpoints.sandbox}/_files/moved.png`].map((url) =>
        v1('/uploads/from-url', editorKey.key, { method: 'POST', body: { url } }),
      ),
    );

    expect(refusals.map((answer) => answer.status)).toEqual([400, 400, 400, 400]);
    expect(refusals.map((answer) => answer.body['detail'])).toEqual([
      expect.stringMatching(/is not an https address/),
      expect.stringMatching(/is an IP address, not a host name/),
      expect.stringMatching(/answered a text\/html file, which is not a \.png file/),
      expect.stringMatching(/answered with a redirect, which is not followed/),
    ]);
    expect(refusals[0]!.headers.get('content-type')).toMatch(/^application\/problem\+json/);
  });

  it('refuses a sign-in token, a revoked key, an expired key and a key without the scope, each in words', async () => {
    const editor = team.members.editor!;
    const revoked = await makeKey(team, editor, { name: 'Revoked', scopes: ['read'] });
    const expired = await makeKey(team, editor, { name: 'Expired', scopes: ['read'], expiresInDays: 1 });
    const readOnly = await makeKey(team, editor, { name: 'Read only', scopes: ['read'] });
    expect((await team.call(editor, 'revokeApiKey', { path: { keyId: revoked.keyId } })).status).toBe(200);
    await documentClient(twin).send(
      new UpdateCommand({ TableName: twin.tableNames.memberships, Key: { userId: team.workspaceId, record: `apikey#${expired.keyId}` }, UpdateExpression: 'SET expiresAt = :past', ExpressionAttributeValues: { ':past': '2020-01-01T00:00:00.000Z' } }),
    );

    const signIn = await v1('/posts?status=scheduled', editor.idToken);
    const [byRevoked, byExpired] = await Promise.all([v1('/posts?status=scheduled', revoked.key), v1('/posts?status=scheduled', expired.key)]);
    const writeWithRead = await v1('/posts', readOnly.key, { method: 'POST', body: post() });
    const readWithRead = await v1('/posts?status=scheduled', readOnly.key);

    expect(signIn).toMatchObject({ status: 401, body: { code: 'ApiKeyRequired', detail: expect.stringMatching(/takes an API key, not a sign-in token/) } });
    for (const refused of [byRevoked, byExpired]) expect(refused).toMatchObject({ status: 401, body: { code: 'ApiKeyRefused', detail: expect.stringMatching(/not valid: it may be mistyped, revoked or expired/) } });
    expect(writeWithRead).toMatchObject({ status: 403, body: { type: 'about:blank', title: 'Forbidden', status: 403, code: 'ScopeMissing', detail: expect.stringContaining('"publish" scope') } });
    expect(readWithRead.status).toBe(200);
    const activity = (await team.call(team.owner, 'listActivity', { query: { kind: 'apiKey.revoked' } })).body as ActivityPage;
    expect(activity.entries).toContainEqual(expect.objectContaining({ kind: 'apiKey.revoked', target: expect.objectContaining({ keyId: revoked.keyId }) }));
  });

  it("refuses another workspace's key on this workspace's posts, whatever workspace header it sends", async () => {
    const other = await createWorkspace(twin, team.owner, 'Another client');
    const call = (id: Parameters<Team['call']>[1], request: Parameters<Team['call']>[2]) => callRoute(twin, id, { ...request, headers: { 'x-oneclick-workspace': other.workspaceId } }, team.owner.idToken);
    const created = await call('createApiKey', { body: { name: 'Other client', scopes: ['read', 'publish'] } });
    expect(created.status, created.text).toBe(200);
    const otherKey = (created.body as CreatedApiKey).key;

    const read = await v1(`/posts/${scheduled.postId}`, otherKey, { headers: { 'x-oneclick-workspace': team.workspaceId } });
    const cancel = await v1(`/posts/${scheduled.postId}/cancel`, otherKey, { method: 'POST', headers: { 'x-oneclick-workspace': team.workspaceId } });

    expect(read.status).toBe(404);
    expect(cancel.status).toBe(404);
    expect((await team.call(team.owner, 'getPost', { path: { postId: scheduled.postId } })).body).toMatchObject({ status: 'scheduled' });
  });

  it("submits a contributor's post for approval, even with the publish scope", async () => {
    const key = await makeKey(team, team.members.contributor!, { name: 'Contributor bot', scopes: ['read', 'publish'] });

    const created = await v1('/posts', key.key, { method: 'POST', body: post({ description: 'A contributor script' }) });

    expect(created.status, JSON.stringify(created.body)).toBe(200);
    // Submitted at its time: it waits for an approver and is not published unless approved (docs/publishing.md#approvals).
    expect(created.body).toMatchObject({ status: 'scheduled', approval: { state: 'pending', submittedByEmail: team.members.contributor!.email } });
  });

  it('keeps a key limited to an account to that account: its posts only, and no post for another', async () => {
    const key = await makeKey(team, team.members.editor!, { name: 'Bluesky only', scopes: ['read', 'publish'], accounts: [bluesky] });

    const elsewhere = await v1('/posts', key.key, { method: 'POST', body: post() });
    const onLinkedIn = await v1(`/posts/${scheduled.postId}`, key.key);
    const list = await v1('/posts?status=scheduled', key.key);
    const own = await v1('/posts', key.key, { method: 'POST', body: post({ targets: [bluesky], description: 'Bluesky only' }) });

    expect(elsewhere).toMatchObject({ status: 403, body: { code: 'AccountOutsideKey', detail: expect.stringContaining(`LinkedIn account ${linkedin.accountId} is not one of them`) } });
    expect(onLinkedIn).toMatchObject({ status: 403, body: { code: 'AccountOutsideKey' } });
    expect((list.body as unknown as PostPage).posts.map((listed) => listed.postId)).not.toContain(scheduled.postId);
    expect(own.status, JSON.stringify(own.body)).toBe(200);
    const connections = (await v1('/connections', key.key)).body as unknown as ConnectionList;
    expect(connections.connections.map((connection) => connection.platform)).toEqual(['bluesky']);
  });

  it('stops a key at once when its maker is removed from the workspace', async () => {
    const viewer = team.members.viewer!;
    const key = await makeKey(team, viewer, { name: 'Viewer report', scopes: ['read'] });
    expect((await v1('/posts?status=scheduled', key.key)).status).toBe(200);

    expect((await team.call(team.owner, 'removeMember', { path: { memberId: viewer.userId } })).status).toBe(204);
    const refused = await v1('/posts?status=scheduled', key.key);

    expect(refused).toMatchObject({ status: 401, body: { code: 'ApiKeyRefused', detail: expect.stringMatching(/no longer in its workspace/) } });
  });

  it("refuses a key once its maker's account is deleted", async () => {
    const person = await createUser(twin);
    const key = (await callRoute(twin, 'createApiKey', { body: { name: 'Mine', scopes: ['read'] } }, person.idToken)).body as CreatedApiKey;
    expect((await v1('/workspace', key.key)).status).toBe(200);

    await startDeletion(twin, person);
    const whileDeleting = await v1('/workspace', key.key);
    await waitForDeletion(twin, person);
    const afterwards = await v1('/workspace', key.key);

    expect([401, 409, 410]).toContain(whileDeleting.status);
    expect(afterwards.status).toBe(401);
  });
});
