import * as z from '../zod';
import type { PostOptionsRule } from './postOptionsRule';

/**
 * What an Instagram post asks of the user. Instagram's Content Publishing API publishes a video
 * as a Reel (media_type=REELS; a feed-only VIDEO is no longer accepted); `share_to_feed` decides
 * whether the Reel also appears in the main feed and the profile grid or only in the Reels tab.
 * Images and carousels are feed posts and ask nothing. Nothing is required: the default is what
 * Instagram's own app does (shared to the feed).
 */
export const instagramOptionsSchema = z
  .object({
    shareToFeed: z.boolean({ message: 'Say whether the Instagram Reel also shows in the feed.' }).default(true),
  })
  .strict();
export type InstagramOptions = z.infer<typeof instagramOptionsSchema>;

export const instagramPostOptions: PostOptionsRule<InstagramOptions> = {
  editor: 'reelSettings',
  schema: instagramOptionsSchema,
};
