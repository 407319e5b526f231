import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { instagramUserId } from '../../../infra/local/sandbox/instagram/identity';
import type { Sandbox } from '../../../infra/local/sandbox/sandbox';
import { accessTokenFor, DAY, formPost, jsonOf, startFileServer, startTestSandbox, testBytes, urlWith, type TestClock } from './harness';

let sandbox: Sandbox;
let clock: TestClock;
let files: Awaited<ReturnType<typeof startFileServer>>;

beforeAll(async () => {
  ({ sandbox, clock } = await startTestSandbox());
  files = await startFileServer();
  files.put('/photo.jpg', testBytes(2048, 'jpeg'), 'image/jpeg');
  files.put('/second.jpg', testBytes(1024, 'jpeg'), 'image/jpeg');
  files.put('/photo.png', testBytes(2048, 'png'), 'image/png');
  files.put('/reel.mp4', testBytes(8192, 'mp4'), 'video/mp4');
});
afterAll(async () => {
  await sandbox.stop();
  await files.stop();
});
beforeEach(() => sandbox.control.reset());

const ig = instagramUserId('sandbox-user');

function graphUrl(path: string, params: Record<string, string> = {}, version = '/v21.0'): string {
  return urlWith(`${sandbox.hostUrl('instagram', 'graph')}${version}${path}`, params);
}

function post(token: string, path: string, params: Record<string, string>): Promise<Response> {
  return fetch(graphUrl(path, { ...params, access_token: token }), { method: 'POST' });
}

function get(token: string, path: string, params: Record<string, string> = {}): Promise<Response> {
  return fetch(graphUrl(path, params), { headers: { authorization: `Bearer ${token}` } });
}

async function container(token: string, params: Record<string, string>): Promise<string> {
  const response = await post(token, `/${ig}/media`, params);
  const body = await jsonOf(response);
  expect(response.status, JSON.stringify(body)).toBe(200);
  return body['id'] as string;
}

async function statusOf(token: string, id: string): Promise<{ status_code: string; status: string; id: string }> {
  return (await (await get(token, `/${id}`, { fields: 'status_code,status' })).json()) as { status_code: string; status: string; id: string };
}

async function graphErrorOf(response: Response): Promise<{ code: number; error_subcode?: number; message: string }> {
  return ((await response.json()) as { error: { code: number; error_subcode?: number; message: string } }).error;
}

async function finished(token: string, id: string): Promise<void> {
  for (let read = 0; read < 5; read += 1) if ((await statusOf(token, id)).status_code === 'FINISHED') return;
  throw new Error(`container ${id} never finished`);
}

