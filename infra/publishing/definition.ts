/**
 * The PublishPost state machine (Amazon States Language), built once: the CDK stack deploys it
 * and the offline twin runs it. `${FinalizeFunction}` is substituted with the finalize Lambda and
 * `${PublishFunction_<platform>}` with each platform's publish Lambda: the execution's input
 * names each target's platform, and the state machine maps it to that platform's function (the
 * API knows no function names).
 *
 * Wait until scheduledFor (when scheduled) → Map over the targets → per target a wait until it
 * is due (its own time: YouTube's native scheduling uploads at once) and a loop of
 * steps on that platform's Lambda (start → [wait → status]* → publish), each step's answer
 * routing the next: processing waits the platform's suggested time, rate_limited waits until
 * the platform's reset, published/failed end the target. Transient errors are retried with
 * backoff; anything left is caught per target, so one platform never hides the others →
 * finalize sets the post's status from its targets (after waiting for the time when YouTube
 * publishes it itself).
 *
 * Every state that can fail is caught: a step's error ends its target (Record failure), and the
 * Map, Record failure and Finalize end in Finish unfinished, which fails what is left with the
 * reason and notifies the user. The bounds (retries, waits, concurrency) are in
 * functions/services/publishingLimits.ts, which also derives the reconciler's deadline from them.
 *
 * Every step carries the execution's name: the first step of each target claims it with a
 * conditional write on the post's current execution, so an execution replaced by a reschedule
 * or edit, or one whose post was cancelled, answers `superseded` and publishes nothing.
 */
import {
  BOOKKEEPING_RETRY,
  STEP_RETRY,
  TARGET_CONCURRENCY,
  THROTTLE_RETRY,
  type RetryPolicy,
} from '../../functions/services/publishingLimits';
import { platforms, type Platform } from '../../shared/platforms';

export const FINALIZE_PLACEHOLDER = 'FinalizeFunction';
/** The placeholder of a platform's publish function, e.g. PublishFunction_youtube. */
export const publishFunctionPlaceholder = (platform: Platform) => `PublishFunction_${platform}`;

/** The definition with each `${Placeholder}` replaced, as Step Functions' DefinitionSubstitutions do (the twin and tests). */
export function substituted<T = unknown>(definition: object, substitutions: Record<string, string>): T {
  let text = JSON.stringify(definition);
  for (const [name, value] of Object.entries(substitutions)) text = text.replaceAll(`\${${name}}`, value);
  return JSON.parse(text) as T;
}

/**
 * Resolves a target's function into `$.functionName`: a Choice on the target's platform, and one
 * Pass per platform holding that platform's function. Executions started by the previous release
 * name the function instead (`functionName`): accepted for one release, so an execution started
 * by an API function still running the old code while this deploys publishes as it would have.
 */
function functionChoice(next: string) {
  const states: Record<string, unknown> = {
    'Which function?': {
      Type: 'Choice',
      // A comparison on a missing path is a runtime error, so presence is checked first.
      Choices: [
        { Variable: '$.target.functionName', IsPresent: true, Next: 'Function named by the input' },
        { Variable: '$.target.platform', IsPresent: false, Next: 'Unknown platform' },
        ...platforms.map((platform) => ({ Variable: '$.target.platform', StringEquals: platform, Next: `Function: ${platform}` })),
      ],
      Default: 'Unknown platform',
    },
    'Function named by the input': { Type: 'Pass', InputPath: '$.target.functionName', ResultPath: '$.functionName', Next: next },
    // The whole Map fails; its Catch finishes every unfinished target with this cause.
    'Unknown platform': { Type: 'Fail', Error: 'UnknownPlatform', Cause: 'A target names no platform this deployment publishes to.' },
  };
  for (const platform of platforms) {
    states[`Function: ${platform}`] = { Type: 'Pass', Result: `\${${publishFunctionPlaceholder(platform)}}`, ResultPath: '$.functionName', Next: next };
  }
  return states;
}

/** Errors a step may be retried on: ours (Retryable) and Lambda's own transient ones. */
export const RETRYABLE_ERRORS = ['Retryable', 'Lambda.ServiceException', 'Lambda.AWSLambdaException', 'Lambda.SdkClientException', 'Lambda.Unknown'];
/** Lambda throttling (hundreds of posts due the same minute): retried longer than other errors. */
export const THROTTLE_ERRORS = ['Lambda.TooManyRequestsException'];

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

