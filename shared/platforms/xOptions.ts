import * as z from '../zod';
import type { PostOptionsRule } from './postOptionsRule';

/**
 * Who may reply to a post on X: POST /2/tweets' `reply_settings` (X API v2, CreatePostsRequest).
 * `everyone` is X's own default and is sent as no field at all; the others are X's values.
 * `subscribers` is left out: it applies only to accounts that sell subscriptions, and X refuses it
 * for the others (docs/decisions.md).
 */
export const xReplySettings = ['everyone', 'following', 'verified', 'mentionedUsers'] as const;
export type XReplySetting = (typeof xReplySettings)[number];

export const xOptionsSchema = z
  .object({
    replySettings: z.enum(xReplySettings, { message: 'Choose who can reply on X: everyone, accounts you follow, verified accounts or only accounts you mention.' }).default('everyone'),
  })
  .strict();
export type XOptions = z.infer<typeof xOptionsSchema>;

export const xPostOptions: PostOptionsRule<XOptions> = {
  editor: 'audience',
  schema: xOptionsSchema,
  audience: { field: 'replySettings', values: xReplySettings },
};
