import type * as z from '../zod';
import type { MediaFacts } from '../platformRules';
import type { LocalPostRule } from './localPost';

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
   * `mediaFormat` (what the post is on the network — feed post, Reel or story — and the format's
   * own settings) or `audience` (one choice among the network's values, named by `audience`: who can see or reply, or
   * how a video goes out) or `localPost` (a post on a place's profile: its kind — update, offer,
   * event —, a call-to-action button, an offer's coupon, redeem address and terms, a title with
   * start and end; shared/platforms/localPost.ts).
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
  /**
   * For a platform that posts documents (capabilities' media.document): the option holding the
   * document's title, which the platform requires, and its longest length; the form asks for it
   * while the post carries a document.
   */
  documentTitle?: { field: string; max: number };
  /**
   * For the `audience` form, where the network also takes one topic for the post: the option it
   * sets, the most characters it may have and the characters it may not hold. Left empty, no topic.
   */
  topic?: { field: string; max: number; forbidden: readonly string[] };
  /** For the `audience` form, where the network takes the post's language (an ISO 639-1 code): the option it sets. */
  language?: { field: string };
  /**
   * For the `audience` form, where the network takes a poll (`PollChoice`): the option it sets and
   * the network's limits; an account whose server sets its own (`AccountLimits.poll*`) narrows them.
   */
  poll?: { field: string; maxOptions: number; maxCharactersPerOption: number; minSeconds: number; maxSeconds: number };
  /** For the `localPost` form: the network's button types and lengths. */
  localPost?: LocalPostRule;
  /**
   * Where the network files each post in a collection of the account's (a board): the option
   * holding the chosen collection's id. The form lists the account's collections from the network
   * (the adapter's `collections`, through our API), offers to make a new one, and leaves the
   * option out for the network's default (the account's first).
   */
  collection?: { field: string };
  /** Where the post carries a web address people go to (a Pin's link): the option holding it and its longest length. */
  link?: { field: string; max: number };
  /** Rules that depend on the post, not only on the options (e.g. its own scheduling). */
  problems?(options: Options, post: PostContext): string[];
  /**
   * Rules that depend on the post's files as well (a format that takes one file, a shorter video):
   * checked where the files are known — the posts service, the wizard and the publisher.
   */
  mediaProblems?(options: Options, media: readonly MediaFacts[]): string[];
  /**
   * With these choices the network gets none of the post's files (a poll takes their place on
   * Mastodon); the other networks still get them, and the files are not checked against it.
   */
  withoutMedia?(options: Options): boolean;
  /**
   * Why the network takes no first comment on a post with these choices, as a reason code the
   * composer words (`composer.firstComment.off.<code>`), where it takes none (YouTube: made for
   * kids, private). The choices may still be incomplete (the wizard asks as they are made).
   */
  commentsOff?(choices: Partial<Options>, post: PostContext): string | undefined;
}

/** A poll as the `poll` option holds it: its options, how long it runs, whether several may be chosen. */
export interface PollChoice {
  options: string[];
  expiresInSeconds: number;
  multiple: boolean;
}

export type PostOptionsEditor = 'creatorSettings' | 'videoDetails' | 'mediaFormat' | 'audience' | 'localPost';

/** What an option rule may need to know about the post. */
export interface PostContext {
  /** The platform itself publishes the post at the scheduled time (e.g. YouTube's publishAt). */
  nativeSchedule: boolean;
}
