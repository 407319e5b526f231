import { StateMachine } from 'aws-local-stepfunctions';
import '../../infra/local/stepfunctions'; // Promise.withResolvers on Node 20, as the twin runs it.
import {
  FINALIZE_PLACEHOLDER,
  FINISH_STATE,
  FOLLOW_UP_PLACEHOLDER,
  FOLLOW_UP_TASKS,
  followUpDefinition,
  followUpInput,
  PUBLISH_FUNCTION_PREFIX_PLACEHOLDER,
  publishPostDefinition,
  substituted,
} from '../../infra/publishing/definition';

/** What a stubbed Lambda does: the step's (or finalize's) action, by what the machine invoked. */
export type Behaviour = (payload: Record<string, unknown>) => unknown;
/** `Step` is any publish step (start, status, publish), in either machine. */
export type Kind = 'Step' | 'Record failure' | 'Finalize' | typeof FINISH_STATE;
export type Invocation = { state: Kind; functionName: string; payload: Record<string, unknown> };

type Definition = ConstructorParameters<typeof StateMachine>[0];
type Json = Parameters<NonNullable<NonNullable<NonNullable<Parameters<StateMachine['run']>[1]>['overrides']>['taskResourceLocalHandlers']>[string]>[0];

const substitutions = { [FINALIZE_PLACEHOLDER]: 'finalize', [PUBLISH_FUNCTION_PREFIX_PLACEHOLDER]: 'publish-', [FOLLOW_UP_PLACEHOLDER]: 'follow-up' };

/** Thrown by a stub: the error's name is what Retry and Catch match. */
export class Boom extends Error {
  constructor(name: string) {
    super(`${name} failed for good`);
    this.name = name;
  }
}

/**
 * Runs the deployed definitions (no twin: the Lambdas are stubs, every wait and retry pause 0 ms)
 * and records what was invoked, the outer (Standard) machine's billed transitions (states entered
 * and retries) and the follow-ups (Express) it started.
 */
export async function runPublishPost(
  behaviours: Partial<Record<Kind, Behaviour>>,
  input: Record<string, unknown>,
  /** Errors the follow-up integration raises, one per start, before follow-ups run (Step Functions refusing a start, a follow-up timing out). */
  followUpErrors: string[] = [],
) {
  const outer = new StateMachine(substituted<Definition>(publishPostDefinition(), substitutions), { validationOptions: { checkPaths: true, checkArn: true } });
  const inner = new StateMachine(substituted<Definition>(followUpDefinition(), substitutions), { validationOptions: { checkPaths: true, checkArn: true } });
  const invocations: Invocation[] = [];
  const invoke = (kind: Kind) => async (request: Json) => {
    const { FunctionName: functionName, Payload: payload } = request as { FunctionName: string; Payload: Record<string, unknown> };
    const state: Kind = kind === 'Step' && payload['action'] === 'fail' ? 'Record failure' : kind;
    invocations.push({ state, functionName, payload });
    const behaviour = behaviours[state] ?? (() => ({ state: 'published', status: 'published' }));
    return { Payload: behaviour(payload), StatusCode: 200 } as never;
  };
  const zeroWaits = { waitTimeOverrides: { 'Wait until due': 0, 'Wait until public': 0, 'Wait to continue': 0, 'Wait for processing': 0 } };
  let followUps = 0;
  // As the startExecution.sync:2 integration: the Task's Parameters name the machine and its Input.
  const failures = [...followUpErrors];
  const followUp = async (request: Json) => {
    followUps += 1;
    const failure = failures.shift();
    if (failure) throw new Boom(failure);
    const childInput = followUpInput<Json>(request);
    const child = inner.run(childInput as Json, {
      overrides: { taskResourceLocalHandlers: { Step: invoke('Step'), 'Record failure': invoke('Step') }, retryIntervalOverrides: { Step: 0, 'Record failure': 0 }, ...zeroWaits },
      context: { Execution: { Id: `follow-up-${followUps}`, Name: `f${followUps}`, Input: childInput as Json, StartTime: new Date().toISOString() } },
    });
    return { Output: (await child.result) as Json, Status: 'SUCCEEDED' } as never;
  };
  const execution = outer.run(input as Json, {
    overrides: {
      taskResourceLocalHandlers: {
        Start: invoke('Step'),
        ...Object.fromEntries(FOLLOW_UP_TASKS.map((task) => [task, followUp])),
        'Record failure': invoke('Step'),
        Finalize: invoke('Finalize'),
        [FINISH_STATE]: invoke(FINISH_STATE),
      },
      retryIntervalOverrides: { Start: 0, ...Object.fromEntries(FOLLOW_UP_TASKS.map((task) => [task, 0])), 'Record failure': 0, Finalize: 0, [FINISH_STATE]: 0 },
      ...zeroWaits,
    },
    context: { Execution: { Id: 'e', Name: 'e', Input: input as Json, StartTime: new Date().toISOString() } },
  });
  let transitions = 0;
  const counted = (async () => {
    try {
      for await (const event of execution.eventLogs) if (event.type === 'StateEntered' || event.type === 'StateRetried') transitions += 1;
    } catch {
      // A failed execution: the count up to then stands.
    }
  })();
  let outcome: 'succeeded' | 'failed' = 'succeeded';
  try {
    await execution.result;
  } catch {
    outcome = 'failed';
  }
  await counted;
  return { invocations, outcome, states: invocations.map((invocation) => invocation.state), transitions, followUps };
}
