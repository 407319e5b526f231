import * as z from '../zod';
import type { PostOptionsRule } from './postOptionsRule';

/**
 * What a YouTube upload asks of the user (videos.insert's snippet and status): who can see it
 * (status.privacyStatus), whether it is made for kids (status.selfDeclaredMadeForKids — YouTube
 * requires the declaration, so there is no default), its tags (snippet.tags) and its category
 * (snippet.categoryId).
 */

export const youtubePrivacyStatuses = ['public', 'unlisted', 'private'] as const;
export type YoutubePrivacyStatus = (typeof youtubePrivacyStatuses)[number];

/**
 * The categories videos can be assigned to (videoCategories.list, `assignable: true`, for
 * regionCode US); ids as YouTube gives them. 22 (People & Blogs) is the spec's category.
 */
export const youtubeCategories = [
  { id: '1', name: 'Film & Animation' },
  { id: '2', name: 'Autos & Vehicles' },
  { id: '10', name: 'Music' },
  { id: '15', name: 'Pets & Animals' },
  { id: '17', name: 'Sports' },
  { id: '19', name: 'Travel & Events' },
  { id: '20', name: 'Gaming' },
  { id: '22', name: 'People & Blogs' },
  { id: '23', name: 'Comedy' },
  { id: '24', name: 'Entertainment' },
  { id: '25', name: 'News & Politics' },
  { id: '26', name: 'Howto & Style' },
  { id: '27', name: 'Education' },
  { id: '28', name: 'Science & Technology' },
  { id: '29', name: 'Nonprofits & Activism' },
] as const;
export type YoutubeCategoryId = (typeof youtubeCategories)[number]['id'];
export const YOUTUBE_DEFAULT_CATEGORY: YoutubeCategoryId = '22';
const categoryIds = youtubeCategories.map((category) => category.id) as unknown as readonly [YoutubeCategoryId, ...YoutubeCategoryId[]];

/** snippet.tags: at most 500 characters in all, counted as YouTube does (a tag with a space counts its quotes; commas between tags). */
export const YOUTUBE_TAGS_MAX = 500;
export function youtubeTagsLength(tags: readonly string[]): number {
  return tags.reduce((sum, tag) => sum + tag.length + (tag.includes(' ') ? 2 : 0), 0) + Math.max(0, tags.length - 1);
}

export const youtubeRuleMessages = {
  madeForKids: 'Say whether the YouTube video is made for kids: YouTube requires this declaration.',
  tagsTooLong: `YouTube tags can be at most ${YOUTUBE_TAGS_MAX} characters in all.`,
  tagBrackets: 'YouTube tags cannot contain < or >.',
  nativeNeedsPublic: "YouTube's own scheduling makes the video public at the scheduled time: choose Public, or let OneClick schedule it.",
} as const;

export const youtubeOptionsSchema = z
  .object({
    privacyStatus: z.enum(youtubePrivacyStatuses, { message: 'YouTube privacy must be public, unlisted or private.' }),
    madeForKids: z.boolean({ message: youtubeRuleMessages.madeForKids }),
    tags: z
      .array(z.string().trim().min(1, 'A YouTube tag cannot be empty.').max(YOUTUBE_TAGS_MAX))
      .max(100)
      .default([])
      .refine((tags) => tags.every((tag) => !/[<>]/.test(tag)), youtubeRuleMessages.tagBrackets)
      .refine((tags) => youtubeTagsLength(tags) <= YOUTUBE_TAGS_MAX, youtubeRuleMessages.tagsTooLong),
    categoryId: z.enum(categoryIds, { message: 'Choose one of the YouTube categories.' }).default(YOUTUBE_DEFAULT_CATEGORY),
  })
  .strict();
export type YoutubeOptions = z.infer<typeof youtubeOptionsSchema>;

export const youtubePostOptions: PostOptionsRule<YoutubeOptions> = {
  editor: 'videoDetails',
  schema: youtubeOptionsSchema,
  required: youtubeRuleMessages.madeForKids,
  problems: (options, post) => (post.nativeSchedule && options.privacyStatus !== 'public' ? [youtubeRuleMessages.nativeNeedsPublic] : []),
  commentsOff: (choices, post) => youtubeCommentsOff({ privacyStatus: choices.privacyStatus ?? 'public', madeForKids: choices.madeForKids === true }, post.nativeSchedule),
};

/**
 * Why YouTube takes no first comment on a video, where it takes none: comments are turned off on
 * videos made for kids, and a private video cannot be commented on, by its owner neither (YouTube
 * Help, "Change video privacy settings": "Can be commented on", Private: No) — which includes a
 * video YouTube keeps private until its scheduled time.
 */
export type YoutubeCommentsOff = 'madeForKids' | 'private' | 'scheduled';

export function youtubeCommentsOff(options: Pick<YoutubeOptions, 'privacyStatus' | 'madeForKids'>, nativeSchedule: boolean): YoutubeCommentsOff | undefined {
  if (options.madeForKids) return 'madeForKids';
  if (nativeSchedule) return 'scheduled';
  if (options.privacyStatus === 'private') return 'private';
  return undefined;
}

export const youtubeCommentsOffMessages: Record<YoutubeCommentsOff, string> = {
  madeForKids: 'YouTube turns comments off on videos made for kids.',
  private: 'YouTube takes no comments on a private video.',
  scheduled: 'YouTube keeps the video private until its scheduled time, and takes no comments on a private video.',
};