describe('publishing an Instagram image', () => {
  it('creates a container from image_url (fetched by the sandbox), reads IN_PROGRESS → FINISHED, publishes, and reads PUBLISHED', async () => {
    const token = await accessTokenFor(sandbox, 'instagram');
    const before = files.requests.length;

    const id = await container(token, { image_url: files.url('/photo.jpg'), caption: 'Sunset #nofilter' });
    const first = await statusOf(token, id);
    const second = await statusOf(token, id);
    const published = await post(token, `/${ig}/media_publish`, { creation_id: id });
    const mediaId = (await jsonOf(published))['id'] as string;
    const after = await statusOf(token, id);

    expect(files.requests.slice(before)).toEqual(['/photo.jpg']);
    expect(id).toMatch(/^\d{17}$/);
    expect(first).toMatchObject({ id, status_code: 'IN_PROGRESS' });
    expect(second).toMatchObject({ status_code: 'FINISHED' });
    expect(published.status).toBe(200);
    expect(mediaId).toMatch(/^\d{17}$/);
    expect(after.status_code).toBe('PUBLISHED');
  });

  it('answers the permalink, and the feed shows the post once with the image', async () => {
    const token = await accessTokenFor(sandbox, 'instagram');
    const id = await container(token, { image_url: files.url('/photo.jpg'), caption: 'Sunset' });
    await finished(token, id);
    const { id: mediaId } = await jsonOf(await post(token, `/${ig}/media_publish`, { creation_id: id }));

    const { permalink } = await jsonOf(await get(token, `/${mediaId as string}`, { fields: 'permalink' }));
    const { posts } = await sandbox.control.feed('instagram', 'sandbox-user');
    const page = await (await fetch(`${sandbox.url}/instagram/_feed/sandbox-user`)).text();

    expect(permalink).toMatch(/^https:\/\/www\.instagram\.com\/p\/[A-Za-z0-9_-]{11}\/$/);
    expect(posts).toEqual([{ id: mediaId, url: permalink, text: 'Sunset', media: [{ contentType: 'image/jpeg', size: 2048 }], createdAt: clock.now() }]);
    expect(page).toMatch(/<img src="\/instagram\/_media\/[0-9a-f]{32}"/);
  });

  it('refuses a second media_publish of the same container', async () => {
    const token = await accessTokenFor(sandbox, 'instagram');
    const id = await container(token, { image_url: files.url('/photo.jpg') });
    await finished(token, id);
    await post(token, `/${ig}/media_publish`, { creation_id: id });

    const again = await post(token, `/${ig}/media_publish`, { creation_id: id });

    expect(again.status).toBe(400);
    expect((await graphErrorOf(again)).message).toMatch(/already been published/);
    expect((await sandbox.control.feed('instagram', 'sandbox-user')).posts).toHaveLength(1);
  });

  it('takes parameters from a form body, the token from the form, and paths without a version', async () => {
    const token = await accessTokenFor(sandbox, 'instagram');

    const response = await fetch(`${sandbox.hostUrl('instagram', 'graph')}/${ig}/media`, formPost({ image_url: files.url('/photo.jpg'), caption: 'form', access_token: token }));

    expect(response.status).toBe(200);
    expect((await statusOf(token, (await jsonOf(response))['id'] as string)).status_code).toBe('IN_PROGRESS');
  });

  it('answers 9007/2207027 to a publish before FINISHED', async () => {
    const token = await accessTokenFor(sandbox, 'instagram');
    const id = await container(token, { image_url: files.url('/photo.jpg') });

    const early = await post(token, `/${ig}/media_publish`, { creation_id: id });

    expect(early.status).toBe(400);
    expect(await graphErrorOf(early)).toMatchObject({ code: 9007, error_subcode: 2207027 });
  });

  it.each([
    ['an image_url that cannot be fetched', '/missing.jpg', 9004, 2207052],
    ['a PNG', '/photo.png', 36001, 2207005],
  ])('refuses %s at container creation', async (_case, path, code, subcode) => {
    const token = await accessTokenFor(sandbox, 'instagram');

    const response = await post(token, `/${ig}/media`, { image_url: files.url(path) });

    expect(response.status).toBe(400);
    expect(await graphErrorOf(response)).toMatchObject({ code, error_subcode: subcode });
  });

  it('publishes a carousel of image items as one post', async () => {
    const token = await accessTokenFor(sandbox, 'instagram');
    const first = await container(token, { image_url: files.url('/photo.jpg'), is_carousel_item: 'true' });
    const second = await container(token, { image_url: files.url('/second.jpg'), is_carousel_item: 'true' });
    await finished(token, first);
    await finished(token, second);

    const carousel = await container(token, { media_type: 'CAROUSEL', children: `${first},${second}`, caption: 'Two' });
    await finished(token, carousel);
    await post(token, `/${ig}/media_publish`, { creation_id: carousel });

    expect((await sandbox.control.feed('instagram', 'sandbox-user')).posts).toEqual([
      expect.objectContaining({ text: 'Two', media: [{ contentType: 'image/jpeg', size: 2048 }, { contentType: 'image/jpeg', size: 1024 }] }),
    ]);
  });
});

