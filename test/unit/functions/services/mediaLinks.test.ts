import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { describe, expect, it } from 'vitest';
import type { Post } from '../../../../shared/api/posts';
import { createMediaLinks, MEDIA_LINK_SECONDS, MEDIA_LINK_WINDOW_SECONDS } from '../../../../functions/services/mediaLinks';
import { readLinkResponse } from '../../../../functions/media/readLinks';
import { createS3Media } from '../../../../functions/media/s3Media';

/** A client that can only sign: any request it sent would fail (no such endpoint), and presigning sends none. */
const s3 = new S3Client({ region: 'eu-central-1', endpoint: 'http://127.0.0.1:9', forcePathStyle: true, credentials: { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'secret' } });

function post(media: Post['media']): Post {
  return {
    postId: '01J00000000000000000000000',
    status: 'published',
    title: null,
    description: 'A post',
    media,
    targets: [],
    platforms: [],
    createdAt: '2026-01-05T15:04:00.000Z',
    updatedAt: '2026-01-05T15:04:00.000Z',
    scheduledFor: null,
    timeZone: null,
    youtubeNative: false,
    startedAt: null,
    late: false,
    lateSeconds: null,
    publishedAt: null,
  };
}

const video = { key: 'user-1/videos/abcdefghij.mp4', kind: 'video' as const, contentType: 'video/mp4', size: 10, thumbnailKey: 'user-1/videos/abcdefghij.mp4.thumb.jpg' };
const image = { key: 'user-1/images/klmnopqrst.jpg', kind: 'image' as const, contentType: 'image/jpeg', size: 5 };

describe('presigned media links for the posts API', () => {
  it('signs the medium and its thumbnail, valid for the link lifetime, cached privately', async () => {
    let now = new Date('2026-01-05T15:04:30Z');
    const links = createMediaLinks({ s3, bucket: 'media', clock: { now: () => now } });
    const [first] = (await links.forPost(post([video]))).media;
    const url = new URL(first!.url!);
    expect(url.pathname).toBe('/media/user-1/videos/abcdefghij.mp4');
    expect(url.searchParams.get('X-Amz-Expires')).toBe(String(MEDIA_LINK_SECONDS));
    expect(url.searchParams.get('response-cache-control')).toBe(`private, max-age=${MEDIA_LINK_WINDOW_SECONDS}`);
    // Signed at the start of the 10-minute window: 15:00.
    expect(url.searchParams.get('X-Amz-Date')).toBe('20260105T150000Z');
    expect(new URL(first!.thumbnailUrl!).pathname).toBe('/media/user-1/videos/abcdefghij.mp4.thumb.jpg');

    // The same URLs within the window (a list refreshed every 2 s does not reload its media), new ones after it.
    now = new Date('2026-01-05T15:09:59Z');
    expect((await links.forPost(post([video]))).media[0]).toEqual(first);
    now = new Date('2026-01-05T15:10:00Z');
    expect((await links.forPost(post([video]))).media[0]!.url).not.toBe(first!.url);
  });

  it('gives a medium without a thumbnail its URL only, and signs a whole page', async () => {
    const links = createMediaLinks({ s3, bucket: 'media', clock: { now: () => new Date('2026-01-05T15:04:30Z') } });
    const page = await links.forPage({ posts: [post([image]), post([video, image])], nextCursor: 'next' });
    expect(page.nextCursor).toBe('next');
    expect(page.posts[0]!.media[0]).toEqual({ ...image, url: expect.stringContaining('X-Amz-Signature=') });
    expect(page.posts[0]!.media[0]).not.toHaveProperty('thumbnailUrl');
    expect(page.posts[1]!.media.map((media) => Boolean(media.thumbnailUrl))).toEqual([true, false]);
  });
});

/** What the SDK's getSignedUrl makes of the same link (each link's whole middleware stack). */
function sdkLink(client: S3Client, key: string, contentType: string, signingDate: Date): Promise<string> {
  return getSignedUrl(
    client,
    new GetObjectCommand({ Bucket: 'media', Key: key, ResponseCacheControl: `private, max-age=${MEDIA_LINK_WINDOW_SECONDS}`, ...readLinkResponse(contentType) }),
    { expiresIn: MEDIA_LINK_SECONDS, signingDate },
  );
}

