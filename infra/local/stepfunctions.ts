import { createServer, type Server } from 'node:http';
import { pathToFileURL } from 'node:url';
import { resolve } from 'node:path';
import { StateMachine } from 'aws-local-stepfunctions';
import { usage } from './usage';
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
} from '../publishing/definition';
import { publishingFunctions } from '../../functions/handlers/groups';
import { platforms, type Platform } from '../../shared/platforms';
import type { TwinLog } from './log';

// aws-local-stepfunctions uses Promise.withResolvers (Node 22); Node 20 lacks it.
if (!('withResolvers' in Promise)) {
  Object.assign(Promise, {
    withResolvers<T>() {
      let resolvePromise!: (value: T) => void;
      let rejectPromise!: (reason?: unknown) => void;
      const promise = new Promise<T>((res, rej) => {
        resolvePromise = res;
        rejectPromise = rej;
      });
      return { promise, resolve: resolvePromise, reject: rejectPromise };
    },
  });
}

const projectRoot = resolve(import.meta.dirname, '../..');
export const localStateMachineArn = 'arn:aws:states:us-east-1:000000000000:stateMachine:PublishPost';
export const localFinalizeFunction = 'oneclick-finalize-post';
const localPublisherPrefix = 'oneclick-publish-';
export const localPublisherFunction = (platform: Platform) => `${localPublisherPrefix}${platform}`;
export const localFollowUpStateMachineArn = 'arn:aws:states:us-east-1:000000000000:stateMachine:PublishFollowUp';

type Handler = (payload: unknown) => Promise<unknown>;
type JSONValue = Parameters<NonNullable<NonNullable<NonNullable<Parameters<StateMachine['run']>[1]>['overrides']>['taskResourceLocalHandlers']>[string]>[0];

async function loadHandler(entry: string): Promise<Handler> {
  const module = (await import(pathToFileURL(resolve(projectRoot, entry)).href)) as { handler: Handler };
  return module.handler;
}

/** The local stand-ins of the Lambdas the state machine invokes, by function name. */
function localFunctions(): (name: string) => Promise<Handler> {
  const cache = new Map<string, Promise<Handler>>();
  const entryOf = (name: string) => {
    if (name === localFinalizeFunction) return publishingFunctions.finalizePost.entry;
    const platform = platforms.find((candidate) => localPublisherFunction(candidate) === name);
    if (platform) return publishingFunctions.publishStep.entry(platform);
    throw new Error(`No local function ${name}`);
  };
  return (name) => {
    let handler = cache.get(name);
    if (!handler) {
      handler = loadHandler(entryOf(name));
      cache.set(name, handler);
    }
    return handler;
  };
}

/** Somewhat under Node's longest timer (2^31 - 1 ms, about 24.8 days). */
const MAX_LOCAL_WAIT_MS = 20 * 24 * 3600_000;

/** A PublishPost execution's input, as far as the twin reads it: whose post, and when its targets are due. */
interface DueTimes {
  userId?: string;
  scheduledFor?: string;
  targets?: Array<{ waitUntil?: string }>;
}

function dueTimesOf(input: string): { userId?: string; times: number[]; scheduledFor?: number } {
  try {
    const parsed = JSON.parse(input) as DueTimes;
    const times = (parsed.targets ?? []).map((target) => target.waitUntil).filter((time): time is string => typeof time === 'string').map((time) => new Date(time).getTime());
    return {
      ...(typeof parsed.userId === 'string' ? { userId: parsed.userId } : {}),
      times,
      ...(parsed.scheduledFor ? { scheduledFor: new Date(parsed.scheduledFor).getTime() } : {}),
    };
  } catch {
    return { times: [] };
  }
}

/** The earliest time a PublishPost execution's first step can run (its scheduled or due times). */
function dueTimeOf(input: string): number | undefined {
  const { times, scheduledFor } = dueTimesOf(input);
  if (scheduledFor !== undefined) times.push(scheduledFor);
  return times.length ? Math.max(scheduledFor ?? -Infinity, Math.min(...times)) : undefined;
}

