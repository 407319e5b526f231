import { thumbnailKeyOf } from '../../shared/media';
import { MediaNotFound, type S3Media, type StoredMedia } from '../media/s3Media';
import type { StorageQuota, UploadRecord } from './storageQuota';

export const MEDIA_REMOVED_MESSAGE = 'A file you chose was removed meanwhile (uploads nothing takes within a day are removed): upload it again.';

export interface PostMediaDependencies {
  /** Reads a file stored before completions were described (or before quotas). */
  media: S3Media;
  quota: StorageQuota;
}

/** A file a post or draft takes, and the storage records (the file's, its thumbnail's) its write marks in use. */
export interface ChosenMedium {
  media: StoredMedia;
  records: UploadRecord[];
}

/**
 * The files a post or draft takes, as the upload's completion described them (its storage record
 * keeps the description): saving a post, a draft or publishing a draft reads nothing from the
 * file. Only a file completed before descriptions were kept is read from the bucket.
 *
 * The write that saves the post or draft also marks the records in use (`keepSteps`), in its own
 * transaction: the upload sweep releases a record only while it is unchanged, so a post written
 * between the sweep's read and its delete keeps its media, and a file the sweep removed first
 * refuses the post in words.
 */
export function createPostMedia({ media, quota }: PostMediaDependencies) {
  return {
    /** One of the user's files; MediaNotFound when it is not stored (or still uploading). */
    async chosen(userId: string, key: string): Promise<ChosenMedium> {
      const [record, thumbnail] = await Promise.all([quota.find(userId, 'media', key), quota.find(userId, 'media', thumbnailKeyOf(key))]);
      if (record?.state === 'uploading') throw new MediaNotFound(`The upload of ${key} has not been completed`);
      const finishedThumbnail = thumbnail && thumbnail.state !== 'uploading' ? thumbnail : undefined;
      const records = [record, finishedThumbnail].filter((item): item is UploadRecord => item !== undefined);
      if (!record?.described) return { media: await media.describe(key), records };
      return { media: { key, ...record.described, ...(finishedThumbnail ? { thumbnailKey: finishedThumbnail.key } : {}) }, records };
    },

    /** The transaction steps that mark these records in use (deduplicated: one step per record). */
    keepSteps(records: UploadRecord[]) {
      const unique = new Map(records.map((record) => [record.record, record]));
      return [...unique.values()].map((record) => quota.keepStep(record));
    },
  };
}

export type PostMedia = ReturnType<typeof createPostMedia>;
