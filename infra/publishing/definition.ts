/**
 * The PublishPost state machines (Amazon States Language), built once: the CDK stack deploys them
 * and the offline twin runs them. Placeholders (`${Name}`) are substituted as Step Functions'
 * DefinitionSubstitutions do: `${FinalizeFunction}` with the finalize Lambda,
 * `${PublishFunctionPrefix}` with the prefix of the platforms' publish Lambdas (the function of a
 * target is the prefix and its platform: the API knows no function names), and
 * `${FollowUpStateMachine}` with the Express machine that follows a target up.
 *
 * Two machines, because Step Functions bills a Standard workflow per state entered and an Express
 * one by duration (docs/decisions.md, "Fewer transitions: Express follow-ups"):
 *
 * PublishPost (Standard, the outer one: exactly-once, up to a year, every wait for a post's time):
 *   Map over the targets → per target a wait until it is due (the post's time; at once for
 *   YouTube's native scheduling, which uploads before it) → Start on the platform's Lambda (the
 *   upload, which may take minutes) → Follow up → Route: rate limited or later → wait for that
 *   time, then the step that was waiting; anything else ends the target → finalize sets the
 *   post's status from its targets (after waiting for the time when YouTube publishes it itself).
 *
 * FollowUp (Express, the inner one: at most five minutes): the short steps after the upload, each
 *   a status check or the create-post call, with the platform's suggested waits between them
 *   (processing → wait → status …, ready → publish). A step whose next wait would end after the
 *   follow-up's slice (FOLLOW_UP_SLICE_SECONDS from its start) answers `later`, and the outer
 *   machine waits instead (a Standard wait costs one transition however long it is).
 *
 * Transient errors are retried with backoff; anything left is caught per target, so one platform
 * never hides the others. Every state that can fail is caught: a step's error ends its target
 * (Record failure), and the Map, Record failure and Finalize end in Finish unfinished, which fails
 * what is left with the reason and notifies the user. The bounds (retries, waits, concurrency,
 * the follow-up's slice) are in functions/services/publishingLimits.ts, which also derives the
 * reconciler's deadline from them.
 *
 * Every step carries the execution's name: the first step of each target claims it with a
 * conditional write on the post's current execution, so an execution replaced by a reschedule
 * or edit, or one whose post was cancelled, answers `superseded` and publishes nothing.
 */
import {
  BOOKKEEPING_RETRY,
  FOLLOW_UP_RETRY,
  STEP_RETRY,
  TARGET_CONCURRENCY,
  THROTTLE_RETRY,
  type RetryPolicy,
} from '../../functions/services/publishingLimits';

export const FINALIZE_PLACEHOLDER = 'FinalizeFunction';
/** The placeholder of the publish functions' common prefix: a platform's function is `<prefix><platform>`. */
export const PUBLISH_FUNCTION_PREFIX_PLACEHOLDER = 'PublishFunctionPrefix';
/** The placeholder of the FollowUp (Express) state machine's ARN. */
export const FOLLOW_UP_PLACEHOLDER = 'FollowUpStateMachine';

/** The definition with each `${Placeholder}` replaced, as Step Functions' DefinitionSubstitutions do (the twin and tests). */
export function substituted<T = unknown>(definition: object, substitutions: Record<string, string>): T {
  let text = JSON.stringify(definition);
  for (const [name, value] of Object.entries(substitutions)) text = text.replaceAll(`\${${name}}`, value);
  return JSON.parse(text) as T;
}

/** Errors a step may be retried on: ours (Retryable) and Lambda's own transient ones. */
export const RETRYABLE_ERRORS = ['Retryable', 'Lambda.ServiceException', 'Lambda.AWSLambdaException', 'Lambda.SdkClientException', 'Lambda.Unknown'];
/** Lambda throttling (hundreds of posts due the same minute): retried longer than other errors. */
export const THROTTLE_ERRORS = ['Lambda.TooManyRequestsException'];
/**
 * A follow-up that could not run or did not end (Step Functions refused or throttled its start —
 * the guide's "Start workflow executions from a task state" retries StepFunctions.ExecutionLimitExceeded —
 * or it ran past its five minutes): started again, it continues from what its steps recorded.
 */
export const FOLLOW_UP_ERRORS = [
  'States.Timeout',
  'StepFunctions.ExecutionLimitExceeded',
  'StepFunctions.ThrottlingException',
  'StepFunctions.SdkClientException',
  'StepFunctions.AWSStepFunctionsException',
];

/** The state that finishes whatever is unfinished when anything else failed; it has no Catch of its own. */
export const FINISH_STATE = 'Finish unfinished';

const retrier = (errors: string[], policy: RetryPolicy, jitter: boolean) => ({
  ErrorEquals: errors,
  IntervalSeconds: policy.intervalSeconds,
  MaxAttempts: policy.maxAttempts,
  BackoffRate: policy.backoffRate,
  MaxDelaySeconds: policy.maxDelaySeconds,
  ...(jitter ? { JitterStrategy: 'FULL' } : {}),
});