/** The time by which every target of a PublishPost execution is due: its 'Wait until due' has nothing left to wait for. */
function allDueTimeOf(input: string): number | undefined {
  const { times, scheduledFor } = dueTimesOf(input);
  if (scheduledFor !== undefined) times.push(scheduledFor);
  return times.length ? Math.max(...times) : undefined;
}

export interface LocalStepFunctionsOptions {
  port: number;
  log: TwinLog;
  /**
   * Tests: processing and rate-limit waits and retry pauses shortened to this many ms (undefined =
   * real durations; a rate limit's wait to a second at least). Waits for a post's time (scheduled,
   * due, public) keep their real timestamps: a scheduled post publishes at its time, and at once
   * when that time has passed, unless a test brings one user's time on (OneClickTwin.RunDue).
   */
  fastWaitMs?: number;
}

interface Execution {
  arn: string;
  status: 'RUNNING' | 'SUCCEEDED' | 'FAILED' | 'ABORTED';
  input: string;
  startDate: number;
  stopDate?: number;
  output?: string;
  error?: string;
  cause?: string;
  abort: () => void;
  done: Promise<void>;
}

/**
 * The twin of Step Functions for what the code uses (StartExecution, StopExecution,
 * DescribeExecution) over the AWS JSON 1.0 protocol, running the same PublishPost definition
 * with aws-local-stepfunctions and the Lambdas' handlers in-process.
 */
/** The usage meter's name for a function the state machine invokes. */
function meteredName(functionName: string): string {
  if (functionName === localFinalizeFunction) return 'finalize';
  const platform = platforms.find((candidate) => localPublisherFunction(candidate) === functionName);
  return platform ? `publisher:${platform}` : functionName;
}

/** Step Functions bills a Standard workflow every state entered, retries included: counted for the cost benchmark. */
async function countTransitions(events: AsyncIterable<{ type: string }>): Promise<void> {
  try {
    for await (const event of events) if (event.type === 'StateEntered' || event.type === 'StateRetried') usage.stateTransitions();
  } catch {
    // The execution failed or was stopped: its result says so; the count up to then stands.
  }
}

/** The substitutions the stack makes (DefinitionSubstitutions), with the twin's names. */
export const localSubstitutions = {
  [FINALIZE_PLACEHOLDER]: localFinalizeFunction,
  [PUBLISH_FUNCTION_PREFIX_PLACEHOLDER]: localPublisherPrefix,
  [FOLLOW_UP_PLACEHOLDER]: localFollowUpStateMachineArn,
};

/**
 * A Lambda's timeout, as Step Functions sees it through the lambda:invoke integration: error
 * `Lambda.Unknown` ("Unhandled errors in Lambda are reported as Lambda.Unknown … These include
 * out-of-memory errors and function timeouts", Step Functions guide, "Handle Lambda service
 * exceptions"). Off unless
 * ONECLICK_TWIN_STEP_TIMEOUT_MS is set: the chaos matrix (test/chaos/) sets it to kill a step
 * right after a platform call, as a Lambda timeout does.
 */
function withLambdaTimeout<T>(running: Promise<T>): Promise<T> {
  const ms = Number(process.env['ONECLICK_TWIN_STEP_TIMEOUT_MS'] ?? 0);
  if (!(ms > 0)) return running;
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => {
      const error = new Error(`Task timed out after ${(ms / 1000).toFixed(2)} seconds`);
      error.name = 'Lambda.Unknown';
      reject(error);
    }, ms);
  });
  return Promise.race([running, timeout]).finally(() => clearTimeout(timer));
}