describe('Instagram carousels, as the platform documents them', () => {
  it('publishes a video item and an image item as one post with both media, in order', async () => {
    const token = await accessTokenFor(sandbox, 'instagram');
    const video = await container(token, { media_type: 'VIDEO', video_url: files.url('/reel.mp4'), is_carousel_item: 'true' });
    const image = await container(token, { image_url: files.url('/photo.jpg'), is_carousel_item: 'true' });
    await finished(token, video);
    await finished(token, image);

    const carousel = await container(token, { media_type: 'CAROUSEL', children: `${video},${image}`, caption: 'Mixed' });
    await finished(token, carousel);
    const published = await post(token, `/${ig}/media_publish`, { creation_id: carousel });

    expect(published.status).toBe(200);
    expect((await sandbox.control.feed('instagram', 'sandbox-user')).posts).toEqual([
      expect.objectContaining({ text: 'Mixed', media: [{ contentType: 'video/mp4', size: 8192 }, { contentType: 'image/jpeg', size: 2048 }] }),
    ]);
  });

  it('refuses a carousel of 1 or of 11 children with 2207028', async () => {
    const token = await accessTokenFor(sandbox, 'instagram');
    const items: string[] = [];
    for (let index = 0; index < 11; index += 1) items.push(await container(token, { image_url: files.url('/photo.jpg'), is_carousel_item: 'true' }));
    for (const id of items) await finished(token, id);

    for (const children of [items.slice(0, 1), items]) {
      const response = await post(token, `/${ig}/media`, { media_type: 'CAROUSEL', children: children.join(','), caption: 'Wrong size' });
      expect(response.status).toBe(400);
      expect(await graphErrorOf(response)).toMatchObject({ error_subcode: 2207028 });
    }
    expect(await container(token, { media_type: 'CAROUSEL', children: items.slice(0, 10).join(','), caption: 'Ten' })).toBeTruthy();
  });

  it('refuses a child that is not FINISHED yet, or not a carousel item, and an item published on its own', async () => {
    const token = await accessTokenFor(sandbox, 'instagram');
    const fresh = await container(token, { image_url: files.url('/photo.jpg'), is_carousel_item: 'true' });
    const other = await container(token, { image_url: files.url('/second.jpg'), is_carousel_item: 'true' });
    await finished(token, other);
    const notFinished = await post(token, `/${ig}/media`, { media_type: 'CAROUSEL', children: `${fresh},${other}` });
    expect(await graphErrorOf(notFinished)).toMatchObject({ error_subcode: 2207028 });

    const single = await container(token, { image_url: files.url('/photo.jpg') });
    await finished(token, single);
    const notAnItem = await post(token, `/${ig}/media`, { media_type: 'CAROUSEL', children: `${single},${other}` });
    expect(await graphErrorOf(notAnItem)).toMatchObject({ error_subcode: 2207028 });

    expect((await post(token, `/${ig}/media_publish`, { creation_id: other })).status).toBe(400);
    expect((await sandbox.control.feed('instagram', 'sandbox-user')).posts).toEqual([]);
  });
});

describe('Instagram captions', () => {
  it.each([
    ['over 2200 characters', 'x'.repeat(2201)],
    ['over 30 hashtags', Array.from({ length: 31 }, (_unused, index) => `#tag${index}`).join(' ')],
    ['over 20 mentions', Array.from({ length: 21 }, (_unused, index) => `@user${index}`).join(' ')],
  ])('refuses a caption %s with 36004/2207010', async (_case, caption) => {
    const token = await accessTokenFor(sandbox, 'instagram');

    const response = await post(token, `/${ig}/media`, { image_url: files.url('/photo.jpg'), caption });

    expect(response.status).toBe(400);
    expect(await graphErrorOf(response)).toMatchObject({ code: 36004, error_subcode: 2207010 });
  });

  it('accepts 2200 characters with 30 hashtags and 20 mentions', async () => {
    const token = await accessTokenFor(sandbox, 'instagram');
    const tags = Array.from({ length: 30 }, (_unused, index) => `#t${index}`).join(' ');
    const mentions = Array.from({ length: 20 }, (_unused, index) => `@u${index}`).join(' ');
    const caption = `${tags} ${mentions} `.padEnd(2200, 'x');

    const response = await post(token, `/${ig}/media`, { image_url: files.url('/photo.jpg'), caption });

    expect(response.status).toBe(200);
  });
});

