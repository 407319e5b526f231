import { z } from 'zod';
import { platformNames, platforms } from '../platforms';
import { platformRules, YOUTUBE_TITLE_MAX } from '../platformRules';

export const postStatuses = ['scheduled', 'publishing', 'published', 'partially_published', 'failed', 'cancelled'] as const;
export type PostStatus = (typeof postStatuses)[number];

export const targetStatuses = ['pending', 'uploading', 'processing', 'published', 'failed'] as const;
export type TargetStatus = (typeof targetStatuses)[number];

/** The lists the dashboard shows; "published" holds every finished post (fully, partly, failed). */
export const postLists = ['scheduled', 'publishing', 'published'] as const;
export type PostList = (typeof postLists)[number];

export function listOf(status: PostStatus): PostList | 'cancelled' {
  if (status === 'scheduled' || status === 'publishing' || status === 'cancelled') return status;
  return 'published';
}

const targetInputSchema = z.object({
  platform: z.enum(platforms),
  /** The connected account's platform user id. */
  accountId: z.string().min(1).max(200),
});

export const createPostSchema = z
  .object({
    description: z.string().trim().min(1, 'Write a description.').max(10_000),
    title: z.string().trim().max(YOUTUBE_TITLE_MAX, `The YouTube title can be at most ${YOUTUBE_TITLE_MAX} characters.`).optional(),
    media: z.array(z.object({ key: z.string().min(1).max(300) })).min(1, 'Add a video or an image.').max(10),
    targets: z.array(targetInputSchema).min(1, 'Choose at least one account.').max(20),
    /** ISO time to publish at (plans that can schedule); absent = now. */
    scheduledFor: z.iso.datetime({ offset: true }).optional(),
  })
  .superRefine((post, context) => {
    const seen = new Set<string>();
    for (const [index, target] of post.targets.entries()) {
      const key = `${target.platform}#${target.accountId}`;
      if (seen.has(key)) context.addIssue({ code: 'custom', path: ['targets', index], message: 'The same account is chosen twice.' });
      seen.add(key);
    }
    for (const platform of new Set(post.targets.map((target) => target.platform))) {
      const rules = platformRules[platform];
      const count = rules.countText(post.description);
      if (count > rules.maxText) {
        context.addIssue({
          code: 'custom',
          path: ['description'],
          message: `The description is too long for ${platformNames[platform]} (${count} of ${rules.maxText}).`,
        });
      }
      for (const problem of rules.textProblems?.(post.description) ?? []) context.addIssue({ code: 'custom', path: ['description'], message: problem });
      if (platform === 'youtube' && !post.title) {
        context.addIssue({ code: 'custom', path: ['title'], message: 'A YouTube title is required when YouTube is a target.' });
      }
    }
  });
export type CreatePost = z.infer<typeof createPostSchema>;

export const postMediaSchema = z.object({
  key: z.string(),
  kind: z.enum(['image', 'video']),
  contentType: z.string(),
  size: z.number().int(),
  durationSeconds: z.number().optional(),
});

export const postTargetSchema = z.object({
  targetId: z.string(),
  platform: z.enum(platforms),
  accountId: z.string(),
  accountName: z.string(),
  status: z.enum(targetStatuses),
  postUrl: z.string().nullable(),
  platformPostId: z.string().nullable(),
  /** The platform's reason in plain words when the target failed. */
  error: z.string().nullable(),
  updatedAt: z.string(),
});
export type PostTarget = z.infer<typeof postTargetSchema>;

export const postSchema = z.object({
  postId: z.string(),
  status: z.enum(postStatuses),
  title: z.string().nullable(),
  description: z.string(),
  media: z.array(postMediaSchema),
  targets: z.array(postTargetSchema),
  platforms: z.array(z.enum(platforms)),
  createdAt: z.string(),
  updatedAt: z.string(),
  scheduledFor: z.string().nullable(),
  publishedAt: z.string().nullable(),
});
export type Post = z.infer<typeof postSchema>;

export const postIdSchema = z.object({ postId: z.string().regex(/^[0-9A-HJKMNP-TV-Z]{26}$/, 'Not a post id.') });

export const listPostsQuerySchema = z.object({
  status: z.enum(postLists).default('published'),
  platform: z.enum(platforms).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
  cursor: z.string().max(2000).optional(),
});

export const postPageSchema = z.object({ posts: z.array(postSchema), nextCursor: z.string().nullable() });
