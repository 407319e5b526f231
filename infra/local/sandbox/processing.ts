import type { Platform } from '../../../shared/platforms';

/**
 * How the platform's processing of the next uploaded media ends (setProcessing). Processing
 * advances with status reads, never with time, so tests are deterministic: the first `reads`
 * status reads show the platform's in-progress state, the next one shows the outcome. Each
 * setProcessing call applies to one media item, in order; without one, processing succeeds
 * after the platform's default number of reads.
 *
 *   succeed  the platform's finished state
 *   fail     the platform's failed state; `reason` is the platform's reason
 *   expire   the platform's handle expires before it is used (see each platform's publishing.ts)
 */

export type ProcessingOutcome = 'succeed' | 'fail' | 'expire';

export interface ProcessingInput {
  outcome: ProcessingOutcome;
  /** Status reads that still show "in progress"; default: the platform's (1). */
  reads?: number;
  reason?: string;
  /** Only media created by this sandbox account (tests that run side by side); omitted = anyone's. */
  account?: string;
}

export interface ProcessingPlan {
  outcome: ProcessingOutcome;
  reads: number;
  reason: string | undefined;
}

export interface ProcessingPlans {
  add(platform: Platform, input: ProcessingInput): void;
  /** The plan for the media `account` is creating now: the oldest one that applies, or the default. */
  next(platform: Platform, defaultReads: number, account?: string): ProcessingPlan;
  clear(): void;
}

export function createProcessingPlans(): ProcessingPlans {
  let queued: Array<{ platform: Platform; account: string | undefined; plan: ProcessingPlan }> = [];
  return {
    add(platform, input) {
      if (input.reads !== undefined && (!Number.isInteger(input.reads) || input.reads < 0)) throw new Error('reads must be a non-negative integer');
      queued.push({ platform, account: input.account, plan: { outcome: input.outcome, reads: input.reads ?? -1, reason: input.reason } });
    },
    next(platform, defaultReads, account) {
      const index = queued.findIndex(
        (candidate) => candidate.platform === platform && (candidate.account === undefined || candidate.account === account),
      );
      if (index < 0) return { outcome: 'succeed', reads: defaultReads, reason: undefined };
      const { plan } = queued[index]!;
      queued.splice(index, 1);
      return plan.reads < 0 ? { ...plan, reads: defaultReads } : plan;
    },
    clear() {
      queued = [];
    },
  };
}

/** One media item's processing: counts the status reads. */
export interface Progression {
  readonly plan: ProcessingPlan;
  /** A status read: false while processing shows as in progress, then true for good. */
  read(): boolean;
  /** Whether the outcome has been shown. */
  readonly finished: boolean;
}

export function progression(plan: ProcessingPlan): Progression {
  let remaining = plan.reads;
  let finished = false;
  return {
    plan,
    read() {
      if (remaining > 0) {
        remaining -= 1;
        return false;
      }
      finished = true;
      return true;
    },
    get finished() {
      return finished;
    },
  };
}