export async function startLocalStepFunctions(options: LocalStepFunctionsOptions) {
  // As the stack's DefinitionSubstitutions: finalize, the platforms' publish functions, the follow-up machine.
  type Definition = ConstructorParameters<typeof StateMachine>[0];
  const machine = new StateMachine(substituted<Definition>(publishPostDefinition(), localSubstitutions), { validationOptions: { checkPaths: true, checkArn: true } });
  const followUpMachine = new StateMachine(substituted<Definition>(followUpDefinition(), localSubstitutions), { validationOptions: { checkPaths: true, checkArn: true } });
  const functions = localFunctions();
  const executions = new Map<string, Execution>();

  // A Lambda invoke task's local handler gets { FunctionName, Payload } and answers as the
  // lambda:invoke integration does: { Payload, StatusCode }. Thrown errors keep their name
  // (Retryable…), which the Retry and Catch rules match on.
  const invoke = async (input: JSONValue): Promise<JSONValue> => {
    const { FunctionName, Payload } = input as { FunctionName: string; Payload: JSONValue };
    const handler = await functions(FunctionName);
    const invoked = performance.now();
    try {
      return { Payload: (await withLambdaTimeout(handler(Payload))) as JSONValue, StatusCode: 200 };
    } finally {
      usage.invocation(meteredName(FunctionName), performance.now() - invoked);
    }
  };
  const fast = options.fastWaitMs;
  // Processing is bounded by a count of status checks (publishingLimits.ts) that, on AWS, are
  // spaced by the platform's own hint (X: at least 1 s). The sandbox processes in real time, so
  // a fast wait shorter than this floor could spend the whole budget before X's sandbox media is
  // ready (60 × 20 ms) and fail a healthy post, more so on an idle machine.
  const fastProcessingWait = fast === undefined ? undefined : Math.max(fast, 200);
  // A rate limit's wait (and a wait past a follow-up's slice) lasts a second at least: long enough
  // that a test polling the post sees the target waiting and until when, short enough for the
  // chaos matrix (a platform without a reset time is waited a minute on AWS).
  const fastContinueWait = fast === undefined ? undefined : Math.max(fast, 1000);

  /** Executions waiting for their first target's time, by ARN: what OneClickTwin.RunDue may run early. */
  const held = new Map<string, { userId: string | undefined; allDue: number | undefined; release: () => void }>();

  /**
   * An execution whose first target is due later is held here, not in its 'Wait until due', and run
   * at that time (its wait then has nothing left): so a test can run it early (OneClickTwin.RunDue).
   * Node's timers cannot wait longer than about 24.8 days (a longer one fires at once), so a time
   * further away is waited for in parts.
   */
  function start(arnPrefix: string, name: string, input: string): Execution {
    const arn = `${arnPrefix.replace(':stateMachine:', ':execution:')}:${name}`;
    const firstDue = dueTimeOf(input);
    if (firstDue === undefined || firstDue <= Date.now()) {
      const execution = run(arn, name, input);
      executions.set(arn, execution);
      return execution;
    }
    let timer: NodeJS.Timeout | undefined;
    let settle!: () => void;
    const execution: Execution = {
      arn,
      status: 'RUNNING',
      input,
      startDate: Date.now(),
      abort: () => {
        clearTimeout(timer);
        held.delete(arn);
        execution.status = 'ABORTED';
        execution.stopDate = Date.now();
        settle();
      },
      done: new Promise<void>((resolveDone) => (settle = resolveDone)),
    };
    const release = (allDue: boolean) => {
      clearTimeout(timer);
      held.delete(arn);
      const running = run(arn, name, input, allDue);
      execution.abort = running.abort;
      void running.done.then(() => {
        Object.assign(execution, { status: running.status, stopDate: running.stopDate, output: running.output, error: running.error, cause: running.cause });
        settle();
      });
    };
    const arm = () => {
      const left = firstDue - Date.now();
      if (left <= 0) return release(false);
      timer = setTimeout(arm, Math.min(left, MAX_LOCAL_WAIT_MS));
      timer.unref();
    };
    held.set(arn, { userId: dueTimesOf(input).userId, allDue: allDueTimeOf(input), release: () => release(true) });
    arm();
    executions.set(arn, execution);
    return execution;
  }

  /**
   * A FollowUp (Express) execution, as the startExecution.sync:2 integration runs it for the outer
   * one: its output under `Output`, its failure as the task's. Express workflows are billed by
   * request and duration, not per transition (metered apart). Stopping the outer execution stops it.
   */
  function followUp(children: Set<() => void>) {
    return async (input: JSONValue): Promise<JSONValue> => {
      const childInput = followUpInput<JSONValue>(input);
      const name = crypto.randomUUID();
      const started = performance.now();
      const child = followUpMachine.run(childInput as JSONValue, {
        overrides: {
          taskResourceLocalHandlers: { Step: invoke, 'Record failure': invoke },
          ...(fast !== undefined
            ? { waitTimeOverrides: { 'Wait for processing': fastProcessingWait! }, retryIntervalOverrides: { Step: fast, 'Record failure': fast } }
            : {}),
        },
        context: { Execution: { Id: `${localFollowUpStateMachineArn.replace(':stateMachine:', ':express:')}:${name}`, Name: name, Input: childInput, StartTime: new Date().toISOString() } },
      });
      const abort = () => child.abort();
      children.add(abort);
      try {
        return { Output: (await child.result) as JSONValue, Status: 'SUCCEEDED' };
      } finally {
        children.delete(abort);
        usage.expressExecution(performance.now() - started);
      }
    };
  }

  /** Runs an execution; `allDue`: run early by OneClickTwin.RunDue, every target's time counted as come ('Wait until due' waits no more). */
  function run(arn: string, name: string, input: string, allDue = false): Execution {
    const children = new Set<() => void>();
    const waitTimeOverrides = { ...(fast !== undefined ? { 'Wait to continue': fastContinueWait! } : {}), ...(allDue ? { 'Wait until due': 0 } : {}) };
    const run = machine.run(JSON.parse(input), {
      overrides: {
        taskResourceLocalHandlers: { Start: invoke, ...Object.fromEntries(FOLLOW_UP_TASKS.map((task) => [task, followUp(children)])), 'Record failure': invoke, Finalize: invoke, [FINISH_STATE]: invoke },
        waitTimeOverrides,
        ...(fast !== undefined
          ? { retryIntervalOverrides: { Start: fast, ...Object.fromEntries(FOLLOW_UP_TASKS.map((task) => [task, fast])), 'Record failure': fast, Finalize: fast, [FINISH_STATE]: fast } }
          : {}),
      },
      context: { Execution: { Id: arn, Name: name, Input: JSON.parse(input), StartTime: new Date().toISOString() } },
    });
    const abort = () => {
      run.abort();
      for (const child of children) child();
    };
    const execution: Execution = { arn, status: 'RUNNING', input, startDate: Date.now(), abort, done: Promise.resolve() };
    void countTransitions(run.eventLogs);
    execution.done = run.result.then(
      (output: unknown) => {
        execution.status = 'SUCCEEDED';
        execution.output = JSON.stringify(output);
        execution.stopDate = Date.now();
        options.log.info('twin', `execution ${name} succeeded`);
      },
      (error: Error) => {
        execution.status = error.name === 'ExecutionAbortedError' ? 'ABORTED' : 'FAILED';
        execution.error = error.name;
        execution.cause = error.message;
        execution.stopDate = Date.now();
        if (execution.status === 'FAILED') options.log.error('twin', `execution ${name} failed: ${execution.error}: ${execution.cause}`);
      },
    );
    return execution;
  }

  // Tests: the next N StartExecution calls for one user's posts fail as Step Functions can (throttled).
  const failStarts = new Map<string, number>();

  type Reply = { status: number; body: unknown };
  function handle(target: string, request: Record<string, unknown>): Reply {
    switch (target) {
      case 'OneClickTwin.FailNextStarts': {
        failStarts.set(String(request['userId']), Number(request['count'] ?? 1));
        return { status: 200, body: {} };
      }
      case 'OneClickTwin.RunDue': {
        // The twin's clock for one user's scheduled posts: runs now each of their held executions
        // whose every target is due at `at`, as if that time had come. Other users' are untouched.
        const userId = request['userId'];
        const at = typeof request['at'] === 'string' ? Date.parse(request['at']) : Number.NaN;
        if (typeof userId !== 'string' || userId === '') return { status: 400, body: { __type: 'ValidationException', message: 'Say whose executions to run: userId' } };
        if (Number.isNaN(at)) return { status: 400, body: { __type: 'ValidationException', message: 'Say when, as an ISO 8601 time: at' } };
        const due = [...held].filter(([, hold]) => hold.userId === userId && hold.allDue !== undefined && hold.allDue <= at);
        for (const [, hold] of due) hold.release();
        return { status: 200, body: { executionArns: due.map(([arn]) => arn) } };
      }
      case 'StartExecution': {
        const userId = (JSON.parse(String(request['input'] ?? '{}')) as { userId?: string }).userId ?? '';
        if ((failStarts.get(userId) ?? 0) > 0) {
          failStarts.set(userId, failStarts.get(userId)! - 1);
          return { status: 400, body: { __type: 'ThrottlingException', message: 'Rate exceeded (a failure the twin was asked to inject)' } };
        }
        const name = String(request['name'] ?? crypto.randomUUID());
        const stateMachineArn = String(request['stateMachineArn']);
        if (stateMachineArn !== localStateMachineArn) return { status: 400, body: { __type: 'StateMachineDoesNotExist', message: `State Machine Does Not Exist: '${stateMachineArn}'` } };
        const existing = executions.get(`${stateMachineArn.replace(':stateMachine:', ':execution:')}:${name}`);
        if (existing) {
          if (existing.input === String(request['input'] ?? '{}')) return { status: 200, body: { executionArn: existing.arn, startDate: existing.startDate / 1000 } };
          return { status: 400, body: { __type: 'ExecutionAlreadyExists', message: `Execution Already Exists: '${existing.arn}'` } };
        }
        const execution = start(stateMachineArn, name, String(request['input'] ?? '{}'));
        return { status: 200, body: { executionArn: execution.arn, startDate: execution.startDate / 1000 } };
      }
      case 'StopExecution': {
        const execution = executions.get(String(request['executionArn']));
        if (!execution) return { status: 400, body: { __type: 'ExecutionDoesNotExist', message: 'Execution Does Not Exist' } };
        if (execution.status === 'RUNNING') execution.abort();
        return { status: 200, body: { stopDate: Date.now() / 1000 } };
      }
      case 'DescribeExecution': {
        const execution = executions.get(String(request['executionArn']));
        if (!execution) return { status: 400, body: { __type: 'ExecutionDoesNotExist', message: 'Execution Does Not Exist' } };
        return {
          status: 200,
          body: {
            executionArn: execution.arn,
            stateMachineArn: localStateMachineArn,
            status: execution.status,
            input: execution.input,
            startDate: execution.startDate / 1000,
            ...(execution.stopDate ? { stopDate: execution.stopDate / 1000 } : {}),
            ...(execution.output ? { output: execution.output } : {}),
            ...(execution.error ? { error: execution.error } : {}),
            ...(execution.cause ? { cause: execution.cause } : {}),
          },
        };
      }
      default:
        return { status: 400, body: { __type: 'UnknownOperationException', message: `Not supported by the twin: ${target}` } };
    }
  }

  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const target = String(request.headers['x-amz-target'] ?? '').replace('AWSStepFunctions.', '');
      // (OneClickTwin.* targets are the tests' controls; AWS has none of them.)
      let reply: Reply;
      try {
        reply = handle(target, JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as Record<string, unknown>);
      } catch (error) {
        reply = { status: 400, body: { __type: 'InvalidExecutionInput', message: (error as Error).message } };
      }
      response.writeHead(reply.status, { 'content-type': 'application/x-amz-json-1.0' }).end(JSON.stringify(reply.body));
    });
  });
  await new Promise<void>((resolveListen) => server.listen(options.port, '127.0.0.1', () => resolveListen()));
  const endpoint = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  options.log.info('twin', `Step Functions (PublishPost) on ${endpoint}`);

  return {
    endpoint,
    /** Resolves when every execution started so far has ended (tests). */
    idle: () => Promise.all([...executions.values()].map((execution) => execution.done)).then(() => undefined),
    stop: async () => {
      for (const execution of executions.values()) if (execution.status === 'RUNNING') execution.abort();
      server.closeAllConnections();
      await new Promise<void>((resolveClose) => server.close(() => resolveClose()));
    },
  };
}
