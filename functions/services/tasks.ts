import { InvokeCommand, type LambdaClient } from '@aws-sdk/client-lambda';
import type { TaskStarter } from './account';

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
