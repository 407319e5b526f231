import { describe, expect, inject, it } from 'vitest';
import type { Platform } from '../../../shared/platforms';
import type { Post } from '../../../shared/api/posts';
import { callApi, type TestUser } from '../../support/users';
import { sandboxControl } from '../../support/connect';
import { userWithAccounts } from '../../support/accounts';
import { createPost, tinyJpeg, uploadMedia, waitForPost } from '../../support/posts';

const twin = inject('twin');
const networks = ['x', 'linkedin', 'bluesky'] as const satisfies readonly Platform[];

/** A user with an X, a LinkedIn and a Bluesky account and one uploaded image. */
const setUp = () => userWithAccounts(twin, networks);

const feedTexts = async (platform: Platform, account: string) => (await sandboxControl(twin).feed(platform, account)).posts.map((post) => post.text);

function send(user: TestUser, path: string, body: unknown, method = 'POST') {
  return callApi(twin, path, user.idToken, { method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
}

describe('one text per network (issue 19, per-network versions)', () => {
  it('sends each network its own text where it has one and the description elsewhere; the description may exceed the limit of a network that has its own', async () => {
    const { user, names, targets, key } = await setUp();
    const description = `A longer story for LinkedIn. ${'More words here. '.repeat(20)}`.trim();
    expect(description.length).toBeGreaterThan(280);

    const created = await createPost(twin, user, {
      description,
      texts: { x: 'The short version for X #launch', bluesky: 'Bluesky gets this one' },
      media: [{ key }],
      targets,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const post = await waitForPost(twin, user, (created.body as unknown as Post).postId);
    expect(post.status, JSON.stringify(post.targets)).toBe('published');
    expect(post.texts).toEqual({ x: 'The short version for X #launch', bluesky: 'Bluesky gets this one' });

    expect(await feedTexts('x', names.x)).toEqual(['The short version for X #launch']);
    expect(await feedTexts('bluesky', names.bluesky)).toEqual(['Bluesky gets this one']);
    expect(await feedTexts('linkedin', names.linkedin)).toEqual([description]);
  });

  it("refuses a network's own text over that network's limit, naming it, and a text for a network that is not a target", async () => {
    const { user, targets, key } = await setUp();

    const tooLong = await createPost(twin, user, { description: 'Fine everywhere', texts: { x: 'y'.repeat(281) }, media: [{ key }], targets });
    expect(tooLong.status).toBe(400);
    expect(JSON.stringify(tooLong.body)).toContain('The X text is too long (281 of 280).');

    const baseTooLong = await createPost(twin, user, { description: 'z'.repeat(301), texts: { bluesky: 'Short for Bluesky' }, media: [{ key }], targets });
    expect(baseTooLong.status).toBe(400);
    expect(JSON.stringify(baseTooLong.body)).toContain('The description is too long for X');
    expect(JSON.stringify(baseTooLong.body)).not.toContain('too long for Bluesky');

    const stray = await createPost(twin, user, { description: 'Fine', texts: { youtube: 'No YouTube here' }, media: [{ key }], targets });
    expect(stray.status).toBe(400);
    expect(JSON.stringify(stray.body)).toContain('There is a YouTube text but no YouTube account among the targets.');
  });

  it('keeps the texts in a draft (a network not chosen yet too), in its duplicate, and drops blank ones', async () => {
    const { user, targets, key } = await setUp();
    const saved = await send(user, '/drafts', { description: 'Base', texts: { x: 'For X', youtube: 'For YouTube later', linkedin: '   ' }, media: [{ key }], targets: targets.slice(0, 1) });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const draft = saved.body as unknown as Post;
    expect(draft.texts).toEqual({ x: 'For X', youtube: 'For YouTube later' });
    expect(((await callApi(twin, `/posts/${draft.postId}`, user.idToken)).body as unknown as Post).texts).toEqual({ x: 'For X', youtube: 'For YouTube later' });

    const copy = await send(user, `/posts/${draft.postId}/duplicate`, {});
    expect(copy.status, JSON.stringify(copy.body)).toBe(200);
    expect((copy.body as unknown as Post).texts).toEqual({ x: 'For X', youtube: 'For YouTube later' });
  });

  it("edits a scheduled post's texts: a changed set replaces the old, none removes them", async () => {
    const { user, targets, key } = await setUp();
    const scheduledFor = new Date(Date.now() + 3_600_000).toISOString();
    const created = await createPost(twin, user, { description: 'Later', texts: { x: 'Later on X' }, media: [{ key }], targets, scheduledFor, timeZone: 'Europe/Istanbul' });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const postId = (created.body as unknown as Post).postId;

    const changed = await send(user, `/posts/${postId}`, { description: 'Later, edited', texts: { bluesky: 'Later on Bluesky' }, targets }, 'PUT');
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect((changed.body as unknown as Post).texts).toEqual({ bluesky: 'Later on Bluesky' });

    const cleared = await send(user, `/posts/${postId}`, { description: 'Later, edited again', targets }, 'PUT');
    expect(cleared.status, JSON.stringify(cleared.body)).toBe(200);
    expect((cleared.body as unknown as Post).texts).toBeUndefined();
    await send(user, `/posts/${postId}/cancel`, {});
  });

});

describe("a file's alt text", () => {
  it("sends each image's alt text to Bluesky (the network that takes it), keeps it on the post and in a draft", async () => {
    const { user, names, targets, key } = await setUp();
    const second = await uploadMedia(twin, user.userId, { kind: 'image', body: tinyJpeg });
    const created = await createPost(twin, user, {
      description: 'Two pictures',
      media: [{ key, altText: 'A red bicycle against a white wall' }, { key: second }],
      targets: targets.filter((target) => target.platform === 'bluesky'),
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const post = await waitForPost(twin, user, (created.body as unknown as Post).postId);
    expect(post.status, JSON.stringify(post.targets)).toBe('published');
    expect(post.media.map((media) => media.altText ?? null)).toEqual(['A red bicycle against a white wall', null]);
    const [entry] = (await sandboxControl(twin).feed('bluesky', names.bluesky)).posts;
    expect(entry!.settings).toEqual({ alts: ['A red bicycle against a white wall', ''] });

    const tooLong = await createPost(twin, user, { description: 'x', media: [{ key, altText: 'a'.repeat(2001) }], targets });
    expect(tooLong.status).toBe(400);
    expect(JSON.stringify(tooLong.body)).toContain('An alt text can be at most 2000 characters.');

    const draft = await send(user, '/drafts', { description: 'Later', media: [{ key, altText: 'Kept for later' }], targets: [] });
    expect((draft.body as unknown as Post).media[0]!.altText).toBe('Kept for later');
  });
});
