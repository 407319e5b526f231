import { GetObjectCommand, HeadObjectCommand, NotFound as S3NotFound, type S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { contentTypes, parseMediaKey, thumbnailKeyOf, type MediaKind } from '../../shared/media';
import type { MediaSource } from '../platforms/publisher';
import { MediaUnreadable, readVideoMetadata, type VideoMetadata } from './mp4';
import { readLinkResponse } from './readLinks';

/** How long a platform may take to fetch a file from its presigned URL. */
export const PLATFORM_FETCH_URL_SECONDS = 3600;

export interface StoredMedia {
  key: string;
  kind: MediaKind;
  contentType: string;
  size: number;
  extension: string;
  durationSeconds?: number;
  width?: number;
  height?: number;
  /** The medium's thumbnail (`<key>.thumb.jpg`), when the browser made one at upload. */
  thumbnailKey?: string;
  /** What it shows, for people who cannot see it, as the post's author wrote it. */
  altText?: string;
}

export class MediaNotFound extends Error {}

export function createS3Media(s3: S3Client, bucket: string) {
  /**
   * Bytes start..endInclusive of the object. Never sends an empty or inverted range (S3 ignores
   * an invalid Range and answers the whole object), and refuses an answer that is not the range
   * asked for without reading its body.
   */
  async function read(key: string, start: number, endInclusive: number): Promise<Uint8Array> {
    if (!Number.isSafeInteger(start) || !Number.isSafeInteger(endInclusive) || start < 0 || endInclusive < start) {
      throw new RangeError(`Refusing to read the empty or inverted range ${start}-${endInclusive} of ${key}`);
    }
    const { Body, ContentRange } = await s3.send(new GetObjectCommand({ Bucket: bucket, Key: key, Range: `bytes=${start}-${endInclusive}` }));
    if (!Body) throw new Error(`Empty body reading ${key}`);
    if (!ContentRange) {
      (Body as { destroy?: () => void }).destroy?.();
      throw new Error(`The storage answered the whole of ${key} instead of bytes ${start}-${endInclusive}`);
    }
    return Body.transformToByteArray();
  }

  /** A video's metadata (MP4 and MOV only: AVI is not parsed), or why it cannot be read. */
  async function videoMetadata(key: string, extension: string, size: number): Promise<VideoMetadata | MediaUnreadable> {
    if (extension !== 'mp4' && extension !== 'mov') return {};
    try {
      return await readVideoMetadata((start, end) => read(key, start, end), size);
    } catch (error) {
      if (error instanceof MediaUnreadable) return error;
      throw error;
    }
  }

  /** The object's size in bytes; MediaNotFound when there is none. */
  async function sizeOf(key: string): Promise<number> {
    try {
      const head = await s3.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
      return head.ContentLength ?? 0;
    } catch (error) {
      if (error instanceof S3NotFound || (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404) {
        throw new MediaNotFound(`No file at ${key}`);
      }
      throw error;
    }
  }

  /**
   * Whether an object is at `key`. Without s3:ListBucket (the posts and uploads functions list
   * nothing, so they do not have it) S3 answers a HEAD of a missing key 403, not 404: both mean
   * "not here" to a function that may read every object of the bucket.
   */
  async function exists(key: string): Promise<boolean> {
    try {
      await s3.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
      return true;
    } catch (error) {
      const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
      if (error instanceof S3NotFound || status === 404 || status === 403) return false;
      throw error;
    }
  }

  /**
   * What the bucket holds at `key`, and why a video's structure could not be read (`problem`, in
   * words). `size` is the object's size when the caller has just read it.
   */
  async function inspect(key: string, size?: number): Promise<{ media: StoredMedia; problem?: string }> {
    const parsed = parseMediaKey(key);
    if (!parsed) throw new MediaNotFound(`Not a media key: ${key}`);
    const bytes = size ?? (await sizeOf(key));
    const media: StoredMedia = {
      key,
      kind: parsed.kind,
      contentType: contentTypes[parsed.extension] ?? 'application/octet-stream',
      size: bytes,
      extension: parsed.extension,
    };
    if (parsed.kind !== 'video' || bytes === 0) return { media };
    const metadata = await videoMetadata(key, parsed.extension, bytes);
    if (metadata instanceof MediaUnreadable) return { media, problem: metadata.message };
    return { media: { ...media, ...metadata } };
  }

  return {
    sizeOf,
    exists,
    /** The upload check: refuses a file with a problem; describe keeps what it knows. */
    inspect,

    /**
     * What the bucket holds at `key` (size and type), plus a video's duration and size when its
     * metadata can be read, and its thumbnail's key when it has one (the posts' lists show it).
     */
    async describe(key: string): Promise<StoredMedia> {
      const thumbnailKey = thumbnailKeyOf(key);
      const [{ media }, hasThumbnail] = await Promise.all([inspect(key), exists(thumbnailKey)]);
      return hasThumbnail ? { ...media, thumbnailKey } : media;
    },

    /** A MediaSource that reads the object in ranges and presigns a short-lived URL. */
    source(media: StoredMedia): MediaSource {
      return {
        kind: media.kind,
        contentType: media.contentType,
        size: media.size,
        extension: media.extension,
        ...(media.durationSeconds !== undefined ? { durationSeconds: media.durationSeconds } : {}),
        ...(media.width !== undefined ? { width: media.width, height: media.height } : {}),
        ...(media.altText ? { altText: media.altText } : {}),
        read: (start, endInclusive) => read(media.key, start, endInclusive),
        publicUrl: () => getSignedUrl(s3, new GetObjectCommand({ Bucket: bucket, Key: media.key, ...readLinkResponse(media.contentType) }), { expiresIn: PLATFORM_FETCH_URL_SECONDS }),
      };
    },
  };
}

export type S3Media = ReturnType<typeof createS3Media>;
