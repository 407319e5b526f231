import * as z from '../zod';
import { platforms } from '../platforms';
import { mediaKinds } from '../media';
import { isTimeZone } from '../timeZone';

/**
 * Client review by link: a workspace's owner or admin makes a link for a few posts (or the
 * scheduled posts of some days) and sends it to a client, who opens it without an account, sees
 * those posts as each network will show them, and approves or comments on each, under the name
 * they type. The link's secret travels in the page's fragment (/review#<token>) and the API's
 * bodies, never in a path; only its SHA-256 hash is stored (docs/decisions.md).
 */
export const REVIEW_LINK_DEFAULT_DAYS = 7;
export const REVIEW_LINK_MAX_DAYS = 30;
export const REVIEW_LINK_MAX_POSTS = 50;

/** What a client did on a post through a review link, as the team sees it on the post. */
export const clientReviewSchema = z.object({
  name: z.string(),
  decision: z.enum(['approved', 'commented']),
  comment: z.string().nullable(),
  at: z.string(),
  linkId: z.string(),
});
export type ClientReview = z.infer<typeof clientReviewSchema>;

const dateSchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'A date must look like 2026-12-31.');

export const reviewScopeSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('posts'),
    postIds: z
      .array(z.string().min(1).max(100))
      .min(1, 'Choose at least one post.')
      .max(REVIEW_LINK_MAX_POSTS, `A review link can show at most ${REVIEW_LINK_MAX_POSTS} posts.`)
      .refine((ids) => new Set(ids).size === ids.length, 'Each post can be chosen once.'),
  }),
  z
    .object({
      type: z.literal('dates'),
      /** The first and last day (inclusive) of the calendar, in `timeZone`: the posts scheduled then. */
      from: dateSchema,
      to: dateSchema,
      timeZone: z.string().refine(isTimeZone, 'Not a time zone.'),
    })
    .refine((scope) => scope.from <= scope.to, 'The last day comes before the first.'),
]);
export type ReviewScope = z.infer<typeof reviewScopeSchema>;

export const reviewLabelSchema = z.string().trim().min(1, 'Give the link a label, such as the client\'s name.').max(80, 'A label can be at most 80 characters.');

export const createReviewLinkSchema = z.object({
  label: reviewLabelSchema,
  scope: reviewScopeSchema,
  expiresInDays: z
    .number()
    .int()
    .min(1, 'A link lasts at least a day.')
    .max(REVIEW_LINK_MAX_DAYS, `A link lasts at most ${REVIEW_LINK_MAX_DAYS} days.`)
    .optional(),
});
export type CreateReviewLink = z.infer<typeof createReviewLinkSchema>;

export const reviewLinkSchema = z.object({
  linkId: z.string(),
  label: z.string(),
  scope: reviewScopeSchema,
  createdByEmail: z.string(),
  createdAt: z.string(),
  expiresAt: z.string(),
  lastOpenedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
  status: z.enum(['active', 'expired', 'revoked']),
});
export type ReviewLink = z.infer<typeof reviewLinkSchema>;

/** A new link with its secret: shown once, never stored or listed again. */
export const createdReviewLinkSchema = reviewLinkSchema.extend({ token: z.string() });
export type CreatedReviewLink = z.infer<typeof createdReviewLinkSchema>;

export const reviewLinkListSchema = z.object({ links: z.array(reviewLinkSchema) });
export const reviewLinkPathSchema = z.object({ linkId: z.string().regex(/^[0-9A-HJKMNP-TV-Z]{26}$/, 'Not a review link id.') });

/** The secret from the link's fragment. */
export const reviewTokenSchema = z.object({
  token: z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'This review link is not complete: open the whole link you were sent again.'),
});

const clientNameSchema = z.string().trim().min(1, 'Type your name: the team sees it beside your approval.').max(80, 'A name can be at most 80 characters.');
export const reviewActionSchema = reviewTokenSchema.extend({ postId: z.string().min(1).max(100), name: clientNameSchema });
export const reviewCommentSchema = reviewActionSchema.extend({
  comment: z.string().trim().min(1, 'Write a comment first.').max(2000, 'A comment can be at most 2,000 characters.'),
});

/** A post as the client sees it: only what its previews need, never its status, errors or accounts' ids. */
export const reviewPostSchema = z.object({
  postId: z.string(),
  title: z.string().nullable(),
  description: z.string(),
  texts: z.partialRecord(z.enum(platforms), z.string()),
  threads: z.partialRecord(z.enum(platforms), z.array(z.string())),
  platforms: z.array(z.enum(platforms)),
  /** The accounts it goes to, as their networks show them. */
  accounts: z.array(z.object({ platform: z.enum(platforms), displayName: z.string(), username: z.string().nullable(), avatarUrl: z.string().nullable() })),
  media: z.array(z.object({ kind: z.enum(mediaKinds), url: z.string(), thumbnailUrl: z.string().nullable(), name: z.string(), altText: z.string().nullable() })),
  scheduledFor: z.string().nullable(),
  timeZone: z.string().nullable(),
  /** What clients did on it through review links. */
  reviews: z.array(clientReviewSchema),
});
export type ReviewPost = z.infer<typeof reviewPostSchema>;

export const reviewSchema = z.object({
  label: z.string(),
  workspaceName: z.string(),
  expiresAt: z.string(),
  posts: z.array(reviewPostSchema),
});
export type Review = z.infer<typeof reviewSchema>;
