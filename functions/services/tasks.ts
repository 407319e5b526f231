import { InvokeCommand, type LambdaClient } from '@aws-sdk/client-lambda';
import { ConfigurationError } from '../config';
import { taskFunctionEnvName, type BackgroundTaskName } from '../handlers/groups';
import type { TaskStarter } from './account';

/** The function a background task runs in, from <TASK>_FUNCTION_NAME (set by the stack, or the twin). */
export function readTaskFunctionName(env: NodeJS.ProcessEnv, task: BackgroundTaskName): string {
  const variable = taskFunctionEnvName(task);
  const name = env[variable]?.trim();
  if (!name) throw new ConfigurationError(`Missing configuration: ${variable} (the ${task} function)`);
  return name;
}

/**
 * Starts a task as an asynchronous Lambda invoke (InvocationType Event): Lambda queues it and
 * answers 202 at once; the caller never waits for the work. Offline, the twin's local Lambda
 * endpoint (AWS_ENDPOINT_URL_LAMBDA) answers the same and runs the handler in-process.
 */
export function createLambdaTaskStarter(lambda: LambdaClient, functionName: string): TaskStarter {
  return {
    async start(payload) {
      const result = await lambda.send(
        new InvokeCommand({ FunctionName: functionName, InvocationType: 'Event', Payload: Buffer.from(JSON.stringify(payload)) }),
      );
      if (result.StatusCode !== 202) throw new Error(`Starting ${functionName} answered ${result.StatusCode}`);
    },
  };
}