describe('publishing an Instagram reel', () => {
  it('fetches video_url, finishes after the reads, and publishes a video post', async () => {
    const token = await accessTokenFor(sandbox, 'instagram');
    const id = await container(token, { media_type: 'REELS', video_url: files.url('/reel.mp4'), caption: 'Reel', share_to_feed: 'true' });

    const reads = [await statusOf(token, id), await statusOf(token, id)];
    await post(token, `/${ig}/media_publish`, { creation_id: id });

    expect(reads.map((read) => read.status_code)).toEqual(['IN_PROGRESS', 'FINISHED']);
    expect((await sandbox.control.feed('instagram', 'sandbox-user')).posts).toEqual([expect.objectContaining({ text: 'Reel', media: [{ contentType: 'video/mp4', size: 8192 }] })]);
  });

  it('puts a container whose video_url cannot be fetched in ERROR with 2207052 in status', async () => {
    const token = await accessTokenFor(sandbox, 'instagram');
    const id = await container(token, { media_type: 'REELS', video_url: files.url('/gone.mp4') });

    const read = await statusOf(token, id);

    expect(read.status_code).toBe('ERROR');
    expect(read.status).toContain('2207052');
  });

  it('ends in ERROR with the subcode setProcessing gives', async () => {
    const token = await accessTokenFor(sandbox, 'instagram');
    await sandbox.control.setProcessing('instagram', { outcome: 'fail', reads: 2, reason: '2207026' });
    const id = await container(token, { media_type: 'REELS', video_url: files.url('/reel.mp4') });

    const reads = [await statusOf(token, id), await statusOf(token, id), await statusOf(token, id)];

    expect(reads.map((read) => read.status_code)).toEqual(['IN_PROGRESS', 'IN_PROGRESS', 'ERROR']);
    expect(reads[2]!.status).toContain('2207026');
  });

  it('ends in EXPIRED when setProcessing says expire, and refuses to publish it', async () => {
    const token = await accessTokenFor(sandbox, 'instagram');
    await sandbox.control.setProcessing('instagram', { outcome: 'expire', reads: 0 });
    const id = await container(token, { media_type: 'REELS', video_url: files.url('/reel.mp4') });

    const read = await statusOf(token, id);
    const publish = await post(token, `/${ig}/media_publish`, { creation_id: id });

    expect(read.status_code).toBe('EXPIRED');
    expect(await graphErrorOf(publish)).toMatchObject({ error_subcode: 2207020 });
  });

  it('expires a FINISHED container that was not published within 24 h', async () => {
    const token = await accessTokenFor(sandbox, 'instagram');
    const id = await container(token, { image_url: files.url('/photo.jpg') });
    await finished(token, id);

    clock.advance(DAY);
    const fresh = await accessTokenFor(sandbox, 'instagram');

    expect((await statusOf(fresh, id)).status_code).toBe('EXPIRED');
  });
});

describe('the Instagram publishing quota', () => {
  it('counts publishes in content_publishing_limit and answers 9/2207042 past quota_total', async () => {
    const token = await accessTokenFor(sandbox, 'instagram');
    await sandbox.control.setLimit('instagram', 'publishesPer24h', 1);
    const first = await container(token, { image_url: files.url('/photo.jpg') });
    const second = await container(token, { image_url: files.url('/photo.jpg') });
    await finished(token, first);
    await finished(token, second);
    await post(token, `/${ig}/media_publish`, { creation_id: first });

    const limit = await jsonOf(await get(token, `/${ig}/content_publishing_limit`, { fields: 'quota_usage,config' }));
    const over = await post(token, `/${ig}/media_publish`, { creation_id: second });

    expect(limit).toEqual({ data: [{ quota_usage: 1, config: { quota_total: 1, quota_duration: 86400 } }] });
    expect(over.status).toBe(400);
    expect(await graphErrorOf(over)).toMatchObject({ code: 9, error_subcode: 2207042 });
    expect((await statusOf(token, second)).status_code).toBe('FINISHED');
  });

  it('defaults to 50 per 24 h', async () => {
    const token = await accessTokenFor(sandbox, 'instagram');

    const limit = await jsonOf(await get(token, `/${ig}/content_publishing_limit`, { fields: 'quota_usage,config' }));

    expect(limit).toEqual({ data: [{ quota_usage: 0, config: { quota_total: 50, quota_duration: 86400 } }] });
  });
});

describe('Instagram publishing access', () => {
  it("refuses another account's id with 100/33 and a token without the publish scope with #10", async () => {
    const token = await accessTokenFor(sandbox, 'instagram');
    const basicOnly = await accessTokenFor(sandbox, 'instagram', 'sandbox-user', 'instagram_business_basic');

    const otherAccount = await post(token, `/${instagramUserId('someone-else')}/media`, { image_url: files.url('/photo.jpg') });
    const noScope = await post(basicOnly, `/${ig}/media`, { image_url: files.url('/photo.jpg') });

    expect(await graphErrorOf(otherAccount)).toMatchObject({ code: 100, error_subcode: 33 });
    expect(await graphErrorOf(noScope)).toMatchObject({ code: 10 });
  });

  it('refuses a revoked token with 190/458', async () => {
    const token = await accessTokenFor(sandbox, 'instagram');
    await sandbox.control.revokeAccess('instagram', 'sandbox-user');

    const response = await post(token, `/${ig}/media`, { image_url: files.url('/photo.jpg') });

    expect(await graphErrorOf(response)).toMatchObject({ code: 190, error_subcode: 458 });
  });

  it("lists the account's published media newest first", async () => {
    const token = await accessTokenFor(sandbox, 'instagram');
    const ids: string[] = [];
    for (const caption of ['one', 'two']) {
      const id = await container(token, { image_url: files.url('/photo.jpg'), caption });
      await finished(token, id);
      ids.push((await jsonOf(await post(token, `/${ig}/media_publish`, { creation_id: id })))['id'] as string);
    }

    const list = await jsonOf(await get(token, `/${ig}/media`, { fields: 'id,caption' }));

    expect(list['data']).toEqual([
      { caption: 'two', id: ids[1] },
      { caption: 'one', id: ids[0] },
    ]);
  });
});

