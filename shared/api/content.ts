import * as z from '../zod';

/**
 * My Content: the videos and podcasts the embedded modules generated for the user (the spec's
 * 1_click_media), newest first, with short-lived presigned URLs to play, download and share.
 */
export const contentKinds = ['video', 'podcast'] as const;
export type ContentKind = (typeof contentKinds)[number];

const ulidPattern = /^[0-9A-HJKMNP-TV-Z]{26}$/;

export const contentIdSchema = z.object({ contentId: z.string().regex(ulidPattern, 'This is not a content id.') });

export const listContentQuerySchema = z.object({
  type: z.enum(contentKinds, { error: 'The type must be video or podcast.' }).optional(),
  cursor: z.string().max(2000).optional(),
  limit: z.coerce.number().int().min(1).max(50).optional(),
});
export type ListContentQuery = z.infer<typeof listContentQuerySchema>;

export const contentItemSchema = z.object({
  contentId: z.string(),
  type: z.enum(contentKinds),
  fileName: z.string(),
  contentType: z.string(),
  size: z.number().int().nonnegative(),
  module: z.string(),
  createdAt: z.iso.datetime(),
  /** Presigned GET to play the file; valid until urlExpiresAt. */
  url: z.url(),
  /** Presigned GET that downloads it (Content-Disposition: attachment). */
  downloadUrl: z.url(),
  /** What Share hands to the post wizard: the file itself, or a .webm's .mp4 twin; null when there is none. */
  shareUrl: z.url().nullable(),
  urlExpiresAt: z.iso.datetime(),
});
export type ContentItem = z.infer<typeof contentItemSchema>;

export const contentPageSchema = z.object({
  items: z.array(contentItemSchema),
  nextCursor: z.string().optional(),
});
export type ContentPage = z.infer<typeof contentPageSchema>;
