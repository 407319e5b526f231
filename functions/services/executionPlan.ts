import type { PublishExecutionInput } from './executions';
import type { PostItem, TargetItem } from './postStore';
import { publishingDeadline } from './publishingLimits';

/** The reconciler first looks at a post this long after its execution should have started. */
export const FIRST_LOOK_AFTER_MS = 2 * 60_000;

/** A target that has not ended yet (what an execution still has to do). */
export const isOpen = (target: TargetItem) => target.status !== 'published' && target.status !== 'failed';

/**
 * The execution's input for these targets, each with its platform (the state machine invokes
 * that platform's function: the service knows no function names). Every target waits for the post's time, except a
 * YouTube-native one, which uploads at once (YouTube publishes it at publishAt); then finalize
 * waits for the time. "At once" is the post's creation time (always past), so the same post
 * gives the same input whoever starts it (the API, or the reconciler later).
 */
export function executionInputFor(post: PostItem, targetIds: string[], name: string): PublishExecutionInput {
  const scheduled = post.status === 'scheduled' && post.scheduledFor ? post.scheduledFor : undefined;
  const targets = targetIds.map((targetId) => {
    const target = post.targets[targetId]!;
    return { targetId, platform: target.platform, waitUntil: scheduled && !target.publishAt ? scheduled : post.createdAt };
  });
  const native = Object.values(post.targets).some((target) => target.publishAt);
  return {
    userId: post.userId,
    postId: post.postId,
    execution: name,
    ...(scheduled && targets.every((target) => target.waitUntil === scheduled) ? { scheduledFor: scheduled } : {}),
    ...(scheduled && native ? { publicAt: scheduled } : {}),
    targets,
  };
}

/**
 * What a post records with the execution it waits for, written in the same write that makes the
 * execution current: the name, when the reconciler first looks (has it started?), and the
 * deadline (the post's time, or now, plus the longest legitimate publishing time).
 */
export function executionRecord(post: Pick<PostItem, 'scheduledFor' | 'status'>, targetCount: number, name: string, now: Date) {
  const due = post.status === 'scheduled' && post.scheduledFor && new Date(post.scheduledFor) > now ? new Date(post.scheduledFor) : now;
  return {
    currentExecution: name,
    activeAt: new Date(now.getTime() + FIRST_LOOK_AFTER_MS).toISOString(),
    deadlineAt: publishingDeadline(due, targetCount).toISOString(),
  };
}