describe('Instagram comments (POST / GET /{ig-media-id}/comments)', () => {
  const withComments = 'instagram_business_basic,instagram_business_content_publish,instagram_business_manage_comments';

  async function publishedImage(token: string, caption = 'Commented on'): Promise<string> {
    const id = await container(token, { image_url: files.url('/photo.jpg'), caption });
    await finished(token, id);
    return (await jsonOf(await post(token, `/${ig}/media_publish`, { creation_id: id })))['id'] as string;
  }

  it("takes a comment by the media's own account with instagram_business_manage_comments, lists it with its author and shows it in the feed under the post", async () => {
    const token = await accessTokenFor(sandbox, 'instagram', 'sandbox-user', withComments);
    const mediaId = await publishedImage(token);

    const made = await post(token, `/${mediaId}/comments`, { message: 'Link in bio #spring' });
    expect(made.status).toBe(200);
    const commentId = (await jsonOf(made))['id'] as string;
    expect(commentId).toMatch(/^\d{17}$/);

    const listed = await jsonOf(await get(token, `/${mediaId}/comments`, { fields: 'id,text,username,from,timestamp' }));
    expect(listed['data']).toEqual([{ text: 'Link in bio #spring', username: expect.any(String), from: { id: ig, username: expect.any(String) }, timestamp: expect.stringMatching(/\+0000$/), id: commentId }]);
    const { posts } = await sandbox.control.feed('instagram', 'sandbox-user');
    expect(posts.filter((entry) => entry.replyTo === mediaId).map((entry) => entry.text)).toEqual(['Link in bio #spring']);
  });

  it("refuses without the permission, on unknown or another account's media, an empty message and one over the caption's limits", async () => {
    const publishOnly = await accessTokenFor(sandbox, 'instagram');
    const token = await accessTokenFor(sandbox, 'instagram', 'sandbox-user', withComments);
    const other = await accessTokenFor(sandbox, 'instagram', 'someone-else', withComments);
    const mediaId = await publishedImage(token);

    expect((await graphErrorOf(await post(publishOnly, `/${mediaId}/comments`, { message: 'x' }))).code).toBe(10);
    expect((await graphErrorOf(await post(token, '/17000000000000000/comments', { message: 'x' }))).code).toBe(100);
    expect((await graphErrorOf(await post(other, `/${mediaId}/comments`, { message: 'x' }))).code).toBe(100);
    expect((await post(token, `/${mediaId}/comments`, { message: ' ' })).status).toBe(400);
    expect((await post(token, `/${mediaId}/comments`, { message: 'y'.repeat(2201) })).status).toBe(400);
    expect((await post(token, `/${mediaId}/comments`, { message: Array.from({ length: 31 }, (_, index) => `#t${index}`).join(' ') })).status).toBe(400);
    expect((await post(token, `/${mediaId}/comments`, { message: 'y'.repeat(2200) })).status).toBe(200);
    expect((await graphErrorOf(await get(publishOnly, `/${mediaId}/comments`, { fields: 'id,text' }))).code).toBe(10);
  });
});

