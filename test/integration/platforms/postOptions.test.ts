import { describe, expect, inject, it } from 'vitest';
import type { Platform } from '../../../shared/platforms';
import type { ConnectionList } from '../../../shared/api/connections';
import type { CreatorInfo } from '../../../shared/api/creatorInfo';
import type { Post } from '../../../shared/api/posts';
import { callApi, createUser } from '../../support/users';
import { connectThroughOAuth, makeAdmin, sandboxAccountName, sandboxControl } from '../../support/connect';
import { createPost, sampleVideo, tinyJpeg, tinyPdf, uploadMedia, waitForPost } from '../../support/posts';

/**
 * Per-network post options end to end: the API checks them per platform, stores them with the
 * target, hands them to the platform's publisher, and the sandbox — which validates them as the
 * platform documents — records what reached it (its feed shows the settings).
 */

const twin = inject('twin');

async function userWith(platforms: readonly Platform[]) {
  const user = await createUser(twin);
  await makeAdmin(twin, user);
  const names: Partial<Record<Platform, string>> = {};
  for (const platform of platforms) {
    names[platform] = sandboxAccountName(platform);
    await connectThroughOAuth(twin, user, platform, names[platform]!);
  }
  const { body } = await callApi(twin, '/connections', user.idToken);
  const accounts = Object.fromEntries((body as unknown as ConnectionList).connections.map((connection) => [connection.platform, connection.platformUserId]));
  return { user, names: names as Record<Platform, string>, accounts: accounts as Record<Platform, string> };
}

const feedOf = async (platform: Platform, account: string) => (await sandboxControl(twin).feed(platform, account)).posts;

