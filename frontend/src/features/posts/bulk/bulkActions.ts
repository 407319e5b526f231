import type { Post } from '../../../../../shared/api/posts';
import type { RouteId } from '../../../../../shared/api/routes';

/**
 * Bulk actions on selected posts (issue 31, item 5): each post is handled once, by one request of
 * its own with its own Idempotency-Key (kept for the whole run, so a request sent again after a
 * lost answer changes nothing twice), and each post's outcome is reported in words. The server
 * decides every request by the one rule table, as for a single post.
 */
export type BulkAction = { kind: 'reschedule'; offsetMinutes: number } | { kind: 'queue' } | { kind: 'duplicate' } | { kind: 'delete' } | { kind: 'submit' };

/** The route each action calls per post (its rule in shared/api/authorization.ts decides who may). */
export const bulkRoutes: Record<BulkAction['kind'], RouteId> = {
  reschedule: 'reschedulePost',
  // A draft goes to its accounts' next free slots: publishDraft with `queue` (docs/queue.md).
  queue: 'publishDraft',
  duplicate: 'duplicatePost',
  delete: 'deletePost',
  submit: 'publishDraft',
};

export type NotApplicable = 'notScheduled' | 'noTime' | 'notDraft';

/** Why the action does not apply to this post (checked before any request), or undefined. */
export function notApplicable(action: BulkAction, post: Post): NotApplicable | undefined {
  if (action.kind === 'reschedule') {
    if (post.status !== 'scheduled') return 'notScheduled';
    if (!post.scheduledFor) return 'noTime';
  }
  if ((action.kind === 'submit' || action.kind === 'queue') && post.status !== 'draft') return 'notDraft';
  return undefined;
}

/** The post's new time, `offsetMinutes` from its own (ISO, UTC). */
export function shiftedTime(scheduledFor: string, offsetMinutes: number): string {
  return new Date(new Date(scheduledFor).getTime() + offsetMinutes * 60_000).toISOString();
}

/** A draft as the body that submits it (publishDraft): its own text, accounts and files. */
export function draftSubmission(post: Post) {
  return {
    description: post.description,
    ...(post.title ? { title: post.title } : {}),
    ...(post.texts ? { texts: post.texts } : {}),
    ...(post.threads ? { threads: post.threads } : {}),
    ...(post.firstComment ? { firstComment: post.firstComment } : {}),
    targets: post.targets.map((target) => ({ platform: target.platform, accountId: target.accountId, ...(target.options ? { options: target.options } : {}) })),
    media: post.media.map((media) => ({ key: media.key, ...(media.altText ? { altText: media.altText } : {}) })),
  };
}

export type BulkOutcome = { postId: string; ok: true } | { postId: string; ok: false; reason: string } | { postId: string; ok: false; notApplicable: NotApplicable };

/**
 * Runs the action on each post, one after another (a workspace's limits and the platforms'
 * order stay as for single posts), and answers every post's outcome: done, not applicable, or
 * refused with the server's words. `perform` sends the post's one request with its key.
 */
export async function runBulk(
  posts: readonly Post[],
  action: BulkAction,
  perform: (post: Post, idempotencyKey: string) => Promise<unknown>,
  options: { newKey: () => string; onProgress?: (done: number) => void },
): Promise<BulkOutcome[]> {
  const keys = new Map(posts.map((post) => [post.postId, options.newKey()]));
  const outcomes: BulkOutcome[] = [];
  const handled = new Set<string>();
  for (const post of posts) {
    if (handled.has(post.postId)) continue;
    handled.add(post.postId);
    const reason = notApplicable(action, post);
    if (reason) {
      outcomes.push({ postId: post.postId, ok: false, notApplicable: reason });
    } else {
      try {
        await perform(post, keys.get(post.postId)!);
        outcomes.push({ postId: post.postId, ok: true });
      } catch (error) {
        outcomes.push({ postId: post.postId, ok: false, reason: error instanceof Error ? error.message : String(error) });
      }
    }
    options.onProgress?.(outcomes.length);
  }
  return outcomes;
}
