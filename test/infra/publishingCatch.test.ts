import { describe, expect, it } from 'vitest';
import { StateMachine } from 'aws-local-stepfunctions';
import '../../infra/local/stepfunctions'; // Promise.withResolvers on Node 20, as the twin runs it.
import { FINALIZE_PLACEHOLDER, FINISH_STATE, publishFunctionPlaceholder, publishPostDefinition, substituted } from '../../infra/publishing/definition';
import { platforms } from '../../shared/platforms';

type Invocation = { state: string; functionName: string; payload: Record<string, unknown> };
type Behaviour = (payload: Record<string, unknown>) => unknown;

class Boom extends Error {
  constructor(name: string) {
    super(`${name} failed for good`);
    this.name = name;
  }
}

/**
 * Runs the deployed definition (no twin: the Lambdas are stubs) and records which states invoked
 * what, with every retry pause at 0 ms.
 */
async function run(
  behaviours: Partial<Record<'Step' | 'Record failure' | 'Finalize' | typeof FINISH_STATE, Behaviour>>,
  targets: Array<Record<string, string>> = [{ targetId: 't1', platform: 'youtube', waitUntil: '2020-01-01T00:00:00Z' }],
) {
  // As the stack substitutes them: finalize, and each platform's own publish function.
  const definition = substituted<ConstructorParameters<typeof StateMachine>[0]>(publishPostDefinition(), {
    [FINALIZE_PLACEHOLDER]: 'finalize',
    ...Object.fromEntries(platforms.map((platform) => [publishFunctionPlaceholder(platform), `publish-${platform}`])),
  });
  const machine = new StateMachine(definition);
  const invocations: Invocation[] = [];
  const handler = (state: keyof typeof behaviours) => async (input: unknown) => {
    const { FunctionName: functionName, Payload: payload } = input as { FunctionName: string; Payload: Record<string, unknown> };
    invocations.push({ state, functionName, payload });
    const behaviour = behaviours[state] ?? (() => ({ state: 'published', status: 'published' }));
    return { Payload: behaviour(payload), StatusCode: 200 } as never;
  };
  const zero = { Step: 0, 'Record failure': 0, Finalize: 0, [FINISH_STATE]: 0 };
  const execution = machine.run(
    { userId: 'u', postId: 'p', execution: 'e', targets },
    {
      overrides: {
        taskResourceLocalHandlers: { Step: handler('Step'), 'Record failure': handler('Record failure'), Finalize: handler('Finalize'), [FINISH_STATE]: handler(FINISH_STATE) },
        retryIntervalOverrides: zero,
      },
    },
  );
  let outcome: 'succeeded' | 'failed' = 'succeeded';
  try {
    await execution.result;
  } catch {
    outcome = 'failed';
  }
  return { invocations, outcome, states: invocations.map((invocation) => invocation.state) };
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

  it('still accepts, for one release, an execution started by the previous release that names the function', async () => {
    const { invocations, outcome } = await run({}, [{ targetId: 't1', functionName: 'old-publisher-name', waitUntil: '2020-01-01T00:00:00Z' }]);
    expect(outcome).toBe('succeeded');
    expect(invocations.filter((invocation) => invocation.state === 'Step').map((invocation) => invocation.functionName)).toEqual(['old-publisher-name']);
  });

  it('finishes the post with the reason when a target names no platform it knows', async () => {
    const { invocations, outcome } = await run({}, [{ targetId: 't1', platform: 'myspace', waitUntil: '2020-01-01T00:00:00Z' }]);
    expect(invocations.map((invocation) => invocation.state)).toEqual([FINISH_STATE]);
    expect(invocations[0]!.payload).toMatchObject({ error: { Error: 'UnknownPlatform', Cause: 'A target names no platform this deployment publishes to.' } });
    expect(outcome).toBe('succeeded');
  });
});