describe('per-network post options reach each platform', () => {
  it("sends TikTok's privacy, interactions and disclosure and YouTube's privacy, audience, tags and category, as chosen", async () => {
    const { user, names, accounts } = await userWith(['tiktok', 'youtube']);
    const key = await uploadMedia(twin, user.userId, { kind: 'video', body: sampleVideo(12) });
    const tiktok = { privacyLevel: 'FOLLOWER_OF_CREATOR', allowComment: true, commercialContent: { yourBrand: true, brandedContent: false } };
    const youtube = { privacyStatus: 'unlisted', madeForKids: true, tags: ['maths', 'for kids'], categoryId: '27' };
    const created = await createPost(twin, user, {
      description: 'Lesson one',
      title: 'Lesson one',
      media: [{ key }],
      targets: [
        { platform: 'tiktok', accountId: accounts.tiktok, options: tiktok },
        { platform: 'youtube', accountId: accounts.youtube, options: youtube },
      ],
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const post = await waitForPost(twin, user, (created.body as unknown as Post).postId);

    expect(post.status, JSON.stringify(post.targets)).toBe('published');
    expect(post.targets.find((target) => target.platform === 'tiktok')!.options).toEqual({ ...tiktok, allowDuet: false, allowStitch: false });
    expect(post.targets.find((target) => target.platform === 'youtube')!.options).toEqual(youtube);
    expect((await feedOf('tiktok', names.tiktok))[0]!.settings).toEqual({
      privacy_level: 'FOLLOWER_OF_CREATOR',
      disable_comment: false,
      disable_duet: true,
      disable_stitch: true,
      brand_content_toggle: false,
      brand_organic_toggle: true,
    });
    expect((await feedOf('youtube', names.youtube))[0]!.settings).toEqual({ privacyStatus: 'unlisted', categoryId: '27', selfDeclaredMadeForKids: true, tags: ['maths', 'for kids'] });
  });

  it('fails the TikTok target in words, posting nothing, when the creator is no longer offered the chosen privacy', async () => {
    const { user, names, accounts } = await userWith(['tiktok']);
    const key = await uploadMedia(twin, user.userId, { kind: 'image', body: tinyJpeg, extension: 'jpg' });
    // The creator made the account private after choosing: creator_info now offers no PUBLIC_TO_EVERYONE.
    await sandboxControl(twin).injectFault({
      platform: 'tiktok',
      account: names.tiktok,
      method: 'POST',
      path: '/v2/post/publish/creator_info/query/',
      status: 200,
      body: { data: { creator_username: names.tiktok, creator_nickname: 'Private now', privacy_level_options: ['FOLLOWER_OF_CREATOR', 'SELF_ONLY'] }, error: { code: 'ok', message: '', log_id: 'l' } },
    });
    const created = await createPost(twin, user, {
      description: 'Was public',
      media: [{ key }],
      targets: [{ platform: 'tiktok', accountId: accounts.tiktok, options: { privacyLevel: 'PUBLIC_TO_EVERYONE' } }],
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const post = await waitForPost(twin, user, (created.body as unknown as Post).postId);

    expect(post.status).toBe('failed');
    expect(post.targets[0]!.error).toMatch(/TikTok no longer offers the chosen privacy \(PUBLIC_TO_EVERYONE\) for this account: it now offers FOLLOWER_OF_CREATOR, SELF_ONLY/);
    expect(await feedOf('tiktok', names.tiktok)).toEqual([]);
  });

  it('refuses, in words, a TikTok post without a privacy choice and branded content that is private', async () => {
    const { user, accounts } = await userWith(['tiktok']);
    const key = await uploadMedia(twin, user.userId, { kind: 'image', body: tinyJpeg, extension: 'jpg' });
    const post = (options?: unknown) =>
      createPost(twin, user, { description: 'x', media: [{ key }], targets: [{ platform: 'tiktok', accountId: accounts.tiktok, ...(options ? { options } : {}) }] });

    const unchosen = await post();
    expect(unchosen.status).toBe(400);
    expect(JSON.stringify(unchosen.body)).toContain('Choose who can see the TikTok post: TikTok requires the creator to choose it.');
    const brandedPrivate = await post({ privacyLevel: 'SELF_ONLY', commercialContent: { yourBrand: false, brandedContent: true } });
    expect(brandedPrivate.status).toBe(400);
    expect(JSON.stringify(brandedPrivate.body)).toContain('Branded content visibility cannot be set to private.');
  });
});

describe('GET /connections/{platform}/{accountId}/creator-info', () => {
  it("answers the TikTok creator's current settings, refreshing a token TikTok refused early, and only for the caller's own account", async () => {
    const { user, names, accounts } = await userWith(['tiktok']);
    const path = `/connections/tiktok/${encodeURIComponent(accounts.tiktok)}/creator-info`;
    const first = await callApi(twin, path, user.idToken);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const info = first.body as unknown as CreatorInfo;
    expect(info).toMatchObject({
      nickname: expect.stringContaining(names.tiktok),
      privacyLevelOptions: ['PUBLIC_TO_EVERYONE', 'MUTUAL_FOLLOW_FRIENDS', 'FOLLOWER_OF_CREATOR', 'SELF_ONLY'],
      commentDisabled: false,
      duetDisabled: false,
      stitchDisabled: false,
      maxVideoPostDurationSec: 600,
    });
    expect(info.avatarUrl).toMatch(/^http/);
    expect(JSON.stringify(first.body)).not.toMatch(/access|token/i);

    // TikTok refuses the access token before the expiry we recorded: one refresh, then the answer.
    await sandboxControl(twin).expireAccessTokens('tiktok', names.tiktok);
    expect((await callApi(twin, path, user.idToken)).status).toBe(200);

    const stranger = await createUser(twin);
    const foreign = await callApi(twin, path, stranger.idToken);
    expect(foreign.status).toBe(404);
    expect(foreign.body).toMatchObject({ message: 'No TikTok connection found' });
  });

  it('says in words that a platform without creator settings has none', async () => {
    const { user, accounts } = await userWith(['x']);
    const answer = await callApi(twin, `/connections/x/${encodeURIComponent(accounts.x)}/creator-info`, user.idToken);
    expect(answer.status).toBe(404);
    expect(answer.body).toMatchObject({ message: 'X has no creator settings to show.' });
  });

  it('says in words that a platform reporting no publishing limit has none to show', async () => {
    const { user, accounts } = await userWith(['x']);
    const answer = await callApi(twin, `/connections/x/${encodeURIComponent(accounts.x)}/publishing-quota`, user.idToken);
    expect(answer.status).toBe(404);
    expect(answer.body).toMatchObject({ message: 'X has no publishing limit to show.' });
  });

  it("publishes an Instagram video as a Reel shared to the feed by default, or in the Reels tab only when the user says so; a photo asks nothing", async () => {
    const { user, names, accounts } = await userWith(['instagram']);
    const video = await uploadMedia(twin, user.userId, { kind: 'video', body: sampleVideo(12) });
    const photo = await uploadMedia(twin, user.userId, { kind: 'image', body: tinyJpeg });
    const publish = async (description: string, key: string, options?: Record<string, unknown>) => {
      const created = await createPost(twin, user, { description, media: [{ key }], targets: [{ platform: 'instagram', accountId: accounts.instagram, ...(options ? { options } : {}) }] });
      expect(created.status, JSON.stringify(created.body)).toBe(200);
      const post = await waitForPost(twin, user, (created.body as unknown as Post).postId);
      expect(post.status, JSON.stringify(post.targets)).toBe('published');
      return (await feedOf('instagram', names.instagram)).find((entry) => entry.text === description)!;
    };
    expect((await publish('Reel, default', video)).settings).toEqual({ productType: 'REELS', shareToFeed: true });
    expect((await publish('Reel, Reels tab only', video, { shareToFeed: false })).settings).toEqual({ productType: 'REELS', shareToFeed: false });
    expect((await publish('A photo', photo)).settings).toBeUndefined();

    const wrong = await createPost(twin, user, { description: 'x', media: [{ key: video }], targets: [{ platform: 'instagram', accountId: accounts.instagram, options: { shareToFeed: 'yes' } }] });
    expect(wrong.status).toBe(400);
    expect(JSON.stringify(wrong.body)).toContain('Say whether the Instagram Reel also shows in the feed.');
  });
  it("sends who can reply on X and who can see the post on LinkedIn as chosen, and each network's default when nothing was chosen", async () => {
    const { user, names, accounts } = await userWith(['x', 'linkedin']);
    const photo = await uploadMedia(twin, user.userId, { kind: 'image', body: tinyJpeg });
    const publish = async (description: string, options: { x?: Record<string, unknown>; linkedin?: Record<string, unknown> }) => {
      const targets = (['x', 'linkedin'] as const).map((platform) => ({ platform, accountId: accounts[platform], ...(options[platform] ? { options: options[platform] } : {}) }));
      const created = await createPost(twin, user, { description, media: [{ key: photo }], targets });
      expect(created.status, JSON.stringify(created.body)).toBe(200);
      const post = await waitForPost(twin, user, (created.body as unknown as Post).postId);
      expect(post.status, JSON.stringify(post.targets)).toBe('published');
      expect(post.targets.find((target) => target.platform === 'x')?.options).toEqual(options.x ?? null);
      const entry = async (platform: 'x' | 'linkedin') => (await feedOf(platform, names[platform])).filter((posted) => posted.text === description);
      return { x: await entry('x'), linkedin: await entry('linkedin') };
    };

    const chosen = await publish('Only people I follow reply, connections see it', { x: { replySettings: 'following' }, linkedin: { visibility: 'CONNECTIONS' } });
    expect(chosen.x.map((entry) => entry.settings)).toEqual([{ reply_settings: 'following' }]);
    expect(chosen.linkedin.map((entry) => entry.settings)).toEqual([{ visibility: 'CONNECTIONS' }]);

    const defaults = await publish('Everyone replies, anyone sees it', {});
    expect(defaults.x.map((entry) => entry.settings)).toEqual([undefined]);
    expect(defaults.linkedin.map((entry) => entry.settings)).toEqual([{ visibility: 'PUBLIC' }]);

    const wrong = await createPost(twin, user, { description: 'x', media: [{ key: photo }], targets: [{ platform: 'linkedin', accountId: accounts.linkedin, options: { visibility: 'LOGGED_IN' } }] });
    expect(wrong.status).toBe(400);
    expect(JSON.stringify(wrong.body)).toContain('Choose who can see the LinkedIn post: anyone or your connections only.');

    // A PDF: LinkedIn posts it as a document with its title; X is refused in words, and so is a document without a title.
    const pdf = await uploadMedia(twin, user.userId, { kind: 'document', body: tinyPdf });
    const both = await createPost(twin, user, { description: 'Plan', media: [{ key: pdf }], targets: [{ platform: 'x', accountId: accounts.x }, { platform: 'linkedin', accountId: accounts.linkedin, options: { documentTitle: 'Plan' } }] });
    expect(both.status).toBe(400);
    expect(JSON.stringify(both.body)).toContain('X does not post documents (PDF): leave X out (documents go to LinkedIn or LinkedIn Page).');
    const untitled = await createPost(twin, user, { description: 'Plan', media: [{ key: pdf }], targets: [{ platform: 'linkedin', accountId: accounts.linkedin }] });
    expect(untitled.status).toBe(400);
    expect(JSON.stringify(untitled.body)).toContain('A LinkedIn document needs a title: LinkedIn shows it above the pages.');
    const description = `Our plan as a document ${Date.now()}`;
    const created = await createPost(twin, user, { description, media: [{ key: pdf }], targets: [{ platform: 'linkedin', accountId: accounts.linkedin, options: { documentTitle: 'Plan 2027' } }] });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const post = await waitForPost(twin, user, (created.body as unknown as Post).postId);
    expect(post.status, JSON.stringify(post.targets)).toBe('published');
    const documents = (await feedOf('linkedin', names.linkedin!)).filter((posted) => posted.text === description);
    expect(documents.map((entry) => [entry.settings, entry.media.map((item) => [item.contentType, item.size])])).toEqual([
      [{ visibility: 'PUBLIC', documentTitle: 'Plan 2027' }, [['application/pdf', tinyPdf.length]]],
    ]);
  });

  it('publishes a Facebook video as a Reel when the user chooses it, and as a Page video by default', async () => {
    const { user, names, accounts } = await userWith(['facebook']);
    const publish = async (description: string, options?: Record<string, unknown>) => {
      const key = await uploadMedia(twin, user.userId, { kind: 'video', body: sampleVideo(8) });
      const created = await createPost(twin, user, { description, media: [{ key }], targets: [{ platform: 'facebook', accountId: accounts.facebook, ...(options ? { options } : {}) }] });
      expect(created.status, JSON.stringify(created.body)).toBe(200);
      const post = await waitForPost(twin, user, (created.body as unknown as Post).postId);
      expect(post.status, JSON.stringify(post.targets)).toBe('published');
      return { post, feed: (await feedOf('facebook', names.facebook)).filter((entry) => entry.text === description) };
    };

    const reel = await publish('A reel for the Page', { videoAs: 'reel' });
    expect(reel.feed.map((entry) => entry.settings)).toEqual([{ product: 'REELS' }]);
    expect(reel.post.targets[0]!.postUrl).toMatch(/^https:\/\/www\.facebook\.com\/reel\/\d+\/$/);

    const video = await publish('A Page video');
    expect(video.feed.map((entry) => entry.settings)).toEqual([undefined]);
    expect(video.post.targets[0]!.postUrl).toMatch(/^https:\/\/www\.facebook\.com\/\d+\/videos\/\d+\/$/);
  });
});

