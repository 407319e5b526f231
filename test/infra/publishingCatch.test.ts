import { describe, expect, it } from 'vitest';
import { StateMachine } from 'aws-local-stepfunctions';
import '../../infra/local/stepfunctions'; // Promise.withResolvers on Node 20, as the twin runs it.
import { FINALIZE_PLACEHOLDER, FINISH_STATE, publishPostDefinition } from '../../infra/publishing/definition';

type Invocation = { state: string; payload: Record<string, unknown> };
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
async function run(behaviours: Partial<Record<'Step' | 'Record failure' | 'Finalize' | typeof FINISH_STATE, Behaviour>>) {
  const definition = JSON.parse(JSON.stringify(publishPostDefinition()).replaceAll(`\${${FINALIZE_PLACEHOLDER}}`, 'finalize'));
  const machine = new StateMachine(definition);
  const invocations: Invocation[] = [];
  const handler = (state: keyof typeof behaviours) => async (input: unknown) => {
    const payload = (input as { Payload: Record<string, unknown> }).Payload;
    invocations.push({ state, payload });
    const behaviour = behaviours[state] ?? (() => ({ state: 'published', status: 'published' }));
    return { Payload: behaviour(payload), StatusCode: 200 } as never;
  };
  const zero = { Step: 0, 'Record failure': 0, Finalize: 0, [FINISH_STATE]: 0 };
  const execution = machine.run(
    { userId: 'u', postId: 'p', execution: 'e', targets: [{ targetId: 't1', functionName: 'publisher', waitUntil: '2020-01-01T00:00:00Z' }] },
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
