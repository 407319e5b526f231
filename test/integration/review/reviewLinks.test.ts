import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Post } from '../../../shared/api/posts';
import type { CreatedReviewLink, Review, ReviewLink, ReviewPost } from '../../../shared/api/review';
import type { ActivityPage } from '../../../shared/api/activity';
import { WORKSPACE_HEADER } from '../../../shared/api/workspaces';
import { instantToWallTime } from '../../../shared/scheduling';
import { userWithAccounts } from '../../support/accounts';
import { createPost } from '../../support/posts';
import { callApi, documentClient, type TestUser } from '../../support/users';

const twin = inject('twin');
const ZONE = 'Europe/Istanbul';
const DAY_MS = 86_400_000;

function json(method: string, body?: unknown, headers: Record<string, string> = {}): RequestInit {
  return { method, headers: { 'content-type': 'application/json', ...headers }, ...(body === undefined ? {} : { body: JSON.stringify(body) }) };
}

/** The public page's calls: no token, the secret in the body. */
const publicCall = (path: string, body: unknown) => callApi(twin, path, undefined, json('POST', body));

async function schedule(user: TestUser, key: string, targets: unknown, description: string, inDays: number): Promise<Post> {
  const created = await createPost(twin, user, { description, media: [{ key }], targets, scheduledFor: new Date(Date.now() + inDays * DAY_MS).toISOString(), timeZone: ZONE });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  return created.body as unknown as Post;
}

async function makeLink(user: TestUser, body: unknown): Promise<CreatedReviewLink> {
  const { status, body: link } = await callApi(twin, '/workspace/review-links', user.idToken, json('POST', body));
  expect(status, JSON.stringify(link)).toBe(200);
  return link as unknown as CreatedReviewLink;
}

const getPost = async (user: TestUser, postId: string) => (await callApi(twin, `/posts/${postId}`, user.idToken)).body as unknown as Post;

