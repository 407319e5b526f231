import * as z from '../zod';
import { contentTypes, documentExtensions, imageExtensions, mediaKinds, videoExtensions, type MediaKind } from '../media';

/**
 * The upload API: the browser asks for a multipart upload, PUTs each part straight to S3 with
 * the presigned URLs, then asks us to complete it (and we check the file really is what its
 * extension says). Only the spec's extensions (and PDF documents, which LinkedIn posts) are
 * accepted, and the content type must agree.
 */
export const uploadExtensions = [...imageExtensions, ...videoExtensions, ...documentExtensions] as const;
export type UploadExtension = (typeof uploadExtensions)[number];

/**
 * The largest document (PDF) kept: the most a network that posts documents takes (LinkedIn's
 * Documents API: 100 MB, docs/platforms/linkedin.md). Not configurable: a larger file could go nowhere.
 */
export const MAX_DOCUMENT_BYTES = 100 * 1000 * 1000;

export const UNSUPPORTED_FILE_MESSAGE = 'Only PNG, JPG, GIF images, MP4, MOV, AVI videos and PDF documents are accepted';

/** The content types a browser may report for each extension (the first is the one we store). */
export const acceptedContentTypes: Record<UploadExtension, readonly string[]> = {
  png: ['image/png'],
  jpg: ['image/jpeg', 'image/jpg', 'image/pjpeg'],
  jpeg: ['image/jpeg', 'image/jpg', 'image/pjpeg'],
  gif: ['image/gif'],
  mp4: ['video/mp4'],
  mov: ['video/quicktime'],
  avi: ['video/x-msvideo', 'video/avi', 'video/msvideo'],
  pdf: ['application/pdf', 'application/x-pdf'],
};

/** The file name's extension, lower-cased, when it is one we accept. */
export function uploadExtensionOf(fileName: string): UploadExtension | undefined {
  const dot = fileName.lastIndexOf('.');
  if (dot < 0) return undefined;
  const extension = fileName.slice(dot + 1).toLowerCase();
  return (uploadExtensions as readonly string[]).includes(extension) ? (extension as UploadExtension) : undefined;
}

export function mediaKindOf(extension: UploadExtension): MediaKind {
  if ((imageExtensions as readonly string[]).includes(extension)) return 'image';
  return (documentExtensions as readonly string[]).includes(extension) ? 'document' : 'video';
}

export const createUploadSchema = z
  .object({
    fileName: z.string().trim().min(1, 'The file name is missing.').max(255, 'The file name is too long (at most 255 characters).'),
    contentType: z.string().trim().min(1, 'The file type is missing.').max(100),
    size: z.number().int('The file size must be a whole number of bytes.').positive('The file is empty.'),
  })
  .superRefine((upload, context) => {
    const extension = uploadExtensionOf(upload.fileName);
    if (!extension) {
      context.addIssue({ code: 'custom', path: ['fileName'], message: UNSUPPORTED_FILE_MESSAGE });
      return;
    }
    const reported = upload.contentType.split(';')[0]!.trim().toLowerCase();
    if (!acceptedContentTypes[extension].includes(reported)) {
      context.addIssue({
        code: 'custom',
        path: ['contentType'],
        message: `The file type ${reported} does not match the .${extension} extension (expected ${contentTypes[extension]}).`,
      });
    }
  });
export type CreateUpload = z.infer<typeof createUploadSchema>;

/** How many part URLs the start of an upload signs; the rest are asked for in batches (signUploadParts). */
export const FIRST_PART_BATCH = 8;
/** The most part URLs one signUploadParts call signs. */
export const MAX_PART_BATCH = 100;

const partUrlSchema = z.object({ partNumber: z.number().int().positive(), url: z.url() });

export const uploadSessionSchema = z.object({
  uploadId: z.string(),
  key: z.string(),
  /** Every part but the last is exactly this many bytes. */
  partSize: z.number().int().positive(),
  /** How many parts the file is cut into (the declared size over partSize, rounded up). */
  partCount: z.number().int().positive(),
  /** The first batch of part URLs (parts 1 to FIRST_PART_BATCH at most); the rest come from signUploadParts. */
  parts: z.array(partUrlSchema),
  /** When these URLs stop working (ISO 8601). */
  expiresAt: z.string(),
});
export type UploadSession = z.infer<typeof uploadSessionSchema>;

const uploadRefSchema = z.object({
  key: z.string().trim().min(1, 'The upload key is missing.').max(300),
  uploadId: z.string().trim().min(1, 'The upload id is missing.').max(1024),
});

