import { GetObjectCommand, HeadObjectCommand, NotFound as S3NotFound, type S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { contentTypes, parseMediaKey } from '../../shared/media';
import type { MediaSource } from '../platforms/publisher';
import { readVideoMetadata } from './mp4';

/** How long a platform may take to fetch a file from its presigned URL. */
export const PLATFORM_FETCH_URL_SECONDS = 3600;

export interface StoredMedia {
  key: string;
  kind: 'image' | 'video';
  contentType: string;
  size: number;
  extension: string;
  durationSeconds?: number;
  width?: number;
  height?: number;
}

export class MediaNotFound extends Error {}

export function createS3Media(s3: S3Client, bucket: string) {
  async function read(key: string, start: number, endInclusive: number): Promise<Uint8Array> {
    const { Body } = await s3.send(new GetObjectCommand({ Bucket: bucket, Key: key, Range: `bytes=${start}-${endInclusive}` }));
    if (!Body) throw new Error(`Empty body reading ${key}`);
    return Body.transformToByteArray();
  }

  return {
    /** What the bucket holds at `key` (size and type), plus a video's duration and size from its metadata. */
    async describe(key: string): Promise<StoredMedia> {
      const parsed = parseMediaKey(key);
      if (!parsed) throw new MediaNotFound(`Not a media key: ${key}`);
      let size: number;
      try {
        const head = await s3.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
        size = head.ContentLength ?? 0;
      } catch (error) {
        if (error instanceof S3NotFound || (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404) {
          throw new MediaNotFound(`No file at ${key}`);
        }
        throw error;
      }
      const media: StoredMedia = {
        key,
        kind: parsed.kind,
        contentType: contentTypes[parsed.extension] ?? 'application/octet-stream',
        size,
        extension: parsed.extension,
      };
      if (parsed.kind === 'video' && size > 0) Object.assign(media, await readVideoMetadata((start, end) => read(key, start, end), size));
      return media;
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
        read: (start, endInclusive) => read(media.key, start, endInclusive),
        publicUrl: () => getSignedUrl(s3, new GetObjectCommand({ Bucket: bucket, Key: media.key }), { expiresIn: PLATFORM_FETCH_URL_SECONDS }),
      };
    },
  };
}

export type S3Media = ReturnType<typeof createS3Media>;
