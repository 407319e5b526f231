import * as z from '../zod';

/**
 * Approvals: in a workspace whose approval rule names the caller (shared/api/authorization.ts
 * postDecision), a post is submitted instead of published or scheduled, and someone who may
 * approve decides it (docs/publishing.md "Approvals").
 *
 * - `pending`: waiting for an approver;
 * - `changes_requested`: an approver asked its author for changes (the author edits and resubmits);
 * - `approved`: it publishes (now: at once; scheduled: at its time);
 * - `rejected`: an approver refused it; it is cancelled;
 * - `expired`: its time came while it still waited; it was not published.
 */
export const approvalStates = ['pending', 'changes_requested', 'approved', 'rejected', 'expired'] as const;
export type ApprovalState = (typeof approvalStates)[number];

/** The states in which a post still waits for a decision (an approver's, or its author's changes). */
export const waitingApprovalStates = ['pending', 'changes_requested'] as const satisfies readonly ApprovalState[];

export const approvalSchema = z.object({
  state: z.enum(approvalStates),
  submittedBy: z.string(),
  submittedByEmail: z.string(),
  submittedAt: z.string(),
  /** Who decided last (approved, asked for changes, rejected), when, and what they said. */
  decidedByEmail: z.string().nullable(),
  decidedAt: z.string().nullable(),
  note: z.string().nullable(),
  /** Submitted to publish at once (a draft until approved) or at its scheduled time. */
  publishes: z.enum(['now', 'scheduled']),
});
export type Approval = z.infer<typeof approvalSchema>;

/** The words an approver adds to a decision: optional to approve or reject, required to ask for changes. */
export const approvalDecisionSchema = z.object({
  comment: z.string().trim().max(1000, 'A comment can be at most 1,000 characters.').optional(),
});
export type ApprovalDecision = z.infer<typeof approvalDecisionSchema>;

/** At most this many comments on one post (they are kept in the post). */
export const MAX_POST_COMMENTS = 100;
export const COMMENT_MAX_LENGTH = 1000;

export const postCommentSchema = z.object({
  commentId: z.string(),
  authorEmail: z.string(),
  text: z.string(),
  /** The members the comment names with @ and their e-mail (each was notified). */
  mentions: z.array(z.string()),
  /** What the comment came with: a request for changes or a rejection (null: a plain comment). */
  decision: z.enum(['approved', 'changes_requested', 'rejected']).nullable(),
  createdAt: z.string(),
});
export type PostComment = z.infer<typeof postCommentSchema>;

export const postCommentListSchema = z.object({ comments: z.array(postCommentSchema) });
export type PostCommentList = z.infer<typeof postCommentListSchema>;

export const addCommentSchema = z.object({
  text: z.string().trim().min(1, 'Write a comment.').max(COMMENT_MAX_LENGTH, `A comment can be at most ${COMMENT_MAX_LENGTH.toLocaleString('en')} characters.`),
});

/** `@name@example.com` in a comment: the addresses it names (lower-cased, each once). */
export function mentionedEmails(text: string): string[] {
  const found = text.match(/(?<![\w.+-])@[\w.+-]+@[\w-]+(?:\.[\w-]+)+/g) ?? [];
  return [...new Set(found.map((mention) => mention.slice(1).toLowerCase().replace(/\.+$/, '')))];
}
