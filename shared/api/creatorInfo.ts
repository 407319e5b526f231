import * as z from '../zod';

/**
 * A connected account's current posting settings as its platform reports them (TikTok's
 * creator_info/query): who it is, the privacy levels it may post with, the interactions it has
 * switched off and the longest video it may post. The wizard shows them before the user
 * chooses; the publisher asks again at publish time.
 */
export const creatorInfoSchema = z.object({
  avatarUrl: z.string().nullable(),
  username: z.string().nullable(),
  nickname: z.string().nullable(),
  privacyLevelOptions: z.array(z.string()),
  commentDisabled: z.boolean(),
  duetDisabled: z.boolean(),
  stitchDisabled: z.boolean(),
  /** The longest video the account may post, in seconds (null when the platform did not say). */
  maxVideoPostDurationSec: z.number().nullable(),
});
export type CreatorInfo = z.infer<typeof creatorInfoSchema>;
