import type { Platform } from './index';
import type { TextRule } from './capabilities';
import { codePoints } from './textCounting';
import { capabilities } from './index';

/**
 * How each network that takes a first comment (`capabilities[p].firstComment`) counts it and what
 * its comment call needs beyond publishing. Platform data kept beside the capability entries, as
 * the previews and the post options' rules are: only the composer and the API read it, so the
 * first page's JS does not carry it (`npm run bench -- frontend`).
 */
export interface CommentRule {
  /** The comment's own length limit, in the post text's unit, where it is not the post's (LinkedIn: 1,250). */
  max?: number;
  /** How a comment is counted where the network counts it unlike the post's text; its `max` is the comment's limit. */
  text?: TextRule;
  /**
   * The permission the comment call needs beyond publishing, where the network asks for one. A
   * connection made before OneClick asked for it lacks it: its publisher does not try, and says to reconnect.
   */
  scope?: string;
}

export const commentRules: Record<Platform, CommentRule> = {
  // textOriginal is counted in characters; 10,000 is the widely cited limit (commentTextTooLong
  // names no number), without the description's < > rule (commentThreads.insert, youtube.force-ssl).
  youtube: { text: { max: 10_000, unit: 'characters', count: codePoints }, scope: 'https://www.googleapis.com/auth/youtube.force-ssl' },
  tiktok: {},
  // Meta documents no limit of its own for a comment's text; the caption's is applied (2,200
  // characters, 30 hashtags, 20 @-mentions: the text rule's `problems`), as the sandbox does.
  instagram: { max: 2200, scope: 'instagram_business_manage_comments' },
  x: {},
  // Comments API (socialActions/{urn}/comments, with w_member_social): at most 1,250 characters.
  linkedin: { max: 1250 },
  bluesky: {},
  // A reply under the post (reply_to_id), counted as a post; POST calls to reply endpoints need threads_manage_replies.
  threads: { scope: 'threads_manage_replies' },
  // As the Page, with the Page's token and pages_manage_engagement (Pages API, "Comments"). Meta
  // documents no length of its own for a comment; the post's rule is applied, as the sandbox does.
  facebook: { scope: 'pages_manage_engagement' },
  // As the organization (actor = its URN), with w_organization_social: the same 1,250 characters.
  linkedinPage: { max: 1250 },
  // A reply under the status (in_reply_to_id), counted as a status.
  mastodon: {},
  // Local posts take no comments.
  googleBusiness: {},
  // Pinterest takes no first comment through the API (no comment-create endpoint in API v5).
  pinterest: {},
};

/** How a network counts a first comment, and the most it takes (its own rule, else the post's rule with its own limit). */
export function firstCommentRule(platform: Platform): TextRule {
  const { text } = capabilities[platform];
  const rule = commentRules[platform];
  return rule.text ?? { ...text, max: rule.max ?? text.max };
}

/** Whether a connection's granted scopes lack what the network's comment call needs (false where it needs none). */
export function firstCommentScopeMissing(platform: Platform, grantedScopes: readonly string[] | null | undefined): boolean {
  const { scope } = commentRules[platform];
  return scope !== undefined && !(grantedScopes ?? []).includes(scope);
}
