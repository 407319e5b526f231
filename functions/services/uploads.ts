import { randomBytes } from 'node:crypto';
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  ListPartsCommand,
  PutObjectCommand,
  UploadPartCommand,
  type S3Client,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { contentTypes, mediaFolderOf, parseMediaKey, thumbnailKeyOf, type MediaKey, type MediaKind } from '../../shared/media';
import {
  mediaKindOf,
  MAX_DOCUMENT_BYTES,
  uploadExtensionOf,
  UNSUPPORTED_FILE_MESSAGE,
  FIRST_PART_BATCH,
  type AbortUpload,
  type CompleteUpload,
  type CreateUpload,
  type ListUploadParts,
  type SignedParts,
  type SignUploadParts,
  type UploadedParts,
  type UploadedMedia,
  type StorageUsage,
  type UploadSession,
  MAX_THUMBNAIL_BYTES,
  THUMBNAIL_MAX_HEIGHT,
  THUMBNAIL_MAX_WIDTH,
  THUMBNAIL_TOO_LARGE_MESSAGE,
  type PutThumbnail,
  type Thumbnail,
  type UploadFromUrl,
  acceptedContentTypes,
} from '../../shared/api/uploads';
import type { Clock } from '../clock';
import { Conflict, InvalidInput, NotFound } from '../errors';
import { createS3Media, MediaNotFound, type StoredMedia } from '../media/s3Media';
import { contentMatchesExtension, SNIFF_BYTES } from '../media/sniff';
import { jpegDimensions } from '../media/jpeg';
import type { UserIdentity } from './memberships';
import type { MediaDescription, StorageQuota, UploadRecord } from './storageQuota';

const MiB = 1024 * 1024;
const GiB = 1024 * MiB;

/** Every part but the last is this size, unless the file needs more than MAX_PARTS of them. */
export const PART_SIZE = 8 * MiB;
/** S3's limit on the parts of one multipart upload. */
export const MAX_PARTS = 10_000;
/**
 * How long a part URL works. URLs are signed in batches as the upload goes (the first with the
 * start, the rest by signParts), so a short life costs nothing and a leaked URL is soon useless.
 */
export const PART_URL_SECONDS = 15 * 60;
/** ListParts' page (S3's default and most). */
const LIST_PARTS_PAGE = 1000;

export interface UploadLimits {
  maxImageBytes: number;
  maxVideoBytes: number;
}

export const defaultUploadLimits: UploadLimits = { maxImageBytes: 20 * MiB, maxVideoBytes: 4 * GiB };

/** 20 URL-safe characters (15 random bytes in base64url). */
export function randomKeyPart(): string {
  return randomBytes(15).toString('base64url');
}

/** <userId>/images|videos|documents/<random>.<extension, lower-cased>. */
export function buildUploadKey(userId: string, fileName: string, randomPart: string = randomKeyPart()): string {
  const extension = uploadExtensionOf(fileName);
  if (!extension) throw new InvalidInput(UNSUPPORTED_FILE_MESSAGE);
  return `${userId}/${mediaFolderOf(mediaKindOf(extension))}/${randomPart}.${extension}`;
}

/** The part size and count for a file: PART_SIZE parts, larger (whole MiB) only past MAX_PARTS. */
export function partLayout(size: number): { partSize: number; partCount: number } {
  const partSize = Math.max(PART_SIZE, Math.ceil(size / MAX_PARTS / MiB) * MiB);
  return { partSize, partCount: Math.max(1, Math.ceil(size / partSize)) };
}

/** The exact length of part `partNumber` (1-based): partSize, except the last, which holds the rest. */
export function partLength(size: number, partNumber: number): number {
  const { partSize, partCount } = partLayout(size);
  return partNumber < partCount ? partSize : size - partSize * (partCount - 1);
}

export function formatBytes(bytes: number): string {
  if (bytes >= GiB && bytes % GiB === 0) return `${bytes / GiB} GiB`;
  if (bytes >= MiB) return `${Math.round((bytes / MiB) * 10) / 10} MiB`;
  return `${bytes} bytes`;
}

