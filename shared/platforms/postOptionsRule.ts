import type * as z from '../zod';

/**
 * The per-post choices a platform asks of the user (privacy, declarations, interactions…),
 * stored with the target and handed to that platform's publisher. Each platform that has them
 * declares one rule (shared/platforms/postOptions.ts); generic code reads only this shape.
 */
export interface PostOptionsRule<Options = unknown> {
  /**
   * Which form the wizard shows for it: `creatorSettings` (the account's own settings are read
   * from the platform first: privacy offered, interactions, disclosure, a declaration by the
   * Publish button), `videoDetails` (privacy, audience declaration, tags, category) or
   * `reelSettings` (where a video Reel shows) or `audience` (one choice among the network's values,
   * named by `audience`: who can see or reply, or how a video goes out).
   */
  editor: PostOptionsEditor;
  /** Validates (and completes, e.g. defaults) a target's options; its messages are the platform's rules in words. */
  schema: z.ZodType<Options>;
  /** The choice is about a video only (Facebook: a Page video or a Reel): the composer asks it only when the post has one. */
  forVideoOnly?: boolean;
  /** Set when a target of the platform cannot go without options: the message saying what to choose. */
  required?: string;
  /** For the `audience` form: the option it sets and the platform's values, its default first. */
  audience?: { field: string; values: readonly string[] };
  /** Rules that depend on the post, not only on the options (e.g. its own scheduling). */
  problems?(options: Options, post: PostContext): string[];
  /**
   * Why the network takes no first comment on a post with these choices, as a reason code the
   * composer words (`composer.firstComment.off.<code>`), where it takes none (YouTube: made for
   * kids, private). The choices may still be incomplete (the wizard asks as they are made).
   */
  commentsOff?(choices: Partial<Options>, post: PostContext): string | undefined;
}

export type PostOptionsEditor = 'creatorSettings' | 'videoDetails' | 'reelSettings' | 'audience';

/** What an option rule may need to know about the post. */
export interface PostContext {
  /** The platform itself publishes the post at the scheduled time (e.g. YouTube's publishAt). */
  nativeSchedule: boolean;
}
