import type { Platform } from './index';
import type { PostOptionsRule } from './postOptionsRule';
import type { MediaFacts } from '../platformRules';
import { facebookPostOptions } from './facebookOptions';
import { googleBusinessPostOptions } from './googleBusinessOptions';
import { instagramPostOptions } from './instagramOptions';
import { linkedinPostOptions } from './linkedinOptions';
import { linkedinPagePostOptions } from './linkedinPageOptions';
import { mastodonPostOptions } from './mastodonOptions';
import { pinterestPostOptions } from './pinterestOptions';
import { threadsPostOptions } from './threadsOptions';
import { tiktokPostOptions } from './tiktokOptions';
import { xPostOptions } from './xOptions';
import { youtubePostOptions } from './youtubeOptions';

export type { PostContext, PostOptionsEditor, PostOptionsRule } from './postOptionsRule';

/**
 * The platforms that ask the user for per-post choices, and their rules (one line each). Kept
 * apart from the capability entries because the rules are zod schemas, which the front end's
 * first page does not load.
 */
export const postOptionRules: Partial<Record<Platform, PostOptionsRule>> = {
  instagram: instagramPostOptions as PostOptionsRule,
  linkedin: linkedinPostOptions as PostOptionsRule,
  threads: threadsPostOptions as PostOptionsRule,
  tiktok: tiktokPostOptions as PostOptionsRule,
  x: xPostOptions as PostOptionsRule,
  youtube: youtubePostOptions as PostOptionsRule,
  facebook: facebookPostOptions as PostOptionsRule,
  linkedinPage: linkedinPagePostOptions as PostOptionsRule,
  mastodon: mastodonPostOptions as PostOptionsRule,
  googleBusiness: googleBusinessPostOptions as PostOptionsRule,
  pinterest: pinterestPostOptions as PostOptionsRule,
};

/** Whether a topic breaks its network's rule (`PostOptionsRule.topic`): too long, or holding a forbidden character. */
export function topicProblem(topic: NonNullable<PostOptionsRule['topic']>, value: string): 'tooLong' | 'forbidden' | undefined {
  if ([...value].length > topic.max) return 'tooLong';
  return topic.forbidden.some((character) => value.includes(character)) ? 'forbidden' : undefined;
}

/** Validates one target's options for its platform: the completed options, or the problems in words. */
export function checkPostOptions(
  platform: Platform,
  options: unknown,
  post: { nativeSchedule: boolean },
  platformName: string,
): { options?: Record<string, unknown>; problems: Array<{ path: Array<string | number>; message: string }> } {
  const rule = postOptionRules[platform];
  if (!rule) return options === undefined ? { problems: [] } : { problems: [{ path: [], message: `${platformName} takes no post options.` }] };
  if (options === undefined) return { problems: rule.required ? [{ path: [], message: rule.required }] : [] };
  const parsed = rule.schema.safeParse(options);
  if (!parsed.success) {
    return { problems: parsed.error.issues.map((issue) => ({ path: issue.path.filter((key): key is string | number => typeof key !== 'symbol'), message: issue.message })) };
  }
  const problems = (rule.problems?.(parsed.data, post) ?? []).map((message) => ({ path: [] as Array<string | number>, message }));
  return { options: parsed.data as Record<string, unknown>, problems };
}

/**
 * The problems one target's options have with the post's files (a format taking one file, a
 * shorter video), in words; empty when its platform has no such rule or the options are invalid
 * (checkPostOptions says why).
 */
export function optionsMediaProblems(platform: Platform, options: Record<string, unknown> | undefined, media: readonly MediaFacts[]): string[] {
  const rule = postOptionRules[platform];
  if (!rule?.mediaProblems) return [];
  const parsed = rule.schema.safeParse(options ?? {});
  return parsed.success ? rule.mediaProblems(parsed.data, media) : [];
}