describe('links signed with node:crypto, without the SDK\'s middleware stack per link', () => {
  const signingDate = new Date('2026-01-05T15:00:00Z');
  const clock = { now: () => new Date('2026-01-05T15:04:30Z') };
  // Not a key parseMediaKey accepts (so its type is unknown): the escaping of every odd character.
  const odd = { key: "user-1/images/a b!'()*é~.jpg", kind: 'image' as const, contentType: 'image/jpeg', size: 5 };
  const other = { key: 'user-1/videos/abcdefghij.bin', kind: 'video' as const, contentType: 'application/octet-stream', size: 5 };

  async function expectSdkLinks(client: S3Client) {
    const links = createMediaLinks({ s3: client, bucket: 'media', clock });
    const signed = (await links.forPost(post([video, image, odd, other]))).media;
    expect(signed.map((medium) => medium.url)).toEqual(
      await Promise.all([
        sdkLink(client, video.key, 'video/mp4', signingDate),
        sdkLink(client, image.key, 'image/jpeg', signingDate),
        sdkLink(client, odd.key, 'application/octet-stream', signingDate),
        sdkLink(client, other.key, 'application/octet-stream', signingDate),
      ]),
    );
    expect(signed[0]!.thumbnailUrl).toBe(await sdkLink(client, video.thumbnailKey, 'image/jpeg', signingDate));
    return signed;
  }

  it('are getSignedUrl\'s links byte for byte, path-style on the twin\'s endpoint', async () => {
    const [first] = await expectSdkLinks(s3);
    expect(first!.url).toMatch(/^http:\/\/127\.0\.0\.1:9\/media\/user-1\/videos\/abcdefghij\.mp4\?/);
  });

  it('are getSignedUrl\'s links byte for byte on AWS (virtual-hosted, a Lambda\'s session token)', async () => {
    const aws = new S3Client({ region: 'eu-west-1', credentials: { accessKeyId: 'ASIAEXAMPLE', secretAccessKey: 'secret', sessionToken: 'token/with+odd=chars' } });
    const [first] = await expectSdkLinks(aws);
    expect(first!.url).toMatch(/^https:\/\/media\.s3\.eu-west-1\.amazonaws\.com\/user-1\/videos\/abcdefghij\.mp4\?/);
    expect(new URL(first!.url!).searchParams.get('X-Amz-Security-Token')).toBe('token/with+odd=chars');
  });

  it('are getSignedUrl\'s links on each side of midnight (the signing key is the day\'s)', async () => {
    let now = new Date('2026-01-05T23:55:00Z');
    const links = createMediaLinks({ s3, bucket: 'media', clock: { now: () => now } });
    const before = (await links.forPost(post([image]))).media[0]!.url;
    now = new Date('2026-01-06T00:05:00Z');
    const after = (await links.forPost(post([image]))).media[0]!.url;
    expect(before).toBe(await sdkLink(s3, image.key, 'image/jpeg', new Date('2026-01-05T23:50:00Z')));
    expect(after).toBe(await sdkLink(s3, image.key, 'image/jpeg', new Date('2026-01-06T00:00:00Z')));
    expect(new URL(after!).searchParams.get('X-Amz-Credential')).toBe('AKIDEXAMPLE/20260106/eu-central-1/s3/aws4_request');
  });

  it('leaves a link whose shape it does not repeat (another signed header) to getSignedUrl', async () => {
    const unusual = new S3Client({ region: 'eu-central-1', endpoint: 'http://127.0.0.1:9', forcePathStyle: true, credentials: { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'secret' } });
    unusual.middlewareStack.add(
      (next) => async (args) => {
        (args.request as { headers: Record<string, string> }).headers['x-example-signed'] = 'yes';
        return next(args);
      },
      { step: 'build', name: 'exampleSignedHeader' },
    );
    const signed = await expectSdkLinks(unusual);
    expect(new URL(signed[0]!.url!).searchParams.get('X-Amz-SignedHeaders')).toBe('host;x-example-signed');
  });
});

describe('what a media link makes the bucket answer with', () => {
  it('forces each file\'s own type on the medium and its thumbnail, shown in place (no attachment for images and videos)', async () => {
    const links = createMediaLinks({ s3, bucket: 'media', clock: { now: () => new Date('2026-01-05T15:04:30Z') } });
    const [withThumbnail, plain] = (await links.forPost(post([video, image]))).media;
    const medium = new URL(withThumbnail!.url!).searchParams;
    expect(medium.get('response-content-type')).toBe('video/mp4');
    expect(medium.get('response-content-disposition')).toBeNull();
    expect(new URL(withThumbnail!.thumbnailUrl!).searchParams.get('response-content-type')).toBe('image/jpeg');
    expect(new URL(plain!.url!).searchParams.get('response-content-type')).toBe('image/jpeg');
  });
});

describe('the response overrides of every read link', () => {
  it('shows images, audio and video in place, and makes anything else (or a download) an attachment', () => {
    expect(readLinkResponse('video/mp4')).toEqual({ ResponseContentType: 'video/mp4' });
    expect(readLinkResponse('audio/mpeg')).toEqual({ ResponseContentType: 'audio/mpeg' });
    expect(readLinkResponse('application/octet-stream')).toEqual({ ResponseContentType: 'application/octet-stream', ResponseContentDisposition: 'attachment' });
    expect(readLinkResponse('video/mp4', { fileName: 'cartoon "1".mp4' })).toEqual({
      ResponseContentType: 'video/mp4',
      ResponseContentDisposition: `attachment; filename="cartoon _1_.mp4"; filename*=UTF-8''cartoon%20%221%22.mp4`,
    });
  });
});

describe('the URL a platform fetches a medium from', () => {
  it('answers with the medium\'s own type', async () => {
    const source = createS3Media(s3, 'media').source({ key: video.key, kind: 'video', contentType: 'video/mp4', size: 10, extension: 'mp4' });
    expect(new URL(await source.publicUrl()).searchParams.get('response-content-type')).toBe('video/mp4');
  });
});
