import * as z from '../zod';

/**
 * Deleting a post removes it from OneClick's history only: what was published stays on the
 * platforms. A post being published cannot be deleted, and a scheduled one must be cancelled
 * first. With deleteMedia=true its uploaded files that no other post uses are deleted too, and
 * stop counting against the plan's storage.
 */
export const deletePostQuerySchema = z.object({
  deleteMedia: z
    .enum(['true', 'false'], { error: 'deleteMedia must be true or false.' })
    .optional()
    .transform((value) => value === 'true'),
});
export type DeletePostQuery = z.infer<typeof deletePostQuerySchema>;

export const postDeletionSchema = z.object({
  postId: z.string(),
  /** Files deleted with the post. */
  deletedMedia: z.number().int().nonnegative(),
  /** Files kept because another post uses them (or deleteMedia was not asked for). */
  keptMedia: z.number().int().nonnegative(),
  /** Storage given back to the plan's allowance. */
  releasedBytes: z.number().int().nonnegative(),
});
export type PostDeletion = z.infer<typeof postDeletionSchema>;
