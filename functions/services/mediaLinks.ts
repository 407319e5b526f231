import { GetObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { Post, PostMedia, PostPage } from '../../shared/api/posts';
import { contentTypes, MEDIA_LINK_SECONDS, MEDIA_LINK_WINDOW_SECONDS, parseMediaKey } from '../../shared/media';
import { readLinkResponse } from '../media/readLinks';
import type { Clock } from '../clock';

// The signing window and lifetime are shared with the post lists, which refresh before links expire.
export { MEDIA_LINK_SECONDS, MEDIA_LINK_WINDOW_SECONDS };

/** Thumbnails are JPEGs (functions/services/uploads.ts checks and stores them so). */
const THUMBNAIL_CONTENT_TYPE = 'image/jpeg';

/** A medium's type from its key's extension (the one source the upload was checked against). */
const mediaContentType = (key: string) => contentTypes[parseMediaKey(key)?.extension ?? ''] ?? 'application/octet-stream';

export interface MediaLinkDependencies {
  s3: S3Client;
  /** The media bucket. */
  bucket: string;
  clock: Clock;
}

/**
 * Presigned GET URLs for a post's media and thumbnails, so the lists and the post modal can show
 * them. Presigning is local work (an HMAC with the function's credentials), never a request to
 * S3, so a page of 100 posts costs no S3 call. The thumbnails are cached by the browser for the
 * URL's life (`Cache-Control` on the signed response).
 */
export function createMediaLinks({ s3, bucket, clock }: MediaLinkDependencies) {
  /** A read link answering with the file's own type (never the type it was stored with). */
  function sign(key: string, contentType: string, signingDate: Date): Promise<string> {
    return getSignedUrl(
      s3,
      new GetObjectCommand({ Bucket: bucket, Key: key, ResponseCacheControl: `private, max-age=${MEDIA_LINK_WINDOW_SECONDS}`, ...readLinkResponse(contentType) }),
      { expiresIn: MEDIA_LINK_SECONDS, signingDate },
    );
  }

  function windowStart(): Date {
    const windowMs = MEDIA_LINK_WINDOW_SECONDS * 1000;
    return new Date(Math.floor(clock.now().getTime() / windowMs) * windowMs);
  }

  async function withLinks(media: PostMedia, signingDate: Date): Promise<PostMedia> {
    const [url, thumbnailUrl] = await Promise.all([
      sign(media.key, mediaContentType(media.key), signingDate),
      media.thumbnailKey ? sign(media.thumbnailKey, THUMBNAIL_CONTENT_TYPE, signingDate) : undefined,
    ]);
    return { ...media, url, ...(thumbnailUrl ? { thumbnailUrl } : {}) };
  }

  async function forPost(post: Post, signingDate = windowStart()): Promise<Post> {
    return { ...post, media: await Promise.all(post.media.map((media) => withLinks(media, signingDate))) };
  }

  return {
    forPost,
    async forPage(page: PostPage): Promise<PostPage> {
      const signingDate = windowStart();
      return { ...page, posts: await Promise.all(page.posts.map((post) => forPost(post, signingDate))) };
    },
  };
}

export type MediaLinks = ReturnType<typeof createMediaLinks>;
