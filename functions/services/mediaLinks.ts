import { GetObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl, S3RequestPresigner } from '@aws-sdk/s3-request-presigner';
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

/** RFC 3986 escaping as the SDK applies it to a path segment and a query key or value. */
const escapeUri = (text: string) => encodeURIComponent(text).replace(/[!'()*]/g, (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`);

/** The query parameters the presigner itself writes; the probe's others (x-id…) belong to every GetObject. */
const SIGNATURE_PARAMETERS = new Set(['X-Amz-Algorithm', 'X-Amz-Content-Sha256', 'X-Amz-Credential', 'X-Amz-Date', 'X-Amz-Expires', 'X-Amz-Security-Token', 'X-Amz-Signature', 'X-Amz-SignedHeaders']);
const PROBE_KEY = 'probe';

/** A GetObject of the bucket as the client addresses it, learned once from a probe link. */
interface BucketAddress {
  protocol: string;
  hostname: string;
  port?: number;
  /** The path before the key: `/<bucket>/` path-style, `/` virtual-hosted. */
  pathPrefix: string;
  /** Query parameters every GetObject carries (x-id=GetObject). */
  query: Record<string, string>;
  region: string;
  service: string;
}

/**
 * The bucket's address from one link the SDK made: undefined when that link is not the plain
 * shape this file repeats (only `host` signed, the key at the end of the path), and then every
 * link is made by getSignedUrl.
 */
function addressOf(probe: string): BucketAddress | undefined {
  const url = new URL(probe);
  const scope = url.searchParams.get('X-Amz-Credential')?.split('/') ?? [];
  if (url.searchParams.get('X-Amz-SignedHeaders') !== 'host' || scope.length < 5 || !url.pathname.endsWith(`/${PROBE_KEY}`)) return undefined;
  const query: Record<string, string> = {};
  for (const [name, value] of url.searchParams) if (!SIGNATURE_PARAMETERS.has(name)) query[name] = value;
  return {
    protocol: url.protocol,
    hostname: url.hostname,
    ...(url.port ? { port: Number(url.port) } : {}),
    pathPrefix: url.pathname.slice(0, -PROBE_KEY.length),
    query,
    region: scope.at(-3)!,
    service: scope.at(-2)!,
  };
}

/**
 * Signs read links of one bucket. Presigning is local work (an HMAC with the function's
 * credentials), never a request to S3; but the SDK's getSignedUrl runs a whole GetObject through
 * the client's middleware stack (endpoint rules, serializers) for each link, about 1 ms of CPU,
 * and a page of 50 cards has up to 100 links. Here that stack runs once per cold start, for a
 * probe link that tells the bucket's address; each link is then the same request with its own
 * key and response overrides, signed by the SDK's own S3 presigner (about 0.1 ms). The links are
 * byte for byte getSignedUrl's (test/unit/functions/services/mediaLinks.test.ts).
 */
function createLinkSigner(s3: S3Client, bucket: string) {
  const slow = (key: string, overrides: Record<string, string | undefined>, expiresIn: number, signingDate: Date) =>
    getSignedUrl(
      s3,
      new GetObjectCommand({ Bucket: bucket, Key: key, ResponseCacheControl: overrides['response-cache-control'], ResponseContentType: overrides['response-content-type'], ResponseContentDisposition: overrides['response-content-disposition'] }),
      { expiresIn, signingDate },
    );
  let learned: Promise<{ address: BucketAddress; presigner: S3RequestPresigner } | undefined> | undefined;
  const learn = () =>
    (learned ??= getSignedUrl(s3, new GetObjectCommand({ Bucket: bucket, Key: PROBE_KEY }), { expiresIn: 60 }).then(
      (probe) => {
        const address = addressOf(probe);
        return address && { address, presigner: new S3RequestPresigner({ ...s3.config, region: async () => address.region }) };
      },
      (error: unknown) => {
        learned = undefined;
        throw error;
      },
    ));

  /** `overrides`: the response-* query parameters (undefined ones are left out). */
  return async function sign(key: string, overrides: Record<string, string | undefined>, expiresIn: number, signingDate: Date): Promise<string> {
    const fast = await learn();
    if (!fast) return slow(key, overrides, expiresIn, signingDate);
    const { address, presigner } = fast;
    const query: Record<string, string> = { ...address.query };
    for (const [name, value] of Object.entries(overrides)) if (value !== undefined) query[name] = value;
    const signed = await presigner.presign(
      {
        method: 'GET',
        protocol: address.protocol,
        hostname: address.hostname,
        ...(address.port !== undefined ? { port: address.port } : {}),
        path: address.pathPrefix + key.split('/').map(escapeUri).join('/'),
        query,
        headers: {},
      },
      { expiresIn, signingDate, signingRegion: address.region, signingService: address.service },
    );
    const signedQuery = signed.query ?? {};
    const search = Object.keys(signedQuery)
      .sort()
      .map((name) => `${escapeUri(name)}=${escapeUri(String(signedQuery[name]))}`)
      .join('&');
    return `${signed.protocol}//${signed.hostname}${signed.port ? `:${signed.port}` : ''}${signed.path}?${search}`;
  };
}

/**
 * Presigned GET URLs for a post's media and thumbnails, so the lists and the post modal can show
 * them, with no S3 call (createLinkSigner). The thumbnails are cached by the browser for the
 * URL's life (`Cache-Control` on the signed response).
 */
export function createMediaLinks({ s3, bucket, clock }: MediaLinkDependencies) {
  const signLink = createLinkSigner(s3, bucket);

  /** A read link answering with the file's own type (never the type it was stored with). */
  function sign(key: string, contentType: string, signingDate: Date): Promise<string> {
    const response = readLinkResponse(contentType);
    return signLink(
      key,
      {
        'response-cache-control': `private, max-age=${MEDIA_LINK_WINDOW_SECONDS}`,
        'response-content-type': response.ResponseContentType,
        'response-content-disposition': response.ResponseContentDisposition,
      },
      MEDIA_LINK_SECONDS,
      signingDate,
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