/** Every Lambda task retries transient errors and throttling, each with its own bound. */
const retriers = (policy: RetryPolicy, jitter: boolean) => [retrier(THROTTLE_ERRORS, THROTTLE_RETRY, true), retrier(RETRYABLE_ERRORS, policy, jitter)];

const ids = { 'userId.$': '$.userId', 'postId.$': '$.postId', 'targetId.$': '$.targetId', 'execution.$': '$.execution' };

/** A step on the target's platform Lambda; its answer goes to `$.step.outcome`. */
const invokeStep = (payload: Record<string, unknown>, next: string, catchTo: string) => ({
  Type: 'Task',
  Resource: 'arn:aws:states:::lambda:invoke',
  Parameters: { 'FunctionName.$': '$.functionName', Payload: { ...ids, ...payload } },
  ResultSelector: { 'outcome.$': '$.Payload' },
  ResultPath: '$.step',
  Retry: retriers(STEP_RETRY, true),
  Catch: [{ ErrorEquals: ['States.ALL'], ResultPath: '$.error', Next: catchTo }],
  Next: next,
});

/** Records a step's failure on the target (its Lambda's `fail` action); if even that fails, the target is left to Finalize. */
const recordFailure = (next: string, unrecorded: string) => ({
  Type: 'Task',
  Resource: 'arn:aws:states:::lambda:invoke',
  Parameters: { 'FunctionName.$': '$.functionName', Payload: { ...ids, action: 'fail', 'error.$': '$.error' } },
  ResultSelector: { 'outcome.$': '$.Payload' },
  ResultPath: '$.step',
  Retry: retriers(BOOKKEEPING_RETRY, false),
  // The failure could not be recorded either: the target stays unfinished, and Finalize (or the
  // step after it) fails it with a reason.
  Catch: [{ ErrorEquals: ['States.ALL'], ResultPath: '$.recordError', Next: unrecorded }],
  Next: next,
});

const outcomeIs = (state: string, next: string) => ({ Variable: '$.step.outcome.state', StringEquals: state, Next: next });

/**
 * FollowUp (Express): from the outcome of the step before it (`$.step.outcome`): processing or
 * ready go on to the status checks and the create-post call, until the target ends or a wait
 * would outlast the slice; anything else ends it at once. With `resume` (after the outer
 * machine's wait) it first runs the step that waited. Its output is the last outcome and action.
 */
export function followUpDefinition() {
  return {
    Comment: 'OneClick FollowUp: the short steps of one target after its upload (status checks, then publish)',
    StartAt: 'Resuming?',
    States: {
      'Resuming?': {
        Type: 'Choice',
        Choices: [{ Variable: '$.resume', IsPresent: true, Next: 'Resume' }],
        Default: 'Route',
      },
      Route: {
        Type: 'Choice',
        Choices: [outcomeIs('processing', 'Wait for processing'), outcomeIs('ready', 'Next: publish')],
        Default: 'Done',
      },
      'Wait for processing': { Type: 'Wait', SecondsPath: '$.step.outcome.waitSeconds', Next: 'Next: status' },
      'Next: status': { Type: 'Pass', Result: 'status', ResultPath: '$.action', Next: 'Step' },
      'Next: publish': { Type: 'Pass', Result: 'publish', ResultPath: '$.action', Next: 'Step' },
      // Continuing after the outer machine waited (a rate limit, or a wait past the slice): the step that waited.
      Resume: { Type: 'Pass', InputPath: '$.step.outcome.action', ResultPath: '$.action', Next: 'Step' },
      Step: invokeStep({ 'action.$': '$.action', 'followUpStartedAt.$': '$$.Execution.StartTime' }, 'Route', 'Record failure'),
      'Record failure': recordFailure('Done', 'Failure not recorded'),
      'Failure not recorded': { Type: 'Pass', Result: { state: 'unrecorded' }, ResultPath: '$.step.outcome', Next: 'Done' },
      Done: { Type: 'Pass', Parameters: { 'outcome.$': '$.step.outcome', 'action.$': '$.action' }, End: true },
    },
  };
}

/** The outer machine's Tasks that run a follow-up (startExecution.sync:2): local runners stand in for both. */
export const FOLLOW_UP_TASKS = ['Follow up', 'Resume follow-up'] as const;

/** What a follow-up execution gets as its input from the outer machine's request (its `Input`, without the parent's id). */
export function followUpInput<Value>(request: unknown): Record<string, Value> {
  const { AWS_STEP_FUNCTIONS_STARTED_BY_EXECUTION_ID: _parent, ...input } = (request as { Input: Record<string, Value> }).Input;
  return input;
}