describe('client review by link', () => {
  let owner: TestUser;
  let other: TestUser;
  let first: Post;
  let second: Post;
  let unlinked: Post;
  let othersPost: Post;
  let link: CreatedReviewLink;

  beforeAll(async () => {
    const team = await userWithAccounts(twin, ['x']);
    const stranger = await userWithAccounts(twin, ['x']);
    owner = team.user;
    other = stranger.user;
    first = await schedule(owner, team.key, team.targets, 'Our spring launch: the first post', 2);
    second = await schedule(owner, team.key, team.targets, 'Our spring launch: the second post', 2);
    unlinked = await schedule(owner, team.key, team.targets, 'A post the client must not see', 4);
    othersPost = await schedule(other, stranger.key, stranger.targets, "Another workspace's post", 2);
    link = await makeLink(owner, { label: 'Acme — spring', scope: { type: 'posts', postIds: [first.postId, second.postId] } });
  });

  it('answers a long random secret once and keeps only its SHA-256 hash', async () => {
    expect(link.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(link).toMatchObject({ label: 'Acme — spring', status: 'active', createdByEmail: owner.email, lastOpenedAt: null, revokedAt: null });
    expect(Date.parse(link.expiresAt) - Date.parse(link.createdAt)).toBe(7 * DAY_MS);

    const rows = await documentClient(twin).send(
      new QueryCommand({ TableName: twin.tableNames.memberships, KeyConditionExpression: 'userId = :id', ExpressionAttributeValues: { ':id': owner.userId } }),
    );
    expect(JSON.stringify(rows.Items)).not.toContain(link.token);
    const hash = createHash('sha256').update(link.token).digest('hex');
    const pointer = await documentClient(twin).send(new GetCommand({ TableName: twin.tableNames.memberships, Key: { userId: `reviewToken#${hash}`, record: 'reviewLink' } }));
    expect(pointer.Item).toEqual({ userId: `reviewToken#${hash}`, record: 'reviewLink', workspaceId: owner.userId, linkId: link.linkId });

    const { body } = await callApi(twin, '/workspace/review-links', owner.idToken);
    const listed = (body as { links: ReviewLink[] }).links;
    expect(listed.map((item) => item.linkId)).toContain(link.linkId);
    expect(JSON.stringify(listed)).not.toContain(link.token);
  });

  it("shows a client with no account only the link's posts, as their previews need them", async () => {
    const { status, body } = await publicCall('/review/open', { token: link.token });

    expect(status, JSON.stringify(body)).toBe(200);
    const review = body as unknown as Review;
    expect(review.label).toBe('Acme — spring');
    expect(review.workspaceName).toBe(owner.email);
    expect(review.posts.map((post) => post.postId).sort()).toEqual([first.postId, second.postId].sort());
    const shown = review.posts.find((post) => post.postId === first.postId)!;
    expect(shown).toMatchObject({ description: first.description, platforms: ['x'], reviews: [] });
    expect(shown.accounts).toEqual([expect.objectContaining({ platform: 'x' })]);
    expect(shown.media[0]!.url).toMatch(/^http/);
    // Nothing beyond the previews: no status, targets, account ids or other posts.
    expect(Object.keys(shown).sort()).toEqual(['accounts', 'description', 'media', 'platforms', 'postId', 'reviews', 'scheduledFor', 'texts', 'threads', 'timeZone', 'title']);
    expect(JSON.stringify(body)).not.toContain(unlinked.postId);
    expect(Object.keys(shown.accounts[0]!).sort()).toEqual(['avatarUrl', 'displayName', 'platform', 'username']);
    for (const field of ['"accountId"', '"connectionId"', '"targetId"', '"status"', '"error"', '"tokenHash"']) expect(JSON.stringify(body)).not.toContain(field);

    const { body: links } = await callApi(twin, '/workspace/review-links', owner.idToken);
    expect((links as { links: ReviewLink[] }).links.find((item) => item.linkId === link.linkId)?.lastOpenedAt).not.toBeNull();
  });

  it('records a client approval and comment on the post, under the typed name, changing nothing else', async () => {
    const approved = await publicCall('/review/approve', { token: link.token, postId: first.postId, name: '  Dana from Acme ' });
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect((approved.body as unknown as ReviewPost).reviews).toEqual([expect.objectContaining({ name: 'Dana from Acme', decision: 'approved', comment: null, linkId: link.linkId })]);
    const commented = await publicCall('/review/comment', { token: link.token, postId: second.postId, name: 'Dana from Acme', comment: 'Could we say "summer" instead?' });
    expect(commented.status, JSON.stringify(commented.body)).toBe(200);

    const seen = await getPost(owner, first.postId);
    expect(seen.clientReviews).toEqual([expect.objectContaining({ name: 'Dana from Acme', decision: 'approved' })]);
    // The approval publishes nothing and changes the post in no other way.
    expect(seen).toMatchObject({ status: 'scheduled', description: first.description, scheduledFor: first.scheduledFor, updatedAt: first.updatedAt });
    expect(seen.targets.map((target) => target.status)).toEqual(first.targets.map((target) => target.status));
    expect((await getPost(owner, second.postId)).clientReviews).toEqual([expect.objectContaining({ decision: 'commented', comment: 'Could we say "summer" instead?' })]);

    const { body } = await callApi(twin, '/workspace/activity?kind=review.approved', owner.idToken);
    expect((body as unknown as ActivityPage).entries).toEqual([
      expect.objectContaining({ kind: 'review.approved', actor: { type: 'client', name: 'Dana from Acme', linkId: link.linkId }, target: expect.objectContaining({ postId: first.postId }) }),
    ]);
  });

  it("cannot reach another post of the workspace, another workspace's post, or anything a member can do", async () => {
    for (const postId of [unlinked.postId, othersPost.postId, `notification#${first.postId}`]) {
      const approve = await publicCall('/review/approve', { token: link.token, postId, name: 'Mallory' });
      expect(approve.status, `${postId}: ${JSON.stringify(approve.body)}`).toBe(404);
      expect(String(approve.body?.['message'])).toBe('This post is not part of this review link (it may have been deleted or moved to another day).');
    }
    expect((await getPost(owner, unlinked.postId)).clientReviews).toEqual([]);
    expect((await getPost(other, othersPost.postId)).clientReviews).toEqual([]);

    // The secret is no credential for the API: every member route refuses it as a token or a header.
    for (const [path, init] of [
      [`/posts/${first.postId}`, { method: 'GET' }],
      [`/posts/${first.postId}`, json('PUT', { description: 'Hijacked', targets: first.targets.map(({ platform, accountId }) => ({ platform, accountId })) })],
      [`/posts/${first.postId}/cancel`, json('POST')],
      ['/posts', json('POST', { description: 'Hijacked', targets: [] })],
      ['/workspace/review-links', { method: 'GET' }],
    ] as Array<[string, RequestInit]>) {
      expect((await callApi(twin, path, link.token, init)).status, path).toBe(401);
      expect((await callApi(twin, path, undefined, { ...init, headers: { ...init.headers, [WORKSPACE_HEADER]: owner.userId, 'x-oneclick-review': link.token } })).status, path).toBe(401);
    }
    const after = await getPost(owner, first.postId);
    expect(after.status).toBe('scheduled');
    expect(after.description).toBe(first.description);
  });

  it('shows the posts scheduled in a range of calendar days, in its time zone', async () => {
    const day = instantToWallTime(unlinked.scheduledFor!, ZONE).date;
    const byDays = await makeLink(owner, { label: 'Acme — that day', scope: { type: 'dates', from: day, to: day, timeZone: ZONE }, expiresInDays: 1 });

    const { status, body } = await publicCall('/review/open', { token: byDays.token });

    expect(status, JSON.stringify(body)).toBe(200);
    expect((body as unknown as Review).posts.map((post) => post.postId)).toEqual([unlinked.postId]);
    expect((await publicCall('/review/approve', { token: byDays.token, postId: first.postId, name: 'Dana' })).status).toBe(404);
  });

  it('refuses a revoked link and an expired one, in words', async () => {
    const revoked = await makeLink(owner, { label: 'To revoke', scope: { type: 'posts', postIds: [first.postId] } });
    const revoke = await callApi(twin, `/workspace/review-links/${revoked.linkId}`, owner.idToken, { method: 'DELETE' });
    expect(revoke.status).toBe(200);
    expect(revoke.body).toMatchObject({ status: 'revoked' });
    for (const [path, body] of [
      ['/review/open', { token: revoked.token }],
      ['/review/approve', { token: revoked.token, postId: first.postId, name: 'Dana' }],
    ] as const) {
      const answer = await publicCall(path, body);
      expect(answer.status).toBe(410);
      expect(answer.body?.['message']).toBe('This review link was withdrawn by the team that sent it. Ask them for a new one if you still need to review.');
    }

    const expired = await makeLink(owner, { label: 'To expire', scope: { type: 'posts', postIds: [first.postId] }, expiresInDays: 30 });
    expect(Date.parse(expired.expiresAt) - Date.parse(expired.createdAt)).toBe(30 * DAY_MS);
    const past = new Date(Date.now() - 60_000).toISOString();
    await documentClient(twin).send(
      new UpdateCommand({ TableName: twin.tableNames.memberships, Key: { userId: owner.userId, record: `reviewLink#${expired.linkId}` }, UpdateExpression: 'SET expiresAt = :past', ExpressionAttributeValues: { ':past': past } }),
    );
    const answer = await publicCall('/review/open', { token: expired.token });
    expect(answer.status).toBe(410);
    expect(answer.body?.['message']).toBe(`This review link expired on ${past.slice(0, 10)}. Ask the team that sent it for a new one.`);

    const unknown = await publicCall('/review/open', { token: 'B'.repeat(43) });
    expect(unknown.status).toBe(404);
    expect(String(unknown.body?.['message'])).toMatch(/^This review link does not exist/);
    expect((await getPost(owner, first.postId)).clientReviews).toHaveLength(1);
  });

  it("writes a link's secret to no log: the API's lines name the route, never the secret", async () => {
    const logged = await makeLink(owner, { label: 'Logged calls', scope: { type: 'posts', postIds: [second.postId] } });
    expect((await publicCall('/review/open', { token: logged.token })).status).toBe(200);
    expect((await publicCall('/review/comment', { token: logged.token, postId: second.postId, name: 'Dana', comment: 'Seen.' })).status).toBe(200);

    // The twin logs each API call as it ends (test/setup copies the handlers' output into the same file).
    await expect.poll(() => /POST \S*\/review\/comment 200/.test(readFileSync(twin.logFile, 'utf8'))).toBe(true);
    expect(readFileSync(twin.logFile, 'utf8')).not.toContain(logged.token);
  });

  it("refuses a link to a post outside the workspace, a link lasting over 30 days, and another workspace's link id", async () => {
    const foreign = await callApi(twin, '/workspace/review-links', owner.idToken, json('POST', { label: 'Theirs', scope: { type: 'posts', postIds: [othersPost.postId] } }));
    expect(foreign.status).toBe(400);
    expect(foreign.body?.['message']).toBe(`These posts are not in this workspace (or were cancelled): ${othersPost.postId}.`);
    const tooLong = await callApi(twin, '/workspace/review-links', owner.idToken, json('POST', { label: 'Long', scope: { type: 'posts', postIds: [first.postId] }, expiresInDays: 31 }));
    expect(tooLong.status).toBe(400);
    expect(String(tooLong.body?.['message'])).toContain('A link lasts at most 30 days.');
    expect((await callApi(twin, `/workspace/review-links/${link.linkId}`, other.idToken, { method: 'DELETE' })).status).toBe(404);
    expect((await publicCall('/review/open', { token: link.token })).status).toBe(200);
  });
});

describe('the activity log', () => {
  it('records who did what, filters by kind and by member, and pages', async () => {
    const team = await userWithAccounts(twin, ['x']);
    const user = team.user;
    const created = await schedule(user, team.key, team.targets, 'Logged post', 3);
    const link = await makeLink(user, { label: 'Logged', scope: { type: 'posts', postIds: [created.postId] } });
    expect((await callApi(twin, `/workspace/review-links/${link.linkId}`, user.idToken, { method: 'DELETE' })).status).toBe(200);
    expect((await callApi(twin, `/posts/${created.postId}/cancel`, user.idToken, json('POST'))).status).toBe(200);

    const { status, body } = await callApi(twin, '/workspace/activity', user.idToken);
    expect(status).toBe(200);
    const page = body as unknown as ActivityPage;
    const me = { type: 'member', userId: user.userId, email: user.email };
    expect(page.entries.map((entry) => entry.kind)).toEqual(['post.cancelled', 'reviewLink.revoked', 'reviewLink.created', 'post.created', 'connection.connected']);
    expect(page.entries[3]).toMatchObject({ actor: me, target: { postId: created.postId, excerpt: 'Logged post' } });
    expect(page.entries[4]).toMatchObject({ actor: me, target: { platform: 'x' } });
    expect(page.nextCursor).toBeNull();

    const byKind = (await callApi(twin, '/workspace/activity?kind=reviewLink.created', user.idToken)).body as unknown as ActivityPage;
    expect(byKind.entries).toEqual([expect.objectContaining({ kind: 'reviewLink.created', target: { linkId: link.linkId, excerpt: 'Logged' } })]);
    const byOther = (await callApi(twin, `/workspace/activity?member=${'0'.repeat(8)}-0000-4000-8000-${'0'.repeat(12)}`, user.idToken)).body as unknown as ActivityPage;
    expect(byOther.entries).toEqual([]);
    const byMe = (await callApi(twin, `/workspace/activity?member=${user.userId}`, user.idToken)).body as unknown as ActivityPage;
    expect(byMe.entries).toHaveLength(5);

    const firstPage = (await callApi(twin, '/workspace/activity?limit=2', user.idToken)).body as unknown as ActivityPage;
    expect(firstPage.entries.map((entry) => entry.kind)).toEqual(['post.cancelled', 'reviewLink.revoked']);
    const next = (await callApi(twin, `/workspace/activity?limit=2&cursor=${firstPage.nextCursor}`, user.idToken)).body as unknown as ActivityPage;
    expect(next.entries.map((entry) => entry.kind)).toEqual(['reviewLink.created', 'post.created']);

    // Another workspace's cursor, or a made-up one, is refused in words.
    const forged = Buffer.from(JSON.stringify({ userId: team.user.userId === user.userId ? 'someone-else' : user.userId, activityId: 'x' })).toString('base64url');
    const refused = await callApi(twin, `/workspace/activity?cursor=${forged}`, user.idToken);
    expect(refused.status).toBe(400);
    expect(refused.body?.['message']).toBe('This page of the activity log cannot be continued: open the log again.');
    const unknownKind = await callApi(twin, '/workspace/activity?kind=post.stolen', user.idToken);
    expect(unknownKind.status).toBe(400);
  });

  it('records a published post as done by OneClick, and keeps the log out of the post lists', async () => {
    const team = await userWithAccounts(twin, ['x']);
    const created = await createPost(twin, team.user, { description: 'Published now', media: [{ key: team.key }], targets: team.targets });
    expect(created.status).toBe(200);
    const postId = (created.body as unknown as Post).postId;

    let kinds: string[] = [];
    for (const deadline = Date.now() + 30_000; !kinds.includes('post.published') && Date.now() < deadline; ) {
      const { body } = await callApi(twin, '/workspace/activity', team.user.idToken);
      kinds = (body as unknown as ActivityPage).entries.map((entry) => entry.kind);
      if (!kinds.includes('post.published')) await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const { body } = await callApi(twin, '/workspace/activity?kind=post.published', team.user.idToken);
    expect((body as unknown as ActivityPage).entries).toEqual([expect.objectContaining({ actor: { type: 'system' }, target: { postId, excerpt: 'Published now' } })]);

    const lists = await Promise.all(['published', 'scheduled'].map((list) => callApi(twin, `/posts?status=${list}`, team.user.idToken)));
    for (const list of lists) {
      expect(list.status).toBe(200);
      expect(JSON.stringify(list.body)).not.toContain('activityId');
    }
  });
});
