import * as z from '../zod';
import type { PostOptionsRule } from './postOptionsRule';

/**
 * Who may reply to a Threads post: the container's `reply_control` (Threads Reply Management,
 * "Control who can reply": everyone, accounts_you_follow, mentioned_only, parent_post_author_only,
 * followers_only). `everyone` is Threads' own default and is sent as no parameter at all.
 */
export const threadsReplyControls = ['everyone', 'accounts_you_follow', 'followers_only', 'mentioned_only', 'parent_post_author_only'] as const;
export type ThreadsReplyControl = (typeof threadsReplyControls)[number];

/**
 * The post's topic: the container's `topic_tag`, one per post, 1 to 50 characters without a
 * period or an ampersand (the posts guide, "Topic tags"). Absent: no topic (Threads may take one
 * from a #tag in the text).
 */
export const THREADS_TOPIC_MAX = 50;
export const threadsTopicForbidden = ['.', '&'] as const;

export const threadsOptionsSchema = z
  .object({
    replyControl: z
      .enum(threadsReplyControls, { message: 'Choose who can reply on Threads: everyone, accounts you follow, your followers, only accounts you mention or only you.' })
      .default('everyone'),
    topicTag: z
      .string()
      .trim()
      .min(1, 'A Threads topic needs at least one character.')
      .refine((topic) => [...topic].length <= THREADS_TOPIC_MAX, `A Threads topic can be at most ${THREADS_TOPIC_MAX} characters.`)
      .refine((topic) => !threadsTopicForbidden.some((character) => topic.includes(character)), 'A Threads topic cannot contain a period (.) or an ampersand (&).')
      .optional(),
  })
  .strict();
export type ThreadsOptions = z.infer<typeof threadsOptionsSchema>;

export const threadsPostOptions: PostOptionsRule<ThreadsOptions> = {
  editor: 'audience',
  schema: threadsOptionsSchema,
  audience: { field: 'replyControl', values: threadsReplyControls },
  topic: { field: 'topicTag', max: THREADS_TOPIC_MAX, forbidden: threadsTopicForbidden },
};
