import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { DeleteCommand, GetCommand, PutCommand, QueryCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { decodeTime, ulid } from 'ulid';
import type { ContentItem, ContentKind, ContentPage, ListContentQuery } from '../../shared/api/content';
import {
  contentExtensions,
  maxContentBytes,
  type ContentUpload,
  type CreateContentUpload,
  type RegisterContent,
} from '../../shared/api/modules';
import type { Clock } from '../clock';
import { Conflict, InvalidInput, NotFound } from '../errors';
import { readLinkResponse } from '../media/readLinks';
import { writeIf } from './conditionalWrite';
import type { ModuleCaller } from './moduleTokens';
import type { UserIdentity } from './memberships';
import type { StorageQuota } from './storageQuota';

/** How long the play, download and share URLs work (the page asks again when it refetches). */
export const CONTENT_URL_SECONDS = 15 * 60;
/** How long a module has to PUT a generated file. */
export const CONTENT_UPLOAD_SECONDS = 15 * 60;
export const DEFAULT_PAGE_SIZE = 20;

const folders: Record<ContentKind, string> = { video: 'videos', podcast: 'podcasts' };
const keyPattern = /^([A-Za-z0-9-]{1,64})\/(videos|podcasts)\/([0-9A-HJKMNP-TV-Z]{26})\.(mp4|webm|mp3|m4a)$/;

export interface ContentKey {
  userId: string;
  type: ContentKind;
  contentId: string;
  extension: string;
}

/** <userId>/videos|podcasts/<contentId ULID>.<ext>; undefined when it is not a content key (or the extension does not fit the type). */
export function parseContentKey(key: string): ContentKey | undefined {
  const match = keyPattern.exec(key);
  if (!match) return undefined;
  const [, userId, folder, contentId, extension] = match;
  const type: ContentKind = folder === 'videos' ? 'video' : 'podcast';
  if (!(extension! in contentExtensions[type])) return undefined;
  return { userId: userId!, type, contentId: contentId!, extension: extension! };
}

/** The .mp4 twin stored beside a .webm video (the spec deletes both). */
export function mp4TwinKey(key: string): string | undefined {
  return key.endsWith('.webm') && key.includes('/videos/') ? `${key.slice(0, -'.webm'.length)}.mp4` : undefined;
}

const ascii = (bytes: Uint8Array, start: number, end: number) => String.fromCharCode(...bytes.subarray(start, end));

/** The first bytes of a generated file against its extension: ISO BMFF ftyp (.mp4, .m4a), EBML (.webm), ID3 or an MPEG audio frame (.mp3). */
export function contentMatchesExtension(header: Uint8Array, extension: string): boolean {
  switch (extension) {
    case 'mp4':
    case 'm4a':
      return header.length >= 8 && ascii(header, 4, 8) === 'ftyp';
    case 'webm':
      return header.length >= 4 && header[0] === 0x1a && header[1] === 0x45 && header[2] === 0xdf && header[3] === 0xa3;
    case 'mp3':
      return (header.length >= 3 && ascii(header, 0, 3) === 'ID3') || (header.length >= 2 && header[0] === 0xff && (header[1]! & 0xe0) === 0xe0);
    default:
      return false;
  }
}

interface ContentRecord {
  userId: string;
  contentId: string;
  userType: string;
  type: ContentKind;
  storagePath: string;
  fileName: string;
  contentType: string;
  size: number;
  module: string;
  createdAt: string;
  /** A .webm video with its .mp4 twin beside it. */
  hasMp4Twin?: boolean;
}

/** The one content type a content file of this type and extension is stored (and served) as. */
const contentTypeOf = (key: Pick<ContentKey, 'type' | 'extension'>): string => (contentExtensions[key.type] as Record<string, string>)[key.extension]!;

/** Whether S3 holds the object with this content type (parameters and case aside). */
const storedAs = (stored: { contentType: string }, expected: string) => stored.contentType.split(';')[0]!.trim().toLowerCase() === expected;

function statusOf(error: unknown): number | undefined {
  return (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
}

const NOT_YOURS = 'No upload of this module session was found at this key.';

export interface ContentServiceDependencies {
  db: DynamoDBDocumentClient;
  tableName: string;
  s3: S3Client;
  bucket: string;
  clock: Clock;
  /** Bytes stored per user, and the user's plan limit (null: none). */
  quota: StorageQuota;
  storageLimit: (userId: string) => Promise<number | null>;
}

/** The user's generated content: records in the content table, files in the content bucket under the user's prefix. */
export function createContentService({ db, tableName, s3, bucket, clock, quota, storageLimit }: ContentServiceDependencies) {
  async function head(key: string): Promise<{ size: number; contentType: string } | undefined> {
    try {
      const result = await s3.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
      return { size: result.ContentLength ?? 0, contentType: result.ContentType ?? '' };
    } catch (error) {
      if (statusOf(error) === 404 || (error as Error).name === 'NotFound') return undefined;
      throw error;
    }
  }

  async function firstBytes(key: string): Promise<Uint8Array> {
    const { Body } = await s3.send(new GetObjectCommand({ Bucket: bucket, Key: key, Range: 'bytes=0-15' }));
    return Body ? Body.transformToByteArray() : new Uint8Array();
  }

  /** A read link that answers with the file's own type (and as an attachment to download it), whatever type it was stored with. */
  async function presign(key: string, contentType: string, download?: { fileName: string }): Promise<string> {
    return getSignedUrl(s3, new GetObjectCommand({ Bucket: bucket, Key: key, ...readLinkResponse(contentType, download) }), {
      expiresIn: CONTENT_URL_SECONDS,
      signingDate: clock.now(),
    });
  }

  async function toItem(record: ContentRecord): Promise<ContentItem> {
    const twin = record.hasMp4Twin ? mp4TwinKey(record.storagePath) : undefined;
    const [url, downloadUrl, shareUrl] = await Promise.all([
      presign(record.storagePath, record.contentType),
      presign(record.storagePath, record.contentType, { fileName: record.fileName }),
      twin ? presign(twin, contentExtensions.video.mp4) : record.storagePath.endsWith('.webm') ? Promise.resolve(null) : undefined,
    ]);
    return {
      contentId: record.contentId,
      type: record.type,
      fileName: record.fileName,
      contentType: record.contentType,
      size: record.size,
      module: record.module,
      createdAt: record.createdAt,
      url,
      downloadUrl,
      shareUrl: shareUrl === undefined ? url : shareUrl,
      urlExpiresAt: new Date(clock.now().getTime() + CONTENT_URL_SECONDS * 1000).toISOString(),
    };
  }

  function encodeCursor(key: Record<string, unknown>): string {
    return Buffer.from(JSON.stringify(key)).toString('base64url');
  }

  function decodeCursor(cursor: string, user: UserIdentity, type: ContentKind | undefined): Record<string, string> {
    let key: unknown;
    try {
      key = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    } catch {
      key = undefined;
    }
    const candidate = key as Record<string, unknown> | undefined;
    const valid =
      candidate !== null &&
      typeof candidate === 'object' &&
      candidate['userId'] === user.userId &&
      typeof candidate['contentId'] === 'string' &&
      (type ? candidate['userType'] === `${user.userId}#${type}` : candidate['userType'] === undefined) &&
      Object.keys(candidate).length === (type ? 3 : 2);
    if (!valid) throw new InvalidInput('The cursor is not valid for this list. Load the list from the start.');
    return candidate as Record<string, string>;
  }

  return {
    /** A presigned PUT for a generated file under the session user's prefix. */
    async createUpload(caller: ModuleCaller, upload: CreateContentUpload): Promise<ContentUpload> {
      const extension = upload.fileName.split('.').pop()!.toLowerCase();
      let key: string;
      if (upload.twinOf !== undefined) {
        const main = parseContentKey(upload.twinOf);
        if (!main || main.userId !== caller.userId || main.extension !== 'webm') {
          throw new InvalidInput('twinOf must be the key of a .webm video of this module session.');
        }
        key = mp4TwinKey(upload.twinOf)!;
      } else {
        key = `${caller.userId}/${folders[upload.type]}/${ulid(clock.now().getTime())}.${extension}`;
      }
      const contentType = contentTypeOf({ type: upload.type, extension });
      // Counted at its declared size until it is registered (or swept a day later if it never is).
      // A second URL for the same key (a twin asked again) gives the earlier count back first.
      await quota.release(caller.userId, 'content', key);
      await quota.reserve(caller.userId, { bucket: 'content', key, bytes: upload.size }, await storageLimit(caller.userId));
      const signingDate = clock.now();
      // The type is signed, so S3 refuses a PUT with another one; register checks it as well.
      const url = await getSignedUrl(s3, new PutObjectCommand({ Bucket: bucket, Key: key, ContentType: contentType, ContentLength: upload.size }), {
        expiresIn: CONTENT_UPLOAD_SECONDS,
        signingDate,
        signableHeaders: new Set(['content-type']),
      });
      return {
        key,
        url,
        headers: { 'content-type': contentType },
        expiresAt: new Date(signingDate.getTime() + CONTENT_UPLOAD_SECONDS * 1000).toISOString(),
      };
    },

    /**
     * Adds an uploaded file to the session user's content after checking it is there, is what
     * its extension says and is within the size limit. Registering the same key again answers
     * the same item.
     */
    async register(caller: ModuleCaller, request: RegisterContent): Promise<ContentItem> {
      const parsed = parseContentKey(request.key);
      if (!parsed || parsed.userId !== caller.userId) throw new NotFound(NOT_YOURS);
      const existing = await db.send(new GetCommand({ TableName: tableName, Key: { userId: caller.userId, contentId: parsed.contentId }, ConsistentRead: true }));
      if (existing.Item) {
        const record = existing.Item as ContentRecord;
        if (record.storagePath !== request.key) throw new InvalidInput('This content id is already used by another file.');
        return toItem(record);
      }
      const stored = await head(request.key);
      if (!stored) throw new NotFound('The file was not uploaded to this key (or its upload has not finished).');
      const refuse = async (message: string): Promise<never> => {
        await s3.send(new DeleteObjectCommand({ Bucket: bucket, Key: request.key }));
        await quota.release(caller.userId, 'content', request.key);
        throw new InvalidInput(message);
      };
      const counted = await quota.find(caller.userId, 'content', request.key);
      if (!counted) {
        await s3.send(new DeleteObjectCommand({ Bucket: bucket, Key: request.key }));
        throw new NotFound('This upload has expired (files must be registered within a day of their upload URL); it was removed. Upload it again.');
      }
      if (stored.size > maxContentBytes[parsed.type]) await refuse(`The file is larger than a ${parsed.type} may be; it was deleted.`);
      const expectedType = contentTypeOf(parsed);
      if (!storedAs(stored, expectedType)) {
        await refuse(`The file was stored with the content type "${stored.contentType || 'none'}", but a .${parsed.extension} file is ${expectedType}; it was deleted. Upload it with the headers the upload URL came with.`);
      }
      if (stored.size === 0 || !contentMatchesExtension(await firstBytes(request.key), parsed.extension)) {
        await refuse(`This file is not a real .${parsed.extension} file; it was deleted.`);
      }
      try {
        if (!(await quota.settle(counted, stored.size, 'kept', await storageLimit(caller.userId)))) {
          throw new Conflict('This file is being registered by another request. Register it again in a moment.');
        }
      } catch (error) {
        if (error instanceof Conflict) throw error;
        await s3.send(new DeleteObjectCommand({ Bucket: bucket, Key: request.key }));
        await quota.release(caller.userId, 'content', request.key);
        throw error;
      }
      const twin = mp4TwinKey(request.key);
      const twinRecord = twin ? await quota.find(caller.userId, 'content', twin) : undefined;
      const twinHead = twin && twinRecord ? await head(twin) : undefined;
      // The .mp4 twin is kept with its .webm, counted at its real size (refused and deleted past the limit).
      let hasMp4Twin = false;
      if (twinRecord && twinHead && !storedAs(twinHead, contentExtensions.video.mp4)) {
        // A twin stored as another type is never linked: it goes, and stops counting.
        await s3.send(new DeleteObjectCommand({ Bucket: bucket, Key: twin! }));
        await quota.release(caller.userId, 'content', twin!);
      } else if (twinRecord && twinHead) {
        hasMp4Twin = twinHead.size <= maxContentBytes.video && (await quota.settle(twinRecord, twinHead.size, 'kept', null).catch(() => false));
      }
      const createdAt = new Date(decodeTime(parsed.contentId)).toISOString();
      const record: ContentRecord = {
        userId: caller.userId,
        contentId: parsed.contentId,
        userType: `${caller.userId}#${parsed.type}`,
        type: parsed.type,
        storagePath: request.key,
        fileName: request.fileName ?? `${parsed.type}-${createdAt.slice(0, 19).replace(/:/g, '-')}.${parsed.extension}`,
        contentType: expectedType,
        size: stored.size,
        module: caller.module,
        createdAt,
        ...(twin ? { hasMp4Twin } : {}),
      };
      const written = await writeIf(
        db.send(new PutCommand({ TableName: tableName, Item: record, ConditionExpression: 'attribute_not_exists(contentId)' })),
      );
      if (!written) {
        const { Item } = await db.send(new GetCommand({ TableName: tableName, Key: { userId: caller.userId, contentId: parsed.contentId }, ConsistentRead: true }));
        return toItem(Item as ContentRecord);
      }
      return toItem(record);
    },

    /** A page of the user's content, newest first; one type through the byType index. */
    async list(user: UserIdentity, query: ListContentQuery): Promise<ContentPage> {
      const type = query.type;
      const startKey = query.cursor ? decodeCursor(query.cursor, user, type) : undefined;
      const result = await db.send(
        new QueryCommand({
          TableName: tableName,
          ...(type
            ? { IndexName: 'byType', KeyConditionExpression: 'userType = :partition', ExpressionAttributeValues: { ':partition': `${user.userId}#${type}` } }
            : { KeyConditionExpression: 'userId = :partition', ExpressionAttributeValues: { ':partition': user.userId } }),
          ScanIndexForward: false,
          Limit: query.limit ?? DEFAULT_PAGE_SIZE,
          ...(startKey ? { ExclusiveStartKey: startKey } : {}),
        }),
      );
      const items = await Promise.all(((result.Items ?? []) as ContentRecord[]).map(toItem));
      return { items, ...(result.LastEvaluatedKey ? { nextCursor: encodeCursor(result.LastEvaluatedKey) } : {}) };
    },

    /** Deletes the file (and a .webm's .mp4 twin), then the record: after a failure in between, a retry still finds the record and finishes (S3 deletes are idempotent). */
    async remove(user: UserIdentity, contentId: string): Promise<void> {
      const { Item } = await db.send(new GetCommand({ TableName: tableName, Key: { userId: user.userId, contentId }, ConsistentRead: true }));
      if (!Item) throw new NotFound('This content was not found. It may have been deleted already.');
      const record = Item as ContentRecord;
      const twin = mp4TwinKey(record.storagePath);
      await Promise.all(
        [record.storagePath, ...(twin ? [twin] : [])].map(async (key) => {
          await s3.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
          await quota.release(user.userId, 'content', key);
        }),
      );
      await db.send(new DeleteCommand({ TableName: tableName, Key: { userId: user.userId, contentId } }));
    },
  };
}

export type ContentService = ReturnType<typeof createContentService>;
