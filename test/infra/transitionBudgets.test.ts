import { describe, expect, it } from 'vitest';
import { platforms, type Platform } from '../../shared/platforms';
import { transitionBudgets, type TransitionShape } from '../budgets';
import { runPublishPost } from '../support/publishMachines';

/**
 * State transitions per post, by shape (issue 28): Step Functions bills the outer (Standard)
 * machine per state entered, retries included; the follow-ups (Express) by duration. Each target
 * answers as the sandbox does by default: the upload (start) leaves the media processing, one
 * status check still finds it processing, the next finds it ready, then the create-post call.
 * Threads, first comments and carousels are posted within those steps, so they cost no state.
 */
type Script = Array<Record<string, unknown>>;
const processingThenPublished: Script = [
  { state: 'processing', waitSeconds: 5 },
  { state: 'processing', waitSeconds: 5 },
  { state: 'ready' },
  { state: 'published' },
];

function scripted(scripts: Record<string, Script>) {
  const next = new Map<string, number>();
  return (payload: Record<string, unknown>) => {
    const targetId = String(payload['targetId']);
    const index = next.get(targetId) ?? 0;
    next.set(targetId, index + 1);
    const outcome = scripts[targetId]?.[index];
    if (!outcome) throw new Error(`target ${targetId} has no step ${index + 1} scripted`);
    return outcome;
  };
}

async function transitionsOf(shape: { platforms: Platform[]; scheduledFor?: string; script?: Script; input?: Record<string, unknown> }) {
  const targets = shape.platforms.map((platform, index) => ({ targetId: `t${index}`, platform, waitUntil: shape.scheduledFor ?? '2020-01-01T00:00:00Z' }));
  const scripts = Object.fromEntries(targets.map((target) => [target.targetId, shape.script ?? processingThenPublished]));
  const run = await runPublishPost(
    { Step: scripted(scripts), Finalize: () => ({ status: 'published' }) },
    { userId: 'u', postId: 'p', execution: 'e', targets, ...(shape.scheduledFor ? { scheduledFor: shape.scheduledFor } : {}), ...shape.input },
  );
  expect(run.outcome).toBe('succeeded');
  expect(run.invocations.filter((invocation) => invocation.state === 'Step')).toHaveLength(targets.length * (shape.script ?? processingThenPublished).length);
  return run;
}

const five: Platform[] = ['youtube', 'tiktok', 'instagram', 'x', 'linkedin'];
const shapes: Record<TransitionShape, Parameters<typeof transitionsOf>[0]> = {
  oneTarget: { platforms: ['x'] },
  fiveTargets: { platforms: five },
  everyPlatform: { platforms: [...platforms] },
  // The thread's replies and the first comment go out inside the publish step.
  thread: { platforms: ['x'] },
  // The children's containers are checked in the same status steps: more checks, no more states.
  carousel: { platforms: ['instagram'], script: [{ state: 'processing', waitSeconds: 5 }, ...Array.from({ length: 4 }, () => ({ state: 'processing', waitSeconds: 5 })), { state: 'ready' }, { state: 'published' }] },
  scheduledFiveTargets: { platforms: five, scheduledFor: '2020-01-01T00:00:00Z' },
  // Rate limited once at the create-post call: the outer machine waits until the reset, then the follow-up resumes.
  rateLimitedOnce: { platforms: ['x'], script: [{ state: 'processing', waitSeconds: 5 }, { state: 'ready' }, { state: 'rate_limited', waitUntil: '2020-01-01T00:00:00Z', action: 'publish' }, { state: 'published' }] },
};

/** The shapes over their budget, each in words (empty: all within). */
function overruns(counts: Record<TransitionShape, number>, budgets: typeof transitionBudgets): string[] {
  return (Object.keys(counts) as TransitionShape[])
    .filter((shape) => counts[shape] > budgets[shape].transitions)
    .map((shape) => `${shape}: ${counts[shape]} transitions, over its budget of ${budgets[shape].transitions} (${budgets[shape].why})`);
}

describe('state transitions per post stay within their budgets (test/budgets.ts)', () => {
  const counts = {} as Record<TransitionShape, number>;
  for (const [shape, definition] of Object.entries(shapes) as Array<[TransitionShape, Parameters<typeof transitionsOf>[0]]>) {
    it(`${shape}: at most ${transitionBudgets[shape].transitions}`, async () => {
      counts[shape] = (await transitionsOf(definition)).transitions;
      expect(overruns({ [shape]: counts[shape] } as Record<TransitionShape, number>, transitionBudgets)).toEqual([]);
    });
  }

  it('fails, naming the shape and its count, when a budget is lowered below it', async () => {
    const count = (await transitionsOf(shapes.fiveTargets)).transitions;
    const lowered = { ...transitionBudgets, fiveTargets: { ...transitionBudgets.fiveTargets, transitions: count - 1 } };
    expect(overruns({ fiveTargets: count } as Record<TransitionShape, number>, lowered)).toEqual([
      `fiveTargets: ${count} transitions, over its budget of ${count - 1} (${transitionBudgets.fiveTargets.why})`,
    ]);
  });

  it('waits for processing inside the follow-ups (Express), not in the billed machine', async () => {
    const { followUps, transitions } = await transitionsOf({ platforms: ['youtube'], script: [{ state: 'processing', waitSeconds: 5 }, ...Array.from({ length: 20 }, () => ({ state: 'processing', waitSeconds: 5 })), { state: 'ready' }, { state: 'published' }] });
    expect(followUps).toBe(1);
    expect(transitions).toBe(transitionBudgets.oneTarget.transitions);
  });

  it('a status check that would come after the follow-up\'s slice is waited for by the outer machine, then followed up again', async () => {
    const { followUps, invocations } = await transitionsOf({
      platforms: ['youtube'],
      script: [{ state: 'processing', waitSeconds: 5 }, { state: 'later', waitUntil: '2020-01-01T00:00:00Z', action: 'status' }, { state: 'ready' }, { state: 'published' }],
    });
    expect(followUps).toBe(2);
    expect(invocations.filter((invocation) => invocation.state === 'Step').map((invocation) => invocation.payload['action'])).toEqual(['start', 'status', 'status', 'publish']);
  });
});
