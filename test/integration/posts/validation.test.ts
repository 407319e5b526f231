import { describe, expect, inject, it } from 'vitest';
import { callApi, createUser } from '../../support/users';
import { connectThroughOAuth, makeAdmin, sandboxAccountName } from '../../support/connect';
import { createPost, sampleVideo, tinyJpeg, uploadMedia } from '../../support/posts';
import type { ConnectionList } from '../../../shared/api/connections';
import { testOptions } from '../../support/postOptions';

const twin = inject('twin');

async function userWith(platforms: Array<'youtube' | 'x' | 'instagram' | 'linkedin' | 'tiktok'>) {
  const user = await createUser(twin);
  await makeAdmin(twin, user);
  for (const platform of platforms) await connectThroughOAuth(twin, user, platform, sandboxAccountName(platform));
  const { body } = await callApi(twin, '/connections', user.idToken);
  const accounts = Object.fromEntries((body as unknown as ConnectionList).connections.map((connection) => [connection.platform, connection.platformUserId]));
  return { user, accounts };
}

describe('creating a post: every input is checked and nothing is half-written', () => {
  it("says which platforms have no connected account ('No active social media accounts found for platforms: …')", async () => {
    const { user, accounts } = await userWith(['youtube']);
    const key = await uploadMedia(twin, user.userId, { kind: 'video', body: sampleVideo() });

    const { status, body } = await createPost(twin, user, {
      description: 'Hello',
      title: 'T',
      media: [{ key }],
      targets: [
        { platform: 'youtube', accountId: accounts['youtube'], ...testOptions('youtube') },
        { platform: 'x', accountId: '123' },
      ],
    });

    expect(status).toBe(400);
    expect(body).toMatchObject({ message: 'No active social media accounts found for platforms: x' });
    expect(((await callApi(twin, '/posts?status=publishing', user.idToken)).body as { posts: unknown[] }).posts).toEqual([]);
  });

  it("refuses another user's connected account", async () => {
    const owner = await userWith(['linkedin']);
    const { user } = await userWith([]);
    const key = await uploadMedia(twin, user.userId, { kind: 'image', body: tinyJpeg });

    const { status, body } = await createPost(twin, user, {
      description: 'Not mine',
      media: [{ key }],
      targets: [{ platform: 'linkedin', accountId: owner.accounts['linkedin'] }],
    });

    expect(status).toBe(400);
    expect(body).toMatchObject({ message: 'No active social media accounts found for platforms: linkedin' });
  });

  it("refuses another user's media", async () => {
    const { user, accounts } = await userWith(['x']);
    const other = await createUser(twin);
    const key = await uploadMedia(twin, other.userId, { kind: 'image', body: tinyJpeg });

    const { status, body } = await createPost(twin, user, { description: 'Hi', media: [{ key }], targets: [{ platform: 'x', accountId: accounts['x'] }] });

    expect(status).toBe(400);
    expect(String(body?.['message'])).toMatch(/not one of your uploads/);
  });

  it('refuses a file that is not there', async () => {
    const { user, accounts } = await userWith(['x']);
    const { status, body } = await createPost(twin, user, {
      description: 'Hi',
      media: [{ key: `${user.userId}/images/abcdefghijkl.jpg` }],
      targets: [{ platform: 'x', accountId: accounts['x'] }],
    });
    expect(status).toBe(400);
    expect(String(body?.['message'])).toMatch(/not found: upload it again/);
  });

  it('checks the text against each chosen platform, and the YouTube title', async () => {
    const { user, accounts } = await userWith(['x', 'youtube']);
    const key = await uploadMedia(twin, user.userId, { kind: 'video', body: sampleVideo() });

    const { status, body } = await createPost(twin, user, {
      description: 'a'.repeat(281),
      media: [{ key }],
      targets: [
        { platform: 'x', accountId: accounts['x'] },
        { platform: 'youtube', accountId: accounts['youtube'], ...testOptions('youtube') },
      ],
    });

    expect(status).toBe(400);
    const messages = (body as { issues: Array<{ message: string }> }).issues.map((issue) => issue.message);
    expect(messages).toContain('The description is too long for X (281 of 280).');
    expect(messages).toContain('A YouTube title is required when YouTube is a target.');
  });

  it("checks the media against the platforms (images on YouTube, Instagram's 3–90 s)", async () => {
    const { user, accounts } = await userWith(['youtube', 'instagram']);
    const image = await uploadMedia(twin, user.userId, { kind: 'image', body: tinyJpeg });
    const longVideo = await uploadMedia(twin, user.userId, { kind: 'video', body: sampleVideo(120) });

    const onYoutube = await createPost(twin, user, { description: 'x', title: 't', media: [{ key: image }], targets: [{ platform: 'youtube', accountId: accounts['youtube'], ...testOptions('youtube') }] });
    expect(onYoutube.status).toBe(400);
    expect(String(onYoutube.body?.['message'])).toMatch(/YouTube publishes videos only: add a video or leave YouTube out/);

    const tooLong = await createPost(twin, user, { description: 'x', media: [{ key: longVideo }], targets: [{ platform: 'instagram', accountId: accounts['instagram'] }] });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body?.['message']).toBe('Video süresi çok uzun: 120 saniye. Instagram, maksimum 90 saniye uzunluğunda video kabul eder.');
  });

  it("checks each platform's formats, lengths and title from its capability data", async () => {
    const { user, accounts } = await userWith(['instagram', 'linkedin', 'youtube']);
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
    const image = await uploadMedia(twin, user.userId, { kind: 'image', body: png, extension: 'png' });
    const shortVideo = await uploadMedia(twin, user.userId, { kind: 'video', body: sampleVideo(2) });

    const pngOnInstagram = await createPost(twin, user, { description: 'x', media: [{ key: image }], targets: [{ platform: 'instagram', accountId: accounts['instagram'] }] });
    expect(pngOnInstagram.status).toBe(400);
    expect(pngOnInstagram.body?.['message']).toBe('Instagram takes JPEG images only: this image is PNG.');

    const shortOnLinkedIn = await createPost(twin, user, { description: 'x', media: [{ key: shortVideo }], targets: [{ platform: 'linkedin', accountId: accounts['linkedin'] }] });
    expect(shortOnLinkedIn.status).toBe(400);
    expect(shortOnLinkedIn.body?.['message']).toBe('Video süresi çok kısa: 2 saniye. LinkedIn, en az 3 saniye uzunluğunda video gerektirir.');

    const video = await uploadMedia(twin, user.userId, { kind: 'video', body: sampleVideo() });
    const badTitle = await createPost(twin, user, { description: 'x', title: 'A <b>bold</b> title', media: [{ key: video }], targets: [{ platform: 'youtube', accountId: accounts['youtube'], ...testOptions('youtube') }] });
    expect(badTitle.status).toBe(400);
    expect((badTitle.body as { issues: Array<{ message: string }> }).issues.map((issue) => issue.message)).toContain('YouTube titles cannot contain < or >.');
    const longTitle = await createPost(twin, user, { description: 'x', title: 't'.repeat(101), media: [{ key: video }], targets: [{ platform: 'youtube', accountId: accounts['youtube'], ...testOptions('youtube') }] });
    expect((longTitle.body as { issues: Array<{ message: string }> }).issues.map((issue) => issue.message)).toContain('The YouTube title can be at most 100 characters.');
  });

  it('refuses scheduling on the free plan', async () => {
    const user = await createUser(twin);
    await connectThroughOAuth(twin, user, 'x', sandboxAccountName());
    const { body: list } = await callApi(twin, '/connections', user.idToken);
    const accountId = (list as unknown as ConnectionList).connections[0]!.platformUserId;
    const key = await uploadMedia(twin, user.userId, { kind: 'image', body: tinyJpeg });

    const { status, body } = await createPost(twin, user, {
      description: 'Later',
      media: [{ key }],
      targets: [{ platform: 'x', accountId }],
      scheduledFor: new Date(Date.now() + 3600_000).toISOString(),
      timeZone: 'Europe/Istanbul',
    });

    expect(status).toBe(403);
    expect(String(body?.['message'])).toMatch(/Scheduling is not included in your plan/);
  });

  it('rejects a malformed post id and an unknown list', async () => {
    const user = await createUser(twin);
    expect((await callApi(twin, '/posts/not-an-id', user.idToken)).status).toBe(400);
    expect((await callApi(twin, '/posts?status=everything', user.idToken)).status).toBe(400);
  });
});
