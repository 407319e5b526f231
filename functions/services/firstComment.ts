import { capabilities, platformNames } from '../../shared/platforms';
import type { FirstCommentResult } from '../../shared/api/posts';
import type { Clock } from '../clock';
import type { TokenSet } from '../platforms/adapter';
import { checkYourAccount, createOnceWith } from '../platforms/createOnce';
import type { PlatformPublisher, PublishProgress } from '../platforms/publisher';
import { writeIf } from './conditionalWrite';
import type { PostItem, PostStore, TargetItem } from './postStore';
import { followUpRefusal, trackProgress, withOneRefresh } from './targetCalls';

/**
 * The first comment under a published post (docs/publishing.md, "First comment"). It is tried
 * once the post is live and recorded, so nothing that happens to the comment can undo or repeat
 * the post: the target ends `published` either way, with the comment's link or, in words, why it
 * was not posted. Its create call has its own exactly-once guard (`commentArmedAt`); a transient
 * failure is thrown for the state machine to retry the step, which finds the post recorded and
 * comes back here.
 */

/** Whether this target's network gets the post's first comment. */
export function wantsFirstComment(post: Pick<PostItem, 'firstComment'>, target: Pick<TargetItem, 'platform' | 'firstComment'>, publisher: PlatformPublisher): boolean {
  return Boolean(post.firstComment && !target.firstComment && capabilities[target.platform].firstComment && publisher.firstComment);
}

/** The result for a target whose comment step never finished (its retries ran out, or the post's deadline passed). */
export function unfinishedComment(target: Pick<TargetItem, 'platform' | 'commentArmedAt'>, reason: string): FirstCommentResult {
  const name = platformNames[target.platform];
  return {
    status: 'failed',
    url: null,
    error: target.commentArmedAt ? checkYourAccount(name, 'the first comment', `the last attempt ended without an answer: ${reason}`) : `The first comment was not posted: ${reason}`,
  };
}

export interface FirstCommentDeps {
  posts: PostStore;
  clock: Clock;
}

export function createFirstComments({ posts, clock }: FirstCommentDeps) {
  return {
    /**
     * Posts the comment under the recorded post; answers how it went. Throws only what the state
     * machine should retry (Retryable) or what is not the platform's (a store error).
     */
    async post(
      post: PostItem,
      target: TargetItem,
      publisher: PlatformPublisher,
      context: {
        account: { platformUserId: string; username?: string };
        tokens: TokenSet;
        progress: PublishProgress;
        platformPostId: string;
        postUrl: string;
        /** The thread's first post, when the comment goes under a thread's last post. */
        root?: { platformPostId: string; postUrl: string } | undefined;
        /** One refresh after the platform refused a token early (the engine's rule); undefined when it cannot. */
        refreshAfterRefusal(tokens: TokenSet): Promise<TokenSet | undefined>;
      },
    ): Promise<{ result: FirstCommentResult; progress: PublishProgress }> {
      const name = platformNames[target.platform];
      const progress = trackProgress(
        posts,
        post,
        target.targetId,
        context.progress,
        createOnceWith(
          {
            arm: (armedProgress) =>
              writeIf(
                posts.updateTarget(post, target.targetId, { commentArmedAt: clock.now().toISOString(), progress: armedProgress }, {
                  condition: 'attribute_exists(#targets.#target) AND attribute_not_exists(#targets.#target.commentArmedAt)',
                }),
              ),
            disarm: () => posts.disarmPublish(post, target.targetId, 'commentArmedAt'),
          },
          name,
        ),
      );
      try {
        const { value: made } = await withOneRefresh(context.tokens, context.refreshAfterRefusal, (tokens) =>
          publisher.firstComment!({
            text: post.firstComment!,
            post: { platformPostId: context.platformPostId, postUrl: context.postUrl },
            ...(context.root && context.root.platformPostId !== context.platformPostId ? { root: context.root } : {}),
            account: context.account,
            tokens,
            progress: progress.current,
            saveProgress: progress.saveProgress,
            createOnce: progress.createOnce,
          }),
        );
        return { result: { status: 'published', url: made.url, error: null }, progress: made.progress };
      } catch (error) {
        const refusal = followUpRefusal(error, 'The first comment was not posted', name);
        if (refusal === undefined) throw error;
        return { result: { status: 'failed', url: null, error: refusal }, progress: progress.current };
      }
    },
  };
}

export type FirstComments = ReturnType<typeof createFirstComments>;
