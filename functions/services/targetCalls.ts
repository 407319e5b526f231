import type { TokenSet } from '../platforms/adapter';
import { OutcomeUnknown } from '../platforms/createOnce';
import { AuthExpired, RateLimited, Rejected } from '../platforms/errors';
import type { CreateCall, PublishProgress, PublishRequest } from '../platforms/publisher';
import type { PostItem, PostStore } from './postStore';

/**
 * What the engine's calls to a platform for one target share: the post's own step, each post of
 * a thread after the first, and the first comment (docs/publishing.md).
 */

/**
 * The target's progress as a platform call moves it: saved by the publisher (`saveProgress`) or
 * recorded with an armed create (`createOnce`); `current` is the latest either way, for the next
 * call or a second try to go on from.
 */
export function trackProgress(posts: PostStore, post: PostItem, targetId: string, initial: PublishProgress, createOnce: PublishRequest['createOnce']) {
  const tracked = {
    current: initial,
    saveProgress: async (saved: PublishProgress): Promise<void> => {
      await posts.updateTarget(post, targetId, { progress: saved });
      tracked.current = saved;
    },
    createOnce: async <T>(call: CreateCall<T>): Promise<T> => {
      const made = await createOnce(call);
      tracked.current = call.progress;
      return made;
    },
  };
  return tracked;
}

/**
 * A call with the tokens it has; when the platform refused them before their stored expiry, one
 * refresh (`refresh` answers undefined when it cannot) and one more try. Answers the result and
 * the tokens that got it; a second refusal, or one that cannot be refreshed, is thrown.
 */
export async function withOneRefresh<T>(
  tokens: TokenSet,
  refresh: (refused: TokenSet) => Promise<TokenSet | undefined>,
  call: (tokens: TokenSet) => Promise<T>,
): Promise<{ value: T; tokens: TokenSet }> {
  try {
    return { value: await call(tokens), tokens };
  } catch (error) {
    if (!(error instanceof AuthExpired)) throw error;
    const refreshed = await refresh(tokens);
    if (!refreshed) throw error;
    return { value: await call(refreshed), tokens: refreshed };
  }
}

/**
 * Why a call after the post (a thread's post, the first comment) did not go, in words after
 * `what` ("The first comment was not posted"), when the platform's answer is final; an unknown
 * outcome keeps its own words (they say to check the account). Undefined for what should be
 * thrown instead (Retryable for the state machine, a store error).
 */
export function followUpRefusal(error: unknown, what: string, platformName: string): string | undefined {
  if (error instanceof OutcomeUnknown) return error.message;
  if (error instanceof AuthExpired) return `${what}: reconnect your ${platformName} account (${error.message}).`;
  if (error instanceof RateLimited) return `${what}: ${platformName} asked us to wait (${error.message}).`;
  if (error instanceof Rejected) return `${what}: ${error.message}`;
  return undefined;
}