export const signUploadPartsSchema = uploadRefSchema.extend({
  partNumbers: z
    .array(z.number().int('A part number must be a whole number.').min(1, 'Part numbers start at 1.').max(10_000, 'A part number is at most 10,000.'))
    .min(1, 'Name at least one part to sign.')
    .max(MAX_PART_BATCH, `At most ${MAX_PART_BATCH} part URLs are signed at a time.`)
    .refine((numbers) => new Set(numbers).size === numbers.length, 'A part number appears twice.'),
});
export type SignUploadParts = z.infer<typeof signUploadPartsSchema>;

export const signedPartsSchema = z.object({
  parts: z.array(partUrlSchema),
  expiresAt: z.string(),
});
export type SignedParts = z.infer<typeof signedPartsSchema>;

export const listUploadPartsSchema = uploadRefSchema;
export type ListUploadParts = z.infer<typeof listUploadPartsSchema>;

/** An unfinished upload as S3 holds it: its layout and the parts already stored (every page of ListParts). */
export const uploadedPartsSchema = z.object({
  key: z.string(),
  uploadId: z.string(),
  /** The size declared when the upload started. */
  size: z.number().int().positive(),
  partSize: z.number().int().positive(),
  partCount: z.number().int().positive(),
  parts: z.array(z.object({ partNumber: z.number().int().positive(), etag: z.string(), size: z.number().int().nonnegative() })),
});
export type UploadedParts = z.infer<typeof uploadedPartsSchema>;

export const completeUploadSchema = uploadRefSchema.extend({
  parts: z
    .array(
      z.object({
        partNumber: z.number().int().min(1).max(10_000),
        etag: z.string().trim().min(1, 'A part has no ETag.').max(200),
      }),
    )
    .min(1, 'No parts were uploaded.')
    .max(10_000)
    .refine((parts) => new Set(parts.map((part) => part.partNumber)).size === parts.length, 'A part number appears twice.'),
});
export type CompleteUpload = z.infer<typeof completeUploadSchema>;

export const abortUploadSchema = uploadRefSchema;
export type AbortUpload = z.infer<typeof abortUploadSchema>;

/**
 * A file fetched by the server from an https address (issue 30: scripts and assistants hand over a
 * link rather than bytes). The name, when given, decides the type as an upload's does; otherwise
 * the address's last path segment does.
 */
export const uploadFromUrlSchema = z.object({
  url: z.url({ protocol: /^https?$/, error: 'Give the address of the file, starting with https://.' }).max(2048, 'The address is too long (at most 2,048 characters).'),
  fileName: z.string().trim().min(1).max(255, 'The file name is too long (at most 255 characters).').optional(),
});
export type UploadFromUrl = z.infer<typeof uploadFromUrlSchema>;

export const uploadedMediaSchema = z.object({
  key: z.string(),
  kind: z.enum(mediaKinds),
  contentType: z.string(),
  size: z.number().int().nonnegative(),
  durationSeconds: z.number().optional(),
  width: z.number().int().optional(),
  height: z.number().int().optional(),
});
export type UploadedMedia = z.infer<typeof uploadedMediaSchema>;

/** The bytes a user stores (media and module content, uploads in progress at their declared size) against the plan's limit. */
export const storageUsageSchema = z.object({
  usedBytes: z.number().int().nonnegative(),
  /** null: the plan sets no limit. */
  maxBytes: z.number().int().nullable(),
});
export type StorageUsage = z.infer<typeof storageUsageSchema>;

/**
 * A medium's thumbnail (a video's poster frame, an image made small), captured by the browser at
 * upload and sent here as a base64 JPEG: the server checks it (owner, size, JPEG bytes and
 * dimensions), counts it in the user's storage and stores it beside the medium (docs/decisions.md,
 * "Thumbnails are made in the browser").
 */
export const MAX_THUMBNAIL_BYTES = 256 * 1024;
export const THUMBNAIL_MAX_WIDTH = 480;
export const THUMBNAIL_MAX_HEIGHT = 960;
export const THUMBNAIL_TOO_LARGE_MESSAGE = `The preview image is larger than ${MAX_THUMBNAIL_BYTES / 1024} KiB, the most kept for a thumbnail.`;

export const putThumbnailSchema = z.object({
  key: z.string().trim().min(1, 'The upload key is missing.').max(300),
  image: z
    .string()
    .min(1, 'The preview image is empty.')
    .max(Math.ceil(MAX_THUMBNAIL_BYTES / 3) * 4, THUMBNAIL_TOO_LARGE_MESSAGE)
    .regex(/^[A-Za-z0-9+/]+={0,2}$/, 'The preview image must be base64-encoded JPEG bytes.'),
});
export type PutThumbnail = z.infer<typeof putThumbnailSchema>;

export const thumbnailSchema = z.object({
  key: z.string(),
  thumbnailKey: z.string(),
  size: z.number().int().positive(),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
});
export type Thumbnail = z.infer<typeof thumbnailSchema>;
