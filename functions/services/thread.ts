import { platformNames } from '../../shared/platforms';
import { threadFor } from '../../shared/platformRules';
import type { FirstCommentResult, ThreadResult } from '../../shared/api/posts';
import type { Clock } from '../clock';
import type { TokenSet } from '../platforms/adapter';
import { checkYourAccount, createOnceWith } from '../platforms/createOnce';
import type { PlatformPublisher, PublishProgress } from '../platforms/publisher';
import { writeIf } from './conditionalWrite';
import { unfinishedComment } from './firstComment';
import type { PostItem, PostStore, TargetItem } from './postStore';
import { followUpRefusal, trackProgress, withOneRefresh } from './targetCalls';

/**
 * The rest of a thread after its first post (docs/publishing.md, "Threads"). The first post is
 * the target's post, published and recorded as any other; each further post is a reply to the
 * one before, tried in order, each under the exactly-once rule with its own armed mark
 * (`threadArmedPart`: the number of the post armed last). Nothing that happens to a reply undoes
 * or repeats the posts before it: the target ends `published` either way, with the thread's
 * result saying how many of its posts are live and, in words, why the rest are not. A transient
 * failure is thrown for the state machine to retry the step, which finds the posts made so far
 * in the target's progress and goes on from the next.
 */

/** The thread's posts when this target goes as a thread its publisher posts and it was not tried yet. */
export function wantsThread(post: Pick<PostItem, 'threads'>, target: Pick<TargetItem, 'platform' | 'thread'>, publisher: PlatformPublisher): string[] | undefined {
  if (target.thread || !publisher.threadPart) return undefined;
  return threadFor(post, target.platform);
}

/** What a published target that never finished its follow-ups (its retries ran out, or the deadline passed) ends with. */
export function unfinishedFollowUps(
  post: Pick<PostItem, 'threads' | 'firstComment'>,
  target: Pick<TargetItem, 'platform' | 'thread' | 'threadPosted' | 'threadArmedPart' | 'firstComment' | 'commentArmedAt'>,
  reason: string,
): { thread?: ThreadResult; firstComment?: FirstCommentResult } {
  const parts = target.thread ? undefined : threadFor(post, target.platform);
  const thread = parts ? unfinishedThread(target, parts.length, reason) : target.thread;
  const comment = post.firstComment && !target.firstComment ? (thread?.status === 'failed' ? threadStoppedComment : unfinishedComment(target, reason)) : undefined;
  return { ...(parts ? { thread } : {}), ...(comment ? { firstComment: comment } : {}) };
}

/** The first comment goes under the thread's last post: a thread that stopped gets none. */
export const threadStoppedComment: FirstCommentResult = { status: 'failed', url: null, error: 'The first comment was not posted: the thread did not finish.' };

function unfinishedThread(target: Pick<TargetItem, 'platform' | 'threadPosted' | 'threadArmedPart'>, of: number, reason: string): ThreadResult {
  const name = platformNames[target.platform];
  const posted = target.threadPosted ?? 1;
  const armed = target.threadArmedPart ?? 0;
  const error =
    armed > posted
      ? checkYourAccount(name, `post ${armed} of the thread`, `the last attempt ended without an answer: ${reason}`)
      : `Post ${posted + 1} of ${of} of the thread was not posted: ${reason}`;
  return { status: 'failed', posted, of, url: null, error: `${error} ${livePosts(posted, of)}` };
}

/** "Posts 1–3 of 5 are live." */
const livePosts = (posted: number, of: number) => (posted === 1 ? `Post 1 of ${of} is live.` : `Posts 1–${posted} of ${of} are live.`);

export interface ThreadDeps {
  posts: PostStore;
  clock: Clock;
}

export function createThreads({ posts }: ThreadDeps) {
  return {
    /**
     * Posts the thread's posts after the first, in order; answers how it went and the last post
     * made (where the first comment goes). Throws only what the state machine should retry
     * (Retryable) or what is not the platform's (a store error).
     */
    async post(
      post: PostItem,
      target: TargetItem,
      publisher: PlatformPublisher,
      parts: string[],
      context: {
        account: { platformUserId: string; username?: string };
        tokens: TokenSet;
        progress: PublishProgress;
        platformPostId: string;
        postUrl: string;
        refreshAfterRefusal(tokens: TokenSet): Promise<TokenSet | undefined>;
      },
    ): Promise<{ result: ThreadResult; progress: PublishProgress; last: { platformPostId: string; postUrl: string } }> {
      const name = platformNames[target.platform];
      const root = { platformPostId: context.platformPostId, postUrl: context.postUrl };
      let last = root;
      let progress = context.progress;
      let tokens = context.tokens;
      for (let part = 2; part <= parts.length; part += 1) {
        const tracked = trackProgress(
          posts,
          post,
          target.targetId,
          progress,
          createOnceWith(
            {
              arm: (armedProgress) =>
                writeIf(
                  posts.updateTarget(post, target.targetId, { threadArmedPart: part, progress: armedProgress }, {
                    condition: 'attribute_exists(#targets.#target) AND (attribute_not_exists(#targets.#target.threadArmedPart) OR #targets.#target.threadArmedPart < :part)',
                    values: { ':part': part },
                  }),
                ),
              disarm: () => posts.updateTarget(post, target.targetId, { threadArmedPart: part - 1 }),
            },
            name,
          ),
        );
        try {
          const made = await withOneRefresh(tokens, context.refreshAfterRefusal, (withTokens) =>
            publisher.threadPart!({
              text: parts[part - 1]!,
              part,
              root,
              post: last,
              account: context.account,
              tokens: withTokens,
              progress: tracked.current,
              saveProgress: tracked.saveProgress,
              createOnce: tracked.createOnce,
            }),
          );
          tokens = made.tokens;
          progress = made.value.progress;
          last = { platformPostId: made.value.commentId, postUrl: made.value.url };
          // Saved per post: a retry goes on from the next one without asking the platform.
          await posts.updateTarget(post, target.targetId, { progress, threadPosted: part });
        } catch (error) {
          const refusal = followUpRefusal(error, `Post ${part} of ${parts.length} of the thread was not posted`, name);
          if (refusal === undefined) throw error;
          const posted = part - 1;
          return {
            result: { status: 'failed', posted, of: parts.length, url: last.postUrl, error: `${refusal} ${livePosts(posted, parts.length)}` },
            progress: tracked.current,
            last,
          };
        }
      }
      return { result: { status: 'published', posted: parts.length, of: parts.length, url: last.postUrl, error: null }, progress, last };
    },
  };
}

export type Threads = ReturnType<typeof createThreads>;