describe('Instagram stories and trial Reels', () => {
  const allScopes = 'instagram_business_basic,instagram_business_content_publish,instagram_business_manage_insights,instagram_business_manage_comments';

  async function story(token: string): Promise<string> {
    const id = await container(token, { media_type: 'STORIES', image_url: files.url('/photo.jpg') });
    await finished(token, id);
    const published = await post(token, `/${ig}/media_publish`, { creation_id: id });
    expect(published.status).toBe(200);
    return (await jsonOf(published))['id'] as string;
  }

  it('publishes an image story: listed under /stories for 24 hours, never under /media, with a story permalink and no caption', async () => {
    const token = await accessTokenFor(sandbox, 'instagram', 'sandbox-user', allScopes);
    const id = await story(token);

    const stories = await jsonOf(await get(token, `/${ig}/stories`, { fields: 'id,media_product_type' }));
    const media = await jsonOf(await get(token, `/${ig}/media`, { fields: 'id' }));
    const { permalink } = await jsonOf(await get(token, `/${id}`, { fields: 'permalink' }));
    const { posts } = await sandbox.control.feed('instagram', 'sandbox-user');

    expect(stories['data']).toEqual([{ media_product_type: 'STORY', id }]);
    expect(media['data']).toEqual([]);
    expect(permalink).toBe(`https://www.instagram.com/stories/sandbox_user/${id}/`);
    expect(posts).toMatchObject([{ id, text: '', settings: { productType: 'STORY' } }]);

    clock.advance(DAY);
    const later = await accessTokenFor(sandbox, 'instagram', 'sandbox-user', allScopes);
    expect((await jsonOf(await get(later, `/${ig}/stories`)))['data']).toEqual([]);
  });

  it('refuses a story with a caption, with both URLs or none, with share_to_feed, and takes no comment on one', async () => {
    const token = await accessTokenFor(sandbox, 'instagram', 'sandbox-user', allScopes);
    const refusals: Array<Record<string, string>> = [
      { media_type: 'STORIES', image_url: files.url('/photo.jpg'), caption: 'Hello' },
      { media_type: 'STORIES', image_url: files.url('/photo.jpg'), video_url: files.url('/reel.mp4') },
      { media_type: 'STORIES' },
      { media_type: 'STORIES', video_url: files.url('/reel.mp4'), share_to_feed: 'true' },
    ];
    for (const params of refusals) {
      const response = await post(token, `/${ig}/media`, params);
      expect(response.status, JSON.stringify(params)).toBe(400);
      expect((await graphErrorOf(response)).code).toBe(100);
    }
    const id = await story(token);
    const comment = await post(token, `/${id}/comments`, { message: 'Nice' });
    expect(comment.status).toBe(400);
    expect((await graphErrorOf(comment)).message).toMatch(/not supported for story media/);
  });

  it('takes trial_params only on a Reel, with MANUAL or SS_PERFORMANCE, and keeps the strategy with the Reel', async () => {
    const token = await accessTokenFor(sandbox, 'instagram');
    const refusals: Array<Record<string, string>> = [
      { media_type: 'IMAGE', image_url: files.url('/photo.jpg'), trial_params: '{"graduation_strategy":"MANUAL"}' },
      { media_type: 'REELS', video_url: files.url('/reel.mp4'), trial_params: '{"graduation_strategy":"SOMETIMES"}' },
      { media_type: 'REELS', video_url: files.url('/reel.mp4'), trial_params: 'not json' },
    ];
    for (const params of refusals) {
      const response = await post(token, `/${ig}/media`, params);
      expect(response.status, JSON.stringify(params)).toBe(400);
    }
    const id = await container(token, { media_type: 'REELS', video_url: files.url('/reel.mp4'), caption: 'Trial', trial_params: '{"graduation_strategy":"MANUAL"}' });
    await finished(token, id);
    await post(token, `/${ig}/media_publish`, { creation_id: id });
    const { posts } = await sandbox.control.feed('instagram', 'sandbox-user');
    expect(posts[0]!.settings).toEqual({ productType: 'REELS', shareToFeed: true, trialGraduation: 'MANUAL' });
  });

  it("answers a story's own insights for 24 hours, refuses a feed metric for it, and answers an empty set after", async () => {
    const token = await accessTokenFor(sandbox, 'instagram', 'sandbox-user', allScopes);
    const id = await story(token);
    clock.advance(30 * 60_000);
    const insights = (metric: string, bearer = token) => get(bearer, `/${id}/insights`, { metric });

    const refused = await insights('views,likes');
    expect(refused.status).toBe(400);
    expect(await graphErrorOf(refused)).toMatchObject({ code: 100, message: expect.stringMatching(/does not support the likes metric for this media product type/) });
    const answered = await jsonOf(await insights('views,shares,replies'));
    expect((answered['data'] as Array<{ name: string }>).map((entry) => entry.name)).toEqual(['views', 'shares', 'replies']);

    clock.advance(DAY);
    // A fresh token: the code's is the short-lived (1 hour) one.
    const later = await accessTokenFor(sandbox, 'instagram', 'sandbox-user', allScopes);
    expect(await jsonOf(await insights('views,shares,replies', later))).toEqual({ data: [] });
  });
});
