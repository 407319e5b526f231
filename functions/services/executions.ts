import { ExecutionAlreadyExists, StartExecutionCommand, type SFNClient } from '@aws-sdk/client-sfn';

/** What the PublishPost state machine is started with. */
export interface PublishExecutionInput {
  userId: string;
  postId: string;
  /** Present when the post waits for its time. */
  scheduledFor?: string;
  /** The targets this execution publishes, each with the platform function that runs its steps. */
  targets: Array<{ targetId: string; functionName: string }>;
}

export interface PublishExecutions {
  /** Starts an execution; starting the same name twice is harmless (it runs once). */
  start(name: string, input: PublishExecutionInput): Promise<void>;
}

export function createSfnExecutions(sfn: SFNClient, stateMachineArn: string): PublishExecutions {
  return {
    async start(name, input) {
      try {
        await sfn.send(new StartExecutionCommand({ stateMachineArn, name, input: JSON.stringify(input) }));
      } catch (error) {
        if (error instanceof ExecutionAlreadyExists) return;
        throw error;
      }
    },
  };
}
