import { createHash, createHmac } from 'node:crypto';
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

/** How many signing keys (one a day per region and credentials) an instance keeps. */
const MAX_SIGNING_KEYS = 8;

/**
 * Signature Version 4 for a query-string-signed GET with only `host` signed and an unsigned
 * payload, the shape of every link here (AWS: "Authenticating Requests: Using Query Parameters",
 * https://docs.aws.amazon.com/AmazonS3/latest/API/sigv4-query-string-auth.html): the canonical
 * request, its SHA-256 in the string to sign, and an HMAC with the day's signing key, which is
 * derived once a day per region and credentials.
 */
function createQuerySigner() {
  const signingKeys = new Map<string, Buffer>();
  const hmac = (key: Buffer | string, text: string) => createHmac('sha256', key).update(text).digest();

  function signingKey(secretAccessKey: string, day: string, region: string, service: string): Buffer {
    const cacheKey = `${day}\n${region}\n${service}\n${secretAccessKey}`;
    let key = signingKeys.get(cacheKey);
    if (!key) {
      key = hmac(hmac(hmac(hmac(`AWS4${secretAccessKey}`, day), region), service), 'aws4_request');
      if (signingKeys.size >= MAX_SIGNING_KEYS) signingKeys.clear();
      signingKeys.set(cacheKey, key);
    }
    return key;
  }

  return function signQuery(
    address: BucketAddress,
    credentials: { accessKeyId: string; secretAccessKey: string; sessionToken?: string | undefined },
    path: string,
    extraQuery: Record<string, string>,
    expiresIn: number,
    signingDate: Date,
  ): string {
    const amzDate = signingDate.toISOString().replace(/[-:]|\.\d{3}/g, '');
    const day = amzDate.slice(0, 8);
    const scope = `${day}/${address.region}/${address.service}/aws4_request`;
    const query: Record<string, string> = {
      ...extraQuery,
      'X-Amz-Algorithm': 'AWS4-HMAC-SHA256',
      'X-Amz-Content-Sha256': 'UNSIGNED-PAYLOAD',
      'X-Amz-Credential': `${credentials.accessKeyId}/${scope}`,
      'X-Amz-Date': amzDate,
      'X-Amz-Expires': String(expiresIn),
      'X-Amz-SignedHeaders': 'host',
      ...(credentials.sessionToken ? { 'X-Amz-Security-Token': credentials.sessionToken } : {}),
    };
    // Every name is plain ASCII, so sorting the names sorts their escaped forms alike.
    const pairs = new Map(Object.keys(query).map((name) => [name, `${escapeUri(name)}=${escapeUri(query[name]!)}`]));
    const sorted = () => [...pairs.keys()].sort().map((name) => pairs.get(name)!).join('&');
    const host = `${address.hostname}${address.port !== undefined ? `:${address.port}` : ''}`;
    const canonicalRequest = `GET\n${path}\n${sorted()}\nhost:${host}\n\nhost\nUNSIGNED-PAYLOAD`;
    const stringToSign = `AWS4-HMAC-SHA256\n${amzDate}\n${scope}\n${createHash('sha256').update(canonicalRequest).digest('hex')}`;
    const signature = createHmac('sha256', signingKey(credentials.secretAccessKey, day, address.region, address.service)).update(stringToSign).digest('hex');
    // The link lists its parameters sorted, the signature among them, as the SDK writes it.
    pairs.set('X-Amz-Signature', `X-Amz-Signature=${signature}`);
    return `${address.protocol}//${host}${path}?${sorted()}`;
  };
}

/**
 * Signs read links of one bucket. Presigning is local work (an HMAC with the function's
 * credentials), never a request to S3; but the SDK's getSignedUrl runs a whole GetObject through
 * the client's middleware stack (endpoint rules, serializers) for each link, about 1 ms of CPU,
 * and a page of 50 cards has up to 100 links. Here that stack runs once per cold start, for a
 * probe link that tells the bucket's address; each link is then the same request with its own
 * key and response overrides, signed with node:crypto (createQuerySigner). The links are byte for
 * byte getSignedUrl's (test/unit/functions/services/mediaLinks.test.ts).
 */
function createLinkSigner(s3: S3Client, bucket: string) {
  const slow = (key: string, overrides: Record<string, string | undefined>, expiresIn: number, signingDate: Date) =>
    getSignedUrl(
      s3,
      new GetObjectCommand({ Bucket: bucket, Key: key, ResponseCacheControl: overrides['response-cache-control'], ResponseContentType: overrides['response-content-type'], ResponseContentDisposition: overrides['response-content-disposition'] }),
      { expiresIn, signingDate },
    );
  const signQuery = createQuerySigner();
  let learned: Promise<BucketAddress | undefined> | undefined;
  const learn = () =>
    (learned ??= getSignedUrl(s3, new GetObjectCommand({ Bucket: bucket, Key: PROBE_KEY }), { expiresIn: 60 }).then(addressOf, (error: unknown) => {
      learned = undefined;
      throw error;
    }));

  /** `overrides`: the response-* query parameters (undefined ones are left out). */
  return async function sign(key: string, overrides: Record<string, string | undefined>, expiresIn: number, signingDate: Date): Promise<string> {
    const address = await learn();
    if (!address) return slow(key, overrides, expiresIn, signingDate);
    // The client's own provider (the function's role on AWS), which keeps them until they near expiry.
    const credentials = await s3.config.credentials();
    const query: Record<string, string> = { ...address.query };
    for (const [name, value] of Object.entries(overrides)) if (value !== undefined) query[name] = value;
    return signQuery(address, credentials, address.pathPrefix + key.split('/').map(escapeUri).join('/'), query, expiresIn, signingDate);
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