/** The follow-up of a target (its status checks and publish) as a Task of the outer machine; `resume` after a wait. */
function followUpTask(resume: boolean) {
  return {
    Type: 'Task',
    Resource: 'arn:aws:states:::states:startExecution.sync:2',
    Parameters: {
      StateMachineArn: `\${${FOLLOW_UP_PLACEHOLDER}}`,
      Input: {
        ...ids,
        'functionName.$': '$.functionName',
        'step.$': '$.step',
        'action.$': '$.action',
        ...(resume ? { resume: true } : {}),
        'AWS_STEP_FUNCTIONS_STARTED_BY_EXECUTION_ID.$': '$$.Execution.Id',
      },
    },
    ResultSelector: { 'outcome.$': '$.Output.outcome', 'action.$': '$.Output.action' },
    ResultPath: '$.step',
    Retry: [retrier(FOLLOW_UP_ERRORS, FOLLOW_UP_RETRY, true)],
    Catch: [{ ErrorEquals: ['States.ALL'], ResultPath: '$.error', Next: 'Record failure' }],
    Next: 'Route',
  };
}

/** One target, in the outer machine: its time, the start (the upload), the follow-up, and waits the follow-up cannot hold. */
const targetProcessor = {
  ProcessorConfig: { Mode: 'INLINE' },
  StartAt: 'Wait until due',
  States: {
    'Wait until due': { Type: 'Wait', TimestampPath: '$.waitUntil', Next: 'Start' },
    Start: invokeStep({ action: 'start' }, 'Follow up', 'Record failure'),
    // Whatever the start answered: the follow-up routes it (and ends at once when there is nothing to follow).
    'Follow up': followUpTask(false),
    Route: {
      Type: 'Choice',
      Choices: [outcomeIs('rate_limited', 'Wait to continue'), outcomeIs('later', 'Wait to continue')],
      Default: 'Target done',
    },
    // Until the rate limit's reset, or until the next status check: then the step that waited.
    'Wait to continue': { Type: 'Wait', TimestampPath: '$.step.outcome.waitUntil', Next: 'Continue with' },
    'Continue with': {
      Type: 'Choice',
      Choices: [{ Variable: '$.step.outcome.action', StringEquals: 'start', Next: 'Start' }],
      Default: 'Resume follow-up',
    },
    'Resume follow-up': followUpTask(true),
    'Record failure': recordFailure('Target done', 'Target done'),
    'Target done': { Type: 'Succeed' },
  },
};

export function publishPostDefinition() {
  return {
    Comment: 'OneClick PublishPost: publishes one post to each of its targets',
    StartAt: 'Publish targets',
    States: {
      // Each target waits for its own time (the post's, or at once for YouTube's native scheduling, which uploads before it).
      'Publish targets': {
        Type: 'Map',
        ItemsPath: '$.targets',
        MaxConcurrency: TARGET_CONCURRENCY,
        ItemSelector: {
          'userId.$': '$.userId',
          'postId.$': '$.postId',
          'targetId.$': '$$.Map.Item.Value.targetId',
          'functionName.$': `States.Format('\${${PUBLISH_FUNCTION_PREFIX_PLACEHOLDER}}{}', $$.Map.Item.Value.platform)`,
          'waitUntil.$': '$$.Map.Item.Value.waitUntil',
          'execution.$': '$.execution',
          action: 'start',
        },
        ItemProcessor: targetProcessor,
        ResultPath: null,
        Catch: [{ ErrorEquals: ['States.ALL'], ResultPath: '$.error', Next: FINISH_STATE }],
        Next: 'Published by YouTube?',
      },
      'Published by YouTube?': {
        Type: 'Choice',
        Choices: [{ Variable: '$.publicAt', IsPresent: true, Next: 'Wait until public' }],
        Default: 'Finalize',
      },
      'Wait until public': { Type: 'Wait', TimestampPath: '$.publicAt', Next: 'Finalize' },
      Finalize: {
        Type: 'Task',
        Resource: 'arn:aws:states:::lambda:invoke',
        Parameters: { FunctionName: `\${${FINALIZE_PLACEHOLDER}}`, Payload: { 'userId.$': '$.userId', 'postId.$': '$.postId', 'execution.$': '$.execution' } },
        ResultSelector: { 'status.$': '$.Payload.status' },
        Retry: retriers(BOOKKEEPING_RETRY, false),
        Catch: [{ ErrorEquals: ['States.ALL'], ResultPath: '$.error', Next: FINISH_STATE }],
        End: true,
      },
      // The last resort: marks every unfinished target failed with the reason in words and
      // notifies the user. If even this fails, the execution fails: the failed-executions alarm
      // fires and the reconciler finishes the post (functions/services/reconciler.ts).
      [FINISH_STATE]: {
        Type: 'Task',
        Resource: 'arn:aws:states:::lambda:invoke',
        Parameters: {
          FunctionName: `\${${FINALIZE_PLACEHOLDER}}`,
          Payload: { 'userId.$': '$.userId', 'postId.$': '$.postId', 'execution.$': '$.execution', 'error.$': '$.error' },
        },
        ResultSelector: { 'status.$': '$.Payload.status' },
        Retry: retriers(BOOKKEEPING_RETRY, false),
        End: true,
      },
    },
  };
}
