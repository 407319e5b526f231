import { PlatformError, Rejected, Retryable } from './errors';
import type { CreateCall, PublishProgress } from './publisher';

/**
 * The exactly-once rule for every call that creates something a person sees on a platform
 * (docs/publishing.md, "Never twice"). Before the call the target is armed, with every id the
 * platform has given so far, in one conditional write. An attempt that finds it armed (the
 * earlier one timed out after sending, its answer was lost, or its Lambda died) asks the
 * platform first; if the platform says nothing was made, sending again is safe; if it cannot
 * tell, the target fails with "check your account". A look-up that itself fails (any status, a
 * malformed answer, a refused token, a bug) cannot tell either, in our words, never the
 * platform's; one that got no answer (a timeout, a 5xx) is tried again by the state machine, and
 * when its tries run out the armed target ends "check your account" too. A call the platform
 * answered with an error made nothing: it is disarmed so the next attempt sends normally.
 */

export interface CreateIntent {
  /** Records the intent with the progress so far; false when an earlier attempt already armed it. */
  arm(progress: PublishProgress): Promise<boolean>;
  /** The platform answered the armed call with an error: nothing was created. */
  disarm(): Promise<void>;
}

/** What a reconcile throws when the platform cannot tell whether it acted (`reason`: why not). */
export class CannotTell extends Rejected {}

/**
 * The target ends with this when the platform could not tell whether the create call acted: the
 * user checks their account and may choose "It was not published — publish again".
 */
export class OutcomeUnknown extends Rejected {}

/** The words a target ends with when the platform cannot tell whether it acted. */
export function checkYourAccount(platformName: string, what: string, reason: string): string {
  return `${platformName} cannot tell whether ${what} was created (${reason}): check your ${platformName} account before publishing again.`;
}

/** Whether an error means the platform answered (so it did not act), rather than "no answer came". */
export function platformAnswered(error: unknown): boolean {
  return error instanceof PlatformError && !(error instanceof Retryable && error.outcomeUnknown);
}

/**
 * What a failed look-up after a lost answer becomes: a reason the reconcile gave in words
 * (CannotTell) or a plain "cannot tell"; no answer at all (Retryable) stays Retryable, for one
 * more look-up, with our words in place of whatever the platform sent.
 */
function lookUpFailure(error: unknown, platformName: string, what: string): Error {
  if (error instanceof CannotTell) return new OutcomeUnknown(checkYourAccount(platformName, what, error.message));
  if (error instanceof Retryable) return new Retryable(`${platformName} did not answer whether ${what} was created`, true);
  return new OutcomeUnknown(checkYourAccount(platformName, what, `asking ${platformName} whether it was created failed`));
}

export function createOnceWith(intent: CreateIntent, platformName: string) {
  return async function createOnce<T>(call: CreateCall<T>): Promise<T> {
    const armed = await intent.arm(call.progress);
    if (!armed) {
      let found: T | undefined;
      try {
        found = await call.reconcile();
      } catch (error) {
        throw lookUpFailure(error, platformName, call.what);
      }
      if (found !== undefined) return found;
    }
    try {
      return await call.send();
    } catch (error) {
      // An answer that cannot tell (made, but not said what) keeps the intent armed.
      if (error instanceof CannotTell) throw new OutcomeUnknown(checkYourAccount(platformName, call.what, error.message));
      if (platformAnswered(error)) await intent.disarm();
      throw error;
    }
  };
}

/** For code that runs a publisher outside the engine (unit tests of one publisher): no guard. */
export const sendDirectly = <T>(call: CreateCall<T>): Promise<T> => call.send();
