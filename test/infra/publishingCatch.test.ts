import { describe, expect, it } from 'vitest';
import { FINISH_STATE } from '../../infra/publishing/definition';
import { platforms } from '../../shared/platforms';
import { Boom, runPublishPost, type Behaviour, type Kind } from '../support/publishMachines';

/** Runs the deployed definitions with stub Lambdas (test/support/publishMachines.ts). */
function run(behaviours: Partial<Record<Kind, Behaviour>>, targets: Array<Record<string, string>> = [{ targetId: 't1', platform: 'youtube', waitUntil: '2020-01-01T00:00:00Z' }]) {
  return runPublishPost(behaviours, { userId: 'u', postId: 'p', execution: 'e', targets });
}

describe('PublishPost when its bookkeeping fails (the deployed definition, stub Lambdas)', () => {
  it('a step that fails for good is recorded as the target failure, then finalized', async () => {
    const { states, outcome } = await run({ Step: () => { throw new Boom('Rejected'); } });
    expect(states).toEqual(['Step', 'Record failure', 'Finalize']);
    expect(outcome).toBe('succeeded');
  });

  it('when Record failure fails too, the target is left to Finalize (which fails what is unfinished)', async () => {
    const { states, outcome } = await run({
      Step: () => { throw new Boom('Rejected'); },
      'Record failure': () => { throw new Boom('ProvisionedThroughputExceededException'); },
    });
    expect(states).toEqual(['Step', 'Record failure', 'Finalize']);
    expect(outcome).toBe('succeeded');
  });

  it('when Finalize fails after its retries, the last step gets the error, fails what is left and notifies', async () => {
    const { invocations, outcome } = await run({ Finalize: () => { throw new Boom('ProvisionedThroughputExceededException'); } });
    const last = invocations.at(-1)!;
    expect(last.state).toBe(FINISH_STATE);
    expect(last.payload).toMatchObject({ userId: 'u', postId: 'p', execution: 'e', error: { Error: 'ProvisionedThroughputExceededException' } });
    expect(outcome).toBe('succeeded');
  });

  it('retries Lambda throttling longer than other errors before giving up', async () => {
    let throttled = 0;
    const { states } = await run({
      Step: () => {
        if (throttled++ < 8) throw new Boom('Lambda.TooManyRequestsException');
        return { state: 'published' };
      },
    });
    expect(states.filter((state) => state === 'Step')).toHaveLength(9);
    expect(states).not.toContain('Record failure');
  });

  it('when even the last step fails, the execution fails (the alarm fires and the reconciler finishes the post)', async () => {
    const { states, outcome } = await run({
      Finalize: () => { throw new Boom('Rejected'); },
      [FINISH_STATE]: () => { throw new Boom('Rejected'); },
    });
    expect(states.at(-1)).toBe(FINISH_STATE);
    expect(outcome).toBe('failed');
  });
});

describe('PublishPost routes each target to its platform\'s function (the input names the platform)', () => {
  it('invokes each target\'s steps and its failure record on that platform\'s function', async () => {
    const targets = platforms.map((platform, index) => ({ targetId: `t${index}`, platform, waitUntil: '2020-01-01T00:00:00Z' }));
    const { invocations, outcome } = await run({ Step: (payload) => (payload['targetId'] === 't0' ? (() => { throw new Boom('Rejected'); })() : { state: 'published' }) }, targets);
    expect(outcome).toBe('succeeded');
    for (const [index, platform] of platforms.entries()) {
      const mine = invocations.filter((invocation) => invocation.payload['targetId'] === `t${index}`);
      expect(mine.length, platform).toBeGreaterThan(0);
      expect(new Set(mine.map((invocation) => invocation.functionName)), platform).toEqual(new Set([`publish-${platform}`]));
    }
    expect(invocations.filter((invocation) => invocation.state === 'Record failure').map((invocation) => invocation.functionName)).toEqual([`publish-${platforms[0]}`]);
    expect(invocations.find((invocation) => invocation.state === 'Finalize')!.functionName).toBe('finalize');
  });

  it('finishes the post with the reason when a target names no platform it knows (its function does not exist)', async () => {
    const missing = () => {
      throw new Boom('Lambda.ResourceNotFoundException');
    };
    const { invocations, outcome } = await run({ Step: missing, 'Record failure': missing }, [{ targetId: 't1', platform: 'myspace', waitUntil: '2020-01-01T00:00:00Z' }]);
    expect(invocations.map((invocation) => [invocation.state, invocation.functionName])).toEqual([
      ['Step', 'publish-myspace'],
      ['Record failure', 'publish-myspace'],
      ['Finalize', 'finalize'],
    ]);
    expect(outcome).toBe('succeeded');
  });

  it('starts a follow-up again when Step Functions refused its start or it ran past its five minutes, then publishes once', async () => {
    const targets = [{ targetId: 't1', platform: 'youtube', waitUntil: '2020-01-01T00:00:00Z' }];
    const steps = ['processing', 'ready', 'published'];
    let step = 0;
    const { invocations, followUps, outcome } = await runPublishPost(
      { Step: () => (steps[step++] === 'processing' ? { state: 'processing', waitSeconds: 5 } : { state: steps[step - 1] }) },
      { userId: 'u', postId: 'p', execution: 'e', targets },
      ['StepFunctions.ExecutionLimitExceeded', 'States.Timeout'],
    );
    expect(outcome).toBe('succeeded');
    expect(followUps).toBe(3);
    expect(invocations.map((invocation) => invocation.state)).toEqual(['Step', 'Step', 'Step', 'Finalize']);
  });

  it('records the target failed when its follow-up cannot be started after the retries', async () => {
    const { states, outcome } = await runPublishPost(
      { Step: () => ({ state: 'processing', waitSeconds: 5 }) },
      { userId: 'u', postId: 'p', execution: 'e', targets: [{ targetId: 't1', platform: 'x', waitUntil: '2020-01-01T00:00:00Z' }] },
      Array.from({ length: 4 }, () => 'StepFunctions.ExecutionLimitExceeded'),
    );
    expect(states).toEqual(['Step', 'Record failure', 'Finalize']);
    expect(outcome).toBe('succeeded');
  });
});