function statusOf(error: unknown): number | undefined {
  return (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
}

const UPLOAD_GONE_MESSAGE = 'This upload was not found: it was completed, aborted or has expired. Upload the file again.';

/**
 * A file taken from an address (uploads from a URL): at most this many bytes, within this time,
 * read whole into the function's memory (512 MB) inside API Gateway's 30-second answer. A larger
 * file takes the presigned upload (docs/api.md).
 */
export const FROM_URL_MAX_BYTES = 50 * MiB;
export const FROM_URL_TIMEOUT_MS = 10_000;
/** A take from an address still "uploading" after this long was left by a run that died (a take lasts at most FROM_URL_TIMEOUT_MS and its upload). */
export const FROM_URL_STALE_MS = 2 * 60_000;

/**
 * Fetches a user-given address under the outbound-address rule (functions/http/outbound.ts),
 * reading at most `maxBytes`; a refusal (the rule, the size, the time, an unreachable host, a
 * status other than 200) is an InvalidInput in words.
 */
export type FileDownload = (url: string, maxBytes: number) => Promise<{ body: Buffer; contentType: string | null }>;

export interface UploadServiceDependencies {
  /** Taking a file from an address (uploadFromUrl); absent where no route does. */
  download?: FileDownload;
  s3: S3Client;
  bucket: string;
  limits: UploadLimits;
  clock: Clock;
  /** Bytes stored per user, and the user's plan limit (null: none). */
  quota: StorageQuota;
  storageLimit: (userId: string) => Promise<number | null>;
}

export function createUploadService({ s3, bucket, limits, clock, quota, storageLimit, download }: UploadServiceDependencies) {
  const media = createS3Media(s3, bucket);

  function limitFor(kind: MediaKind): number {
    return { image: limits.maxImageBytes, video: limits.maxVideoBytes, document: MAX_DOCUMENT_BYTES }[kind];
  }

  function tooLarge(kind: MediaKind): InvalidInput {
    const limit = kind === 'document' ? `${limitFor(kind) / 1_000_000} MB` : formatBytes(limitFor(kind));
    return new InvalidInput(`The file is larger than ${limit}, the most we accept for ${{ image: 'an image', video: 'a video', document: 'a document' }[kind]}.`);
  }

  /** The key, when it is one of the caller's uploads; refused before any S3 call otherwise. */
  function ownKey(user: UserIdentity, key: string): MediaKey {
    const parsed = parseMediaKey(key);
    if (!parsed || parsed.userId !== user.userId) throw new NotFound('No upload of yours was found at this key.');
    return parsed;
  }

  async function readHeader(key: string): Promise<Uint8Array> {
    try {
      const { Body } = await s3.send(new GetObjectCommand({ Bucket: bucket, Key: key, Range: `bytes=0-${SNIFF_BYTES - 1}` }));
      return Body ? await Body.transformToByteArray() : new Uint8Array();
    } catch (error) {
      if (statusOf(error) === 416) return new Uint8Array();
      throw error;
    }
  }

  /** Deletes a refused file and stops counting it, then says why. */
  async function discard(user: UserIdentity, key: string, problem: Error): Promise<never> {
    await s3.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
    await quota.release(user.userId, 'media', key);
    throw problem;
  }

  const refusal = (message: string) => new InvalidInput(`${message} The file was not kept.`);

  function toUploaded(stored: StoredMedia): UploadedMedia {
    return {
      key: stored.key,
      kind: stored.kind,
      contentType: stored.contentType,
      size: stored.size,
      ...(stored.durationSeconds !== undefined ? { durationSeconds: stored.durationSeconds } : {}),
      ...(stored.width !== undefined && stored.height !== undefined ? { width: stored.width, height: stored.height } : {}),
    };
  }

  /** What a completion learned about a file, as its record keeps it. */
  function descriptionOf(stored: StoredMedia): MediaDescription {
    return {
      kind: stored.kind,
      contentType: stored.contentType,
      size: stored.size,
      extension: stored.extension,
      ...(stored.durationSeconds !== undefined ? { durationSeconds: stored.durationSeconds } : {}),
      ...(stored.width !== undefined && stored.height !== undefined ? { width: stored.width, height: stored.height } : {}),
    };
  }

  /** The upload's record when it is this upload, still in progress; NotFound otherwise. */
  function inProgress(record: UploadRecord | undefined, uploadId: string): UploadRecord {
    if (!record || (record.uploadId !== undefined && record.uploadId !== uploadId)) throw new NotFound(UPLOAD_GONE_MESSAGE);
    return record;
  }

  /**
   * Presigns UploadPart URLs for these parts of a file of `size` bytes; each signs its part's
   * exact length (Content-Length), so no part can carry more than declared.
   */
  async function signBatch(key: string, uploadId: string, size: number, partNumbers: readonly number[]): Promise<SignedParts> {
    const signingDate = clock.now();
    const parts = await Promise.all(
      partNumbers.map(async (partNumber) => ({
        partNumber,
        url: await getSignedUrl(
          s3,
          new UploadPartCommand({ Bucket: bucket, Key: key, UploadId: uploadId, PartNumber: partNumber, ContentLength: partLength(size, partNumber) }),
          { expiresIn: PART_URL_SECONDS, signingDate, signableHeaders: new Set(['content-length']) },
        ),
      })),
    );
    return { parts, expiresAt: new Date(signingDate.getTime() + PART_URL_SECONDS * 1000).toISOString() };
  }

  /** The caller's upload still in progress with this id (its record counts the declared size); NotFound otherwise. */
  async function uploadingRecord(user: UserIdentity, key: string, uploadId: string): Promise<UploadRecord> {
    ownKey(user, key);
    const record = inProgress(await quota.find(user.userId, 'media', key), uploadId);
    if (record.state !== 'uploading') throw new NotFound(UPLOAD_GONE_MESSAGE);
    return record;
  }

  const service = {
    /**
     * Starts a multipart upload and presigns the first batch of its part URLs (the browser asks
     * signParts for the rest as it goes). The file's declared size is checked against the type's
     * limit first, then counted against the plan's storage (refused in words when full).
     */
    async create(user: UserIdentity, upload: CreateUpload, keyPart?: string): Promise<UploadSession> {
      const extension = uploadExtensionOf(upload.fileName);
      if (!extension) throw new InvalidInput(UNSUPPORTED_FILE_MESSAGE);
      const kind = mediaKindOf(extension);
      if (upload.size > limitFor(kind)) throw tooLarge(kind);
      const limit = await storageLimit(user.userId);
      const key = buildUploadKey(user.userId, upload.fileName, keyPart);
      const { UploadId } = await s3.send(
        new CreateMultipartUploadCommand({ Bucket: bucket, Key: key, ContentType: contentTypes[extension] }),
      );
      if (!UploadId) throw new Error(`S3 returned no upload id for ${key}`);
      try {
        await quota.reserve(user.userId, { bucket: 'media', key, bytes: upload.size, uploadId: UploadId }, limit);
      } catch (error) {
        await s3.send(new AbortMultipartUploadCommand({ Bucket: bucket, Key: key, UploadId })).catch(() => undefined);
        throw error;
      }
      const { partSize, partCount } = partLayout(upload.size);
      const firstBatch = Array.from({ length: Math.min(FIRST_PART_BATCH, partCount) }, (_unused, index) => index + 1);
      const { parts, expiresAt } = await signBatch(key, UploadId, upload.size, firstBatch);
      return { uploadId: UploadId, key, partSize, partCount, parts, expiresAt };
    },

    /**
     * Presigns a further batch of part URLs for an upload in progress: the caller's own, with
     * this upload id, each part number within the part count its declared size gives.
     */
    async signParts(user: UserIdentity, request: SignUploadParts): Promise<SignedParts> {
      const record = await uploadingRecord(user, request.key, request.uploadId);
      const { partCount } = partLayout(record.bytes);
      const outside = request.partNumbers.find((partNumber) => partNumber > partCount);
      if (outside !== undefined) throw new InvalidInput(`Part ${outside} is past the end of this upload: it has ${partCount} part${partCount === 1 ? '' : 's'}.`);
      return signBatch(request.key, request.uploadId, record.bytes, request.partNumbers);
    },

    /**
     * The parts S3 already holds for an upload in progress (ListParts, every page), with the
     * upload's layout, so a browser that lost its place resumes. Counts nothing: the upload is
     * counted once, at its declared size, from its start. An upload S3 no longer has (aborted by
     * the lifecycle rule) stops counting and is NotFound, like one that was never the caller's.
     */
    async listParts(user: UserIdentity, request: ListUploadParts): Promise<UploadedParts> {
      const record = await uploadingRecord(user, request.key, request.uploadId);
      const parts: UploadedParts['parts'] = [];
      let marker: string | undefined;
      for (;;) {
        let page;
        try {
          page = await s3.send(
            new ListPartsCommand({ Bucket: bucket, Key: request.key, UploadId: request.uploadId, MaxParts: LIST_PARTS_PAGE, ...(marker ? { PartNumberMarker: marker } : {}) }),
          );
        } catch (error) {
          if (statusOf(error) !== 404) throw error;
          await quota.release(user.userId, 'media', request.key);
          throw new NotFound(UPLOAD_GONE_MESSAGE);
        }
        for (const part of page.Parts ?? []) {
          if (part.PartNumber === undefined || !part.ETag) continue;
          parts.push({ partNumber: part.PartNumber, etag: part.ETag, size: part.Size ?? 0 });
        }
        if (!page.IsTruncated) break;
        if (!page.NextPartNumberMarker || page.NextPartNumberMarker === marker) throw new Error(`ListParts of ${request.key} did not move past part ${marker ?? 0}`);
        marker = page.NextPartNumberMarker;
      }
      return { key: request.key, uploadId: request.uploadId, size: record.bytes, ...partLayout(record.bytes), parts };
    },

    /**
     * Assembles the parts, then keeps the file only if it is within the type's limit (checked
     * first, before any byte of it is read), fits the plan's storage at its real size, its bytes
     * are what its extension says and a video's structure can be read. A refused file is deleted
     * and stops counting. Completing again answers the same file.
     */
    async complete(user: UserIdentity, upload: CompleteUpload): Promise<UploadedMedia> {
      const { extension, kind } = ownKey(user, upload.key);
      const record = inProgress(await quota.find(user.userId, 'media', upload.key), upload.uploadId);
      if (record.state !== 'uploading') {
        if (record.described) return toUploaded({ key: upload.key, ...record.described });
        try {
          return toUploaded(await media.describe(upload.key));
        } catch (error) {
          if (error instanceof MediaNotFound) throw new NotFound(UPLOAD_GONE_MESSAGE);
          throw error;
        }
      }
      try {
        await s3.send(
          new CompleteMultipartUploadCommand({
            Bucket: bucket,
            Key: upload.key,
            UploadId: upload.uploadId,
            MultipartUpload: {
              Parts: [...upload.parts].sort((a, b) => a.partNumber - b.partNumber).map((part) => ({ PartNumber: part.partNumber, ETag: part.etag })),
            },
          }),
        );
      } catch (error) {
        if (statusOf(error) === 404) {
          await quota.release(user.userId, 'media', upload.key);
          throw new NotFound(UPLOAD_GONE_MESSAGE);
        }
        if (statusOf(error) === 400) throw new InvalidInput(`The upload could not be completed: ${(error as Error).message}`);
        throw error;
      }
      const size = await media.sizeOf(upload.key);
      if (size > limitFor(kind)) await discard(user, upload.key, tooLarge(kind));
      if (!contentMatchesExtension(await readHeader(upload.key), extension)) {
        await discard(user, upload.key, refusal(`This file is not a real ${extension.toUpperCase()} file (its content does not match the .${extension} extension).`));
      }
      // Described once, here: the record keeps it, and posts and drafts read it instead of the file.
      const { media: stored, problem } = await media.inspect(upload.key, size);
      if (problem) await discard(user, upload.key, refusal(problem));
      try {
        if (!(await quota.settle(record, size, 'pending', await storageLimit(user.userId), descriptionOf(stored)))) {
          throw new Conflict('This upload changed while it was being completed. Complete it again.');
        }
      } catch (error) {
        if (error instanceof Conflict) throw error;
        await discard(user, upload.key, error as Error);
      }
      return toUploaded(stored);
    },

    /**
     * Stores a completed upload's thumbnail beside it (`<key>.thumb.jpg`). The bytes come from the
     * browser, so nothing is trusted: the key must be the caller's own finished upload, the image
     * a real JPEG within MAX_THUMBNAIL_BYTES and THUMBNAIL_MAX_WIDTH × THUMBNAIL_MAX_HEIGHT, and it
     * counts in the plan's storage like any file (refused in words when full). It is checked
     * before it is stored, so a refused thumbnail never reaches the bucket. Sending one again
     * replaces it. It follows its medium: kept while a post uses the medium, swept with it,
     * deleted with it.
     */
    async putThumbnail(user: UserIdentity, input: PutThumbnail): Promise<Thumbnail> {
      ownKey(user, input.key);
      const image = Buffer.from(input.image, 'base64');
      if (image.length === 0) throw new InvalidInput('The preview image is empty.');
      if (image.length > MAX_THUMBNAIL_BYTES) throw new InvalidInput(THUMBNAIL_TOO_LARGE_MESSAGE);
      const dimensions = jpegDimensions(image);
      if (!dimensions) throw new InvalidInput('The preview image is not a JPEG image: a thumbnail must be a JPEG.');
      if (dimensions.width > THUMBNAIL_MAX_WIDTH || dimensions.height > THUMBNAIL_MAX_HEIGHT) {
        throw new InvalidInput(
          `The preview image is ${dimensions.width} × ${dimensions.height} pixels; a thumbnail is at most ${THUMBNAIL_MAX_WIDTH} × ${THUMBNAIL_MAX_HEIGHT}.`,
        );
      }
      const mediaRecord = await quota.find(user.userId, 'media', input.key);
      if (mediaRecord?.state === 'uploading') throw new Conflict('This upload is not complete yet: complete it, then send its thumbnail.');
      if (!(await media.exists(input.key))) throw new NotFound('No upload of yours was found at this key.');
      const thumbnailKey = thumbnailKeyOf(input.key);
      await quota.release(user.userId, 'media', thumbnailKey);
      try {
        await quota.reserve(user.userId, { bucket: 'media', key: thumbnailKey, bytes: image.length }, await storageLimit(user.userId));
      } catch (error) {
        if ((error as Error).name === 'TransactionCanceledException') throw new Conflict('This thumbnail is being stored by another request. Send it again.');
        throw error;
      }
      await s3.send(new PutObjectCommand({ Bucket: bucket, Key: thumbnailKey, Body: image, ContentType: 'image/jpeg' }));
      const record = await quota.find(user.userId, 'media', thumbnailKey);
      if (record) await quota.settle(record, image.length, mediaRecord?.state === 'kept' ? 'kept' : 'pending', null);
      return { key: input.key, thumbnailKey, size: image.length, ...dimensions };
    },

    /**
     * Takes a file from an https address into the media bucket as an upload lands: the name (given,
     * or the address's last segment) decides the type, the size is checked against the type's
     * limit (and FROM_URL_MAX_BYTES) while it is read, the answer's content type must agree with
     * the extension, then the same multipart upload, storage count and completion checks as a
     * browser's upload. Answers as completing an upload does. The feeds service takes a feed
     * item's image with it.
     *
     * `options.keyPart` (the feeds service: one per feed item) makes the file's key the same on
     * every try: a file already taken at that key is answered as it is (nothing is downloaded or
     * counted again), and one still "uploading" there for longer than a take can last was left by
     * a run that died, so it is aborted (its count given back) and taken again.
     */
    async fromUrl(user: UserIdentity, input: UploadFromUrl, options: { keyPart?: string } = {}): Promise<UploadedMedia> {
      if (!download) throw new Error('This function takes no files from addresses');
      const address = new URL(input.url);
      const fileName = input.fileName ?? decodeURIComponent(address.pathname.split('/').pop() ?? '');
      const extension = uploadExtensionOf(fileName);
      if (!extension) throw new InvalidInput(`${UNSUPPORTED_FILE_MESSAGE}: the address does not end in such a file's name, so give its fileName (e.g. photo.jpg).`);
      const kind = mediaKindOf(extension);
      if (options.keyPart) {
        const key = buildUploadKey(user.userId, fileName, options.keyPart);
        const taken = await quota.find(user.userId, 'media', key);
        if (taken?.state === 'uploading') {
          if (clock.now().getTime() - Date.parse(taken.createdAt) < FROM_URL_STALE_MS) throw new Conflict('This file is being taken from its address by another request right now. Try again in a minute.');
          await service.abort(user, { key, uploadId: taken.uploadId ?? '' }).catch((error: unknown) => {
            if (!(error instanceof NotFound)) throw error;
          });
        } else if (taken) {
          return toUploaded(taken.described ? { key, ...taken.described } : await media.describe(key));
        }
      }
      const maxBytes = Math.min(limitFor(kind), FROM_URL_MAX_BYTES);
      const { body, contentType } = await download(input.url, maxBytes);
      const reported = contentType?.split(';')[0]!.trim().toLowerCase();
      if (reported && reported !== 'application/octet-stream' && !acceptedContentTypes[extension].includes(reported)) {
        throw new InvalidInput(`The address answered a ${reported} file, which is not a .${extension} file (expected ${contentTypes[extension]}).`);
      }
      if (body.length === 0) throw new InvalidInput('The address answered an empty file.');
      const session = await service.create(user, { fileName, contentType: acceptedContentTypes[extension][0]!, size: body.length }, options.keyPart);
      const parts: CompleteUpload['parts'] = [];
      try {
        for (let partNumber = 1; partNumber <= session.partCount; partNumber++) {
          const start = (partNumber - 1) * session.partSize;
          const { ETag } = await s3.send(
            new UploadPartCommand({ Bucket: bucket, Key: session.key, UploadId: session.uploadId, PartNumber: partNumber, Body: body.subarray(start, start + session.partSize) }),
          );
          if (!ETag) throw new Error(`S3 returned no ETag for part ${partNumber} of ${session.key}`);
          parts.push({ partNumber, etag: ETag });
        }
      } catch (error) {
        await service.abort(user, { key: session.key, uploadId: session.uploadId }).catch(() => undefined);
        throw error;
      }
      return service.complete(user, { key: session.key, uploadId: session.uploadId, parts });
    },

    /** The bytes the user stores against the plan's limit. */
    async usage(user: UserIdentity): Promise<StorageUsage> {
      const [usedBytes, maxBytes] = await Promise.all([quota.usedBytes(user.userId), storageLimit(user.userId)]);
      return { usedBytes: Math.max(0, usedBytes), maxBytes };
    },

    /** Abandons the upload; S3 frees the parts already sent, and the declared size stops counting. */
    async abort(user: UserIdentity, upload: AbortUpload): Promise<void> {
      ownKey(user, upload.key);
      const record = await quota.find(user.userId, 'media', upload.key);
      if (record && (record.state !== 'uploading' || (record.uploadId !== undefined && record.uploadId !== upload.uploadId))) throw new NotFound(UPLOAD_GONE_MESSAGE);
      try {
        await s3.send(new AbortMultipartUploadCommand({ Bucket: bucket, Key: upload.key, UploadId: upload.uploadId }));
      } catch (error) {
        if (statusOf(error) !== 404) throw error;
        if (!record) throw new NotFound(UPLOAD_GONE_MESSAGE);
      }
      if (record) await quota.release(user.userId, 'media', upload.key);
    },
  };
  return service;
}

export type UploadService = ReturnType<typeof createUploadService>;
