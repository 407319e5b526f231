import { randomUUID } from 'node:crypto';
import { describe, expect, inject, it } from 'vitest';
import type { ConnectionList } from '../../../shared/api/connections';
import type { Account } from '../../../shared/api/account';
import { MAX_DRAFTS, type Post, type PostPage } from '../../../shared/api/posts';
import { createPostStore } from '../../../functions/services/postStore';
import { callApi, createUser, documentClient, type TestUser } from '../../support/users';
import { connectThroughOAuth, sandboxAccountName, sandboxControl } from '../../support/connect';
import { tinyJpeg, uploadMedia, waitForPost } from '../../support/posts';
import { storedPost } from '../../support/executions';
import { storePost } from '../../support/storedPosts';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';

const twin = inject('twin');

function send(user: TestUser, path: string, body?: unknown, options: { method?: string; key?: string } = {}) {
  return callApi(twin, path, user.idToken, {
    method: options.method ?? 'POST',
    headers: { ...(options.key ? { 'idempotency-key': options.key } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

const asPost = (answer: { body: unknown }) => answer.body as Post;
const drafts = async (user: TestUser) => ((await callApi(twin, '/posts?status=draft', user.idToken)).body as unknown as PostPage).posts;
const allPublished = async (user: TestUser) =>
  (
    await Promise.all(['scheduled', 'publishing', 'published'].map(async (list) => ((await callApi(twin, `/posts?status=${list}`, user.idToken)).body as unknown as PostPage).posts))
  ).flat();
const postsThisMonth = async (user: TestUser) => ((await callApi(twin, '/account', user.idToken)).body as unknown as Account).usage.postsThisMonth;

/** A free user (3 posts a month, 1 account) with LinkedIn connected and one uploaded image. */
async function setUp(tag: string) {
  const user = await createUser(twin);
  const account = sandboxAccountName(tag);
  await connectThroughOAuth(twin, user, 'linkedin', account);
  const accountId = ((await callApi(twin, '/connections', user.idToken)).body as unknown as ConnectionList).connections[0]!.platformUserId;
  const key = await uploadMedia(twin, user.userId, { kind: 'image', body: tinyJpeg });
  return { user, account, accountId, key, targets: [{ platform: 'linkedin' as const, accountId }] };
}

describe('Drafts', () => {
  it('saves a draft with whatever there is so far, updates it, lists it newest save first and opens it', async () => {
    const { user, key, targets } = await setUp('draft-crud');

    const textOnly = await send(user, '/drafts', { description: 'Just an idea', media: [], targets: [] });
    expect(textOnly.status, JSON.stringify(textOnly.body)).toBe(200);
    expect(asPost(textOnly)).toMatchObject({ status: 'draft', description: 'Just an idea', media: [], targets: [], platforms: [], scheduledFor: null, publishedAt: null });

    const full = await send(user, '/drafts', { description: 'With a photo', title: 'My title', media: [{ key, name: 'holiday.jpg' }], targets });
    expect(full.status, JSON.stringify(full.body)).toBe(200);
    const draft = asPost(full);
    expect(draft).toMatchObject({ status: 'draft', title: 'My title', platforms: ['linkedin'], media: [{ key, kind: 'image', name: 'holiday.jpg' }] });
    expect(draft.targets).toEqual([expect.objectContaining({ platform: 'linkedin', accountId: targets[0]!.accountId, status: 'pending' })]);

    const updated = await send(user, `/drafts/${draft.postId}`, { description: 'With a photo, rewritten', media: [{ key, name: 'holiday.jpg' }], targets: [] }, { method: 'PUT' });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    expect(asPost(updated)).toMatchObject({ postId: draft.postId, description: 'With a photo, rewritten', title: null, targets: [], createdAt: draft.createdAt });

    // The last saved comes first; GET /posts/{id} opens it with everything the wizard needs.
    expect((await drafts(user)).map((post) => post.postId)).toEqual([draft.postId, asPost(textOnly).postId]);
    expect((await callApi(twin, `/posts/${draft.postId}`, user.idToken)).body).toMatchObject({ status: 'draft', description: 'With a photo, rewritten', media: [{ key, name: 'holiday.jpg' }] });
    // Drafts are in no other list.
    expect(await allPublished(user)).toEqual([]);
  });

  it('refuses an empty draft, a file that is not the user\'s, a file that is gone and an account chosen twice — in words', async () => {
    const { user, key, targets } = await setUp('draft-refused');
    const other = await createUser(twin);
    const foreignKey = await uploadMedia(twin, other.userId, { kind: 'image', body: tinyJpeg });

    const empty = await send(user, '/drafts', { description: '  ', media: [], targets: [] });
    expect(empty.status).toBe(400);
    expect(String(empty.body?.['message'])).toMatch(/nothing to save yet/);

    const foreign = await send(user, '/drafts', { description: 'x', media: [{ key: foreignKey }], targets: [] });
    expect(foreign.status).toBe(400);
    expect(String(foreign.body?.['message'])).toMatch(/is not one of your uploads/);

    const gone = await send(user, '/drafts', { description: 'x', media: [{ key: `${user.userId}/images/${'0'.repeat(24)}.jpg`, name: 'missing.jpg' }], targets: [] });
    expect(gone.status).toBe(400);
    expect(String(gone.body?.['message'])).toMatch(/missing\.jpg was not found: upload it again/);

    const twice = await send(user, '/drafts', { description: 'x', media: [{ key }], targets: [...targets, ...targets] });
    expect(twice.status).toBe(400);
    expect(String(twice.body?.['message'])).toMatch(/same account is chosen twice/);
    expect(await drafts(user)).toEqual([]);
  });

  it('publishes a draft once under a double submit: the draft becomes the post, nothing is published twice', async () => {
    const { user, account, key, targets } = await setUp('draft-publish');
    const draft = asPost(await send(user, '/drafts', { description: 'Draft to publish', media: [{ key }], targets }));
    const post = { description: `Published from a draft ${Date.now()}`, media: [{ key }], targets };

    // The same click sent twice (one key), and a second tab's click (another key), at once.
    const key1 = randomUUID();
    const answers = await Promise.all([
      send(user, `/drafts/${draft.postId}/publish`, post, { key: key1 }),
      send(user, `/drafts/${draft.postId}/publish`, post, { key: key1 }),
      send(user, `/drafts/${draft.postId}/publish`, post, { key: randomUUID() }),
    ]);
    for (const answer of answers) expect([200, 409], JSON.stringify(answer.body)).toContain(answer.status);
    const accepted = answers.filter((answer) => answer.status === 200);
    expect(accepted.length).toBeGreaterThanOrEqual(1);
    expect(new Set(accepted.map((answer) => asPost(answer).postId))).toEqual(new Set([draft.postId]));
    const refused = answers.filter((answer) => answer.status === 409);
    for (const answer of refused) expect(String(answer.body?.['message'])).toMatch(/published already|still being processed|in progress/i);

    const done = await waitForPost(twin, user, draft.postId);
    expect(done).toMatchObject({ postId: draft.postId, status: 'published', description: post.description });
    expect(await drafts(user)).toEqual([]);
    expect((await allPublished(user)).map((item) => item.postId)).toEqual([draft.postId]);
    expect((await sandboxControl(twin).feed('linkedin', account)).posts).toHaveLength(1);
    expect(await postsThisMonth(user)).toBe(1);

    // It is a post now: it can no longer be saved or published as a draft.
    const again = await send(user, `/drafts/${draft.postId}/publish`, post, { key: randomUUID() });
    expect(again.status).toBe(409);
    expect(String(again.body?.['message'])).toMatch(/has been published already/);
    const overwrite = await send(user, `/drafts/${draft.postId}`, { description: 'back to a draft?', media: [], targets: [] }, { method: 'PUT', key: randomUUID() });
    expect(overwrite.status).toBe(409);
    expect(String(overwrite.body?.['message'])).toMatch(/no longer a draft/);
  });

  it('publishing a draft checks the post like POST /posts, and the draft stays a draft when refused', async () => {
    const { user, key, targets } = await setUp('draft-invalid');
    const draft = asPost(await send(user, '/drafts', { description: '', media: [{ key }], targets }));

    const noText = await send(user, `/drafts/${draft.postId}/publish`, { description: ' ', media: [{ key }], targets });
    expect(noText.status).toBe(400);
    expect(String(noText.body?.['message'])).toMatch(/Write a description/);
    const notConnected = await send(user, `/drafts/${draft.postId}/publish`, { description: 'x', media: [{ key }], targets: [{ platform: 'x', accountId: 'nobody' }] });
    expect(notConnected.status).toBe(400);
    expect(String(notConnected.body?.['message'])).toMatch(/No active social media accounts found for platforms: x/);

    expect(await storedPost(twin, user.userId, draft.postId)).toMatchObject({ status: 'draft', executions: [] });
    expect(await postsThisMonth(user)).toBe(0);
  });

  it('drafts use none of the month\'s posts, start no execution and are not in the reconciler\'s index', async () => {
    const { user, key, targets } = await setUp('draft-quota');
    // The free plan's 3 posts a month; 5 drafts take none of them.
    const saved: Post[] = [];
    for (let index = 0; index < 5; index++) saved.push(asPost(await send(user, '/drafts', { description: `Draft ${index}`, media: [{ key }], targets })));
    expect(await postsThisMonth(user)).toBe(0);

    for (const draft of saved) {
      const item = await storedPost(twin, user.userId, draft.postId);
      expect(item).toMatchObject({ status: 'draft', executions: [] });
      expect(item).not.toHaveProperty('activeShard');
      expect(item).not.toHaveProperty('currentExecution');
    }
    const store = createPostStore({ db: documentClient(twin), tableName: twin.tableNames.posts, clock: { now: () => new Date() } });
    const active = await store.listActive();
    expect(active.filter((post) => post.userId === user.userId)).toEqual([]);

    // Publishing three of them uses the three; the fourth is refused by the plan, and stays a draft.
    for (const draft of saved.slice(0, 3)) {
      const published = await send(user, `/drafts/${draft.postId}/publish`, { description: draft.description, media: [{ key }], targets });
      expect(published.status, JSON.stringify(published.body)).toBe(200);
      await waitForPost(twin, user, draft.postId);
    }
    const fourth = await send(user, `/drafts/${saved[3]!.postId}/publish`, { description: 'one too many', media: [{ key }], targets });
    expect(fourth.status).toBe(403);
    expect(String(fourth.body?.['message'])).toMatch(/includes 3 posts a month/);
    expect(await storedPost(twin, user.userId, saved[3]!.postId)).toMatchObject({ status: 'draft' });
    expect(await postsThisMonth(user)).toBe(3);
    expect((await drafts(user)).map((post) => post.postId).sort()).toEqual([saved[3]!.postId, saved[4]!.postId].sort());
  });

  it('duplicates any post into a new draft with its text, title, accounts and files, and deletes a draft', async () => {
    const { user, key, targets } = await setUp('draft-duplicate');
    const created = await send(user, '/posts', { description: 'Published original', media: [{ key }], targets });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const original = await waitForPost(twin, user, asPost(created).postId);
    expect(original.status).toBe('published');

    const key1 = randomUUID();
    const copy = await send(user, `/posts/${original.postId}/duplicate`, undefined, { key: key1 });
    const repeat = await send(user, `/posts/${original.postId}/duplicate`, undefined, { key: key1 });
    expect(copy.status, JSON.stringify(copy.body)).toBe(200);
    expect(asPost(repeat).postId).toBe(asPost(copy).postId);
    const duplicate = asPost(copy);
    expect(duplicate.postId).not.toBe(original.postId);
    expect(duplicate).toMatchObject({ status: 'draft', description: 'Published original', title: null, platforms: ['linkedin'], publishedAt: null });
    expect(duplicate.media.map((media) => media.key)).toEqual([key]);
    expect(duplicate.targets).toEqual([expect.objectContaining({ platform: 'linkedin', accountId: targets[0]!.accountId, status: 'pending', postUrl: null, error: null })]);
    expect((await drafts(user)).map((post) => post.postId)).toEqual([duplicate.postId]);
    expect(await postsThisMonth(user)).toBe(1);

    // Deleting the draft (its files too) keeps the file the published post still uses.
    const removed = await callApi(twin, `/posts/${duplicate.postId}?deleteMedia=true`, user.idToken, { method: 'DELETE' });
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    expect(await drafts(user)).toEqual([]);
    expect((await callApi(twin, `/posts/${duplicate.postId}`, user.idToken)).status).toBe(404);
    expect(await storedPost(twin, user.userId, original.postId)).toMatchObject({ status: 'published' });
    const reused = await send(user, '/drafts', { description: 'the file is still there', media: [{ key }], targets: [] });
    expect(reused.status, JSON.stringify(reused.body)).toBe(200);
  });

  it('admits exactly the draft limit when saves arrive at once (issue 26, item 9)', async () => {
    const user = await createUser(twin);
    await Promise.all(Array.from({ length: MAX_DRAFTS - 2 }, () => storePost(twin, user.userId, 'draft', [], 'An earlier draft')));

    const saves = await Promise.all(Array.from({ length: 6 }, (_, index) => send(user, '/drafts', { description: `Saved at once ${index}`, media: [], targets: [] })));

    expect(saves.map((save) => save.status).sort()).toEqual([200, 200, 403, 403, 403, 403]);
    for (const refused of saves.filter((save) => save.status === 403)) expect(refused.body).toMatchObject({ code: 'QuotaExceeded', message: expect.stringContaining(`You have ${MAX_DRAFTS} drafts`) });
    const { Count } = await documentClient(twin).send(
      new QueryCommand({ TableName: twin.tableNames.posts, KeyConditionExpression: 'userId = :userId', FilterExpression: '#status = :draft', ExpressionAttributeNames: { '#status': 'status' }, ExpressionAttributeValues: { ':userId': user.userId, ':draft': 'draft' }, ConsistentRead: true }),
    );
    expect(Count).toBe(MAX_DRAFTS);
  });

  it("keeps one user's drafts from another: no read, save over, publish, duplicate or delete", async () => {
    const { user, key, targets } = await setUp('draft-owner');
    const intruder = await createUser(twin);
    const draft = asPost(await send(user, '/drafts', { description: 'Mine', media: [{ key }], targets }));

    expect((await callApi(twin, `/posts/${draft.postId}`, intruder.idToken)).status).toBe(404);
    expect((await send(intruder, `/drafts/${draft.postId}`, { description: 'Yours now', media: [], targets: [] }, { method: 'PUT' })).status).toBe(404);
    expect((await send(intruder, `/drafts/${draft.postId}/publish`, { description: 'x', media: [{ key }], targets })).status).toBe(404);
    expect((await send(intruder, `/posts/${draft.postId}/duplicate`)).status).toBe(404);
    expect((await callApi(twin, `/posts/${draft.postId}?deleteMedia=true`, intruder.idToken, { method: 'DELETE' })).status).toBe(404);
    expect(await drafts(intruder)).toEqual([]);

    expect(await storedPost(twin, user.userId, draft.postId)).toMatchObject({ status: 'draft', description: 'Mine' });
    expect((await drafts(user)).map((post) => post.postId)).toEqual([draft.postId]);
  });

  it("keeps each account's post options as chosen so far (even incomplete), replaced on update; a duplicate starts without them", async () => {
    const user = await createUser(twin);
    const account = sandboxAccountName('draft-options');
    await connectThroughOAuth(twin, user, 'tiktok', account);
    const accountId = ((await callApi(twin, '/connections', user.idToken)).body as unknown as ConnectionList).connections[0]!.platformUserId;

    // Only the interactions so far: no privacy yet, which publishing would refuse.
    const saved = await send(user, '/drafts', { description: 'TikTok later', media: [], targets: [{ platform: 'tiktok', accountId, options: { allowComment: true } }] });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(asPost(saved).targets[0]!.options).toEqual({ allowComment: true });
    const draftId = asPost(saved).postId;
    expect(((await callApi(twin, `/posts/${draftId}`, user.idToken)).body as unknown as Post).targets[0]!.options).toEqual({ allowComment: true });

    const updated = await send(user, `/drafts/${draftId}`, { description: 'TikTok later', media: [], targets: [{ platform: 'tiktok', accountId, options: { privacyLevel: 'SELF_ONLY' } }] }, { method: 'PUT' });
    expect(asPost(updated).targets[0]!.options).toEqual({ privacyLevel: 'SELF_ONLY' });

    // TikTok asks for a privacy chosen for each post, with no default: a copy does not carry one over.
    const copy = await send(user, `/posts/${draftId}/duplicate`);
    expect(copy.status, JSON.stringify(copy.body)).toBe(200);
    expect(asPost(copy).targets[0]!.options ?? null).toBeNull();
  });
});