const invokeStep = (action: string | undefined) => ({
  Type: 'Task',
  Resource: 'arn:aws:states:::lambda:invoke',
  Parameters: {
    'FunctionName.$': '$.functionName',
    Payload: {
      'userId.$': '$.userId',
      'postId.$': '$.postId',
      'targetId.$': '$.targetId',
      'execution.$': '$.execution',
      ...(action ? { action } : { 'action.$': '$.action' }),
    },
  },
  ResultSelector: { 'outcome.$': '$.Payload' },
  ResultPath: '$.step',
  Retry: retriers(STEP_RETRY, true),
  Catch: [{ ErrorEquals: ['States.ALL'], ResultPath: '$.error', Next: 'Record failure' }],
  Next: 'Route',
});

export function publishPostDefinition() {
  return {
    Comment: 'OneClick PublishPost: publishes one post to each of its targets',
    StartAt: 'Scheduled?',
    States: {
      'Scheduled?': {
        Type: 'Choice',
        Choices: [{ Variable: '$.scheduledFor', IsPresent: true, Next: 'Wait until scheduled' }],
        Default: 'Publish targets',
      },
      'Wait until scheduled': { Type: 'Wait', TimestampPath: '$.scheduledFor', Next: 'Publish targets' },
      'Publish targets': {
        Type: 'Map',
        ItemsPath: '$.targets',
        MaxConcurrency: TARGET_CONCURRENCY,
        ItemSelector: {
          'userId.$': '$.userId',
          'postId.$': '$.postId',
          'targetId.$': '$$.Map.Item.Value.targetId',
          // The whole target: its platform (or, from the previous release, its function's name).
          'target.$': '$$.Map.Item.Value',
          'waitUntil.$': '$$.Map.Item.Value.waitUntil',
          'execution.$': '$.execution',
          action: 'start',
        },
        ItemProcessor: {
          ProcessorConfig: { Mode: 'INLINE' },
          StartAt: 'Which function?',
          States: {
            ...functionChoice('Wait until due'),
            'Wait until due': { Type: 'Wait', TimestampPath: '$.waitUntil', Next: 'Step' },
            Step: invokeStep(undefined),
            Route: {
              Type: 'Choice',
              Choices: [
                { Variable: '$.step.outcome.state', StringEquals: 'processing', Next: 'Wait for processing' },
                { Variable: '$.step.outcome.state', StringEquals: 'ready', Next: 'Next: publish' },
                { Variable: '$.step.outcome.state', StringEquals: 'rate_limited', Next: 'Wait for rate limit' },
              ],
              Default: 'Target done',
            },
            'Wait for processing': { Type: 'Wait', SecondsPath: '$.step.outcome.waitSeconds', Next: 'Next: status' },
            'Next: status': { Type: 'Pass', Result: 'status', ResultPath: '$.action', Next: 'Step' },
            'Next: publish': { Type: 'Pass', Result: 'publish', ResultPath: '$.action', Next: 'Step' },
            'Wait for rate limit': { Type: 'Wait', TimestampPath: '$.step.outcome.waitUntil', Next: 'Step' },
            'Record failure': {
              Type: 'Task',
              Resource: 'arn:aws:states:::lambda:invoke',
              Parameters: {
                'FunctionName.$': '$.functionName',
                Payload: {
                  'userId.$': '$.userId',
                  'postId.$': '$.postId',
                  'targetId.$': '$.targetId',
                  'execution.$': '$.execution',
                  action: 'fail',
                  'error.$': '$.error',
                },
              },
              ResultPath: null,
              Retry: retriers(BOOKKEEPING_RETRY, false),
              // The failure could not be recorded either: the target stays unfinished, and
              // Finalize (or the step after it) fails it with a reason.
              Catch: [{ ErrorEquals: ['States.ALL'], ResultPath: '$.recordError', Next: 'Target done' }],
              Next: 'Target done',
            },
            'Target done': { Type: 'Succeed' },
          },
        },
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
