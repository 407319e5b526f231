import * as z from '../zod';
import type { MediaFacts } from '../platformRules';
import type { MediaKind } from '../media';
import type { PostOptionsRule } from './postOptionsRule';

/**
 * What an Instagram post asks of the user (docs/platforms/instagram.md):
 *
 * - `format`: a feed post (a photo or a carousel), a Reel (one video: media_type=REELS — a single
 *   feed video is no longer accepted) or a story (one photo or one video: media_type=STORIES, seen
 *   for 24 hours). Absent, it follows the files, as before: one video is a Reel, anything else a
 *   feed post.
 * - `shareToFeed`: whether a Reel also appears in the main feed and the profile grid or only in the
 *   Reels tab (Instagram's own app shares it, so that is the default).
 * - `trialReel`: a Reel shown to non-followers first (trial_params.graduation_strategy). MANUAL: the
 *   user shares it with followers in the Instagram app (the API cannot); SS_PERFORMANCE: Instagram
 *   shares it when it performs well. Reels only.
 *
 * A story carries no caption and takes no comment from us: the API's story containers take no
 * caption (IG User Media reference), and the composer says so.
 */
export const instagramFormats = ['feed', 'reel', 'story'] as const;
export type InstagramFormat = (typeof instagramFormats)[number];
export const instagramGraduations = ['MANUAL', 'SS_PERFORMANCE'] as const;
export type InstagramGraduation = (typeof instagramGraduations)[number];

/** A story's files (IG User Media reference, "Story Image/Video Specifications"): one JPEG of at most 8 MB, or one MP4/MOV video of 3 to 60 seconds and at most 100 MB. */
export const instagramStoryRules = {
  videoSeconds: { min: 3, max: 60 },
  videoMaxBytes: 100 * 1000 * 1000,
  imageMaxBytes: 8 * 1024 * 1024,
} as const;

export const instagramRuleMessages = {
  trialNeedsReel: 'Only a Reel can be an Instagram trial Reel: choose Reel, or turn the trial off.',
  storyOneFile: 'An Instagram story is one photo or one video: choose the file, or publish a feed post.',
  storyEmpty: 'An Instagram story needs a photo or a video.',
  reelOneVideo: 'An Instagram Reel is one video: add a video, or choose Feed or Story.',
  feedVideo: 'Instagram publishes a single video as a Reel or a story, not as a feed post: choose Reel or Story.',
  storyTooShort: `An Instagram story video must be at least ${instagramStoryRules.videoSeconds.min} seconds long.`,
  storyTooLong: `An Instagram story video can be at most ${instagramStoryRules.videoSeconds.max} seconds long.`,
  storyVideoTooLarge: 'An Instagram story video can be at most 100 MB.',
  storyImageTooLarge: 'An Instagram story photo can be at most 8 MB.',
} as const;

export const instagramOptionsSchema = z
  .object({
    format: z.enum(instagramFormats, { message: 'An Instagram post is a feed post, a Reel or a story.' }).optional(),
    shareToFeed: z.boolean({ message: 'Say whether the Instagram Reel also shows in the feed.' }).default(true),
    trialReel: z.enum(instagramGraduations, { message: 'A trial Reel is shared with followers by you (MANUAL) or by Instagram when it performs well (SS_PERFORMANCE).' }).optional(),
  })
  .strict()
  .superRefine((options, context) => {
    if (options.trialReel && (options.format === 'feed' || options.format === 'story')) {
      context.addIssue({ code: 'custom', path: ['trialReel'], message: instagramRuleMessages.trialNeedsReel });
    }
  });
export type InstagramOptions = z.infer<typeof instagramOptionsSchema>;

/** What the post is on Instagram: the chosen format, or the files' (one video: a Reel; else a feed post). */
export function instagramFormatOf(options: Pick<InstagramOptions, 'format'> | undefined, media: ReadonlyArray<{ kind: MediaKind }>): InstagramFormat {
  if (options?.format) return options.format;
  return media.length === 1 && media[0]!.kind === 'video' ? 'reel' : 'feed';
}

export type InstagramFormatProblem = keyof typeof instagramRuleMessages;

/** Why these files cannot go out in the chosen format, as codes (instagramRuleMessages words them; the wizard translates them); empty when they can. */
export function instagramFormatProblemCodes(
  options: Pick<InstagramOptions, 'format' | 'trialReel'> | undefined,
  media: ReadonlyArray<Pick<MediaFacts, 'kind' | 'size' | 'durationSeconds'>>,
): InstagramFormatProblem[] {
  const format = instagramFormatOf(options, media);
  const problems: InstagramFormatProblem[] = [];
  if (options?.trialReel && format !== 'reel') problems.push('trialNeedsReel');
  if (format === 'reel' && !(media.length === 1 && media[0]!.kind === 'video')) problems.push('reelOneVideo');
  if (format === 'feed' && media.length === 1 && media[0]!.kind === 'video') problems.push('feedVideo');
  if (format !== 'story') return problems;
  if (media.length === 0) return [...problems, 'storyEmpty'];
  if (media.length > 1) return [...problems, 'storyOneFile'];
  const [file] = media;
  if (file!.kind === 'image') return file!.size > instagramStoryRules.imageMaxBytes ? [...problems, 'storyImageTooLarge'] : problems;
  const seconds = file!.durationSeconds;
  if (seconds !== undefined && seconds < instagramStoryRules.videoSeconds.min) problems.push('storyTooShort');
  if (seconds !== undefined && seconds > instagramStoryRules.videoSeconds.max) problems.push('storyTooLong');
  if (file!.size > instagramStoryRules.videoMaxBytes) problems.push('storyVideoTooLarge');
  return problems;
}

/** The same, in the API's words. */
export function instagramFormatProblems(options: Pick<InstagramOptions, 'format' | 'trialReel'> | undefined, media: ReadonlyArray<Pick<MediaFacts, 'kind' | 'size' | 'durationSeconds'>>): string[] {
  return instagramFormatProblemCodes(options, media).map((code) => instagramRuleMessages[code]);
}

export const instagramPostOptions: PostOptionsRule<InstagramOptions> = {
  editor: 'mediaFormat',
  schema: instagramOptionsSchema,
  mediaProblems: (options, media) => instagramFormatProblems(options, media),
  // A story takes no comment from the API (there is no comments edge for a story we could post to).
  commentsOff: (choices) => (choices.format === 'story' ? 'story' : undefined),
};
