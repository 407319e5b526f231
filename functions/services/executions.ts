import { ExecutionAlreadyExists, ExecutionDoesNotExist, StartExecutionCommand, StopExecutionCommand, type SFNClient } from '@aws-sdk/client-sfn';

/** One target of an execution: the platform function that runs its steps, and when it is due. */
export interface ExecutionTarget {
  targetId: string;
  functionName: string;
  /** ISO time the target's first step waits for (scheduledFor; or now for YouTube's own scheduling). */
  waitUntil: string;
}

/** What the PublishPost state machine is started with. */
export interface PublishExecutionInput {
  userId: string;
  postId: string;
  /** This execution's name: its steps may act only while it is the post's current execution. */
  execution: string;
  /** Present when every target waits for the post's time: the first state waits until then. */
  scheduledFor?: string;
  /** Present when YouTube publishes at this time itself: finalize waits for it. */
  publicAt?: string;
  targets: ExecutionTarget[];
}

/** Thrown by an exclusive start when an execution of that name exists already. */
export class ExecutionNameTaken extends Error {
  override readonly name = 'ExecutionNameTaken';
}

export interface PublishExecutions {
  /**
   * Starts an execution. Starting the same name twice is harmless (it runs once), unless
   * `exclusive`, when an existing name throws ExecutionNameTaken.
   */
  start(name: string, input: PublishExecutionInput, options?: { exclusive?: boolean }): Promise<void>;
  /** Stops an execution (no error if it has ended or never existed). */
  stop(name: string, cause: string): Promise<void>;
}

export function executionArn(stateMachineArn: string, name: string): string {
  return `${stateMachineArn.replace(':stateMachine:', ':execution:')}:${name}`;
}

export function createSfnExecutions(sfn: SFNClient, stateMachineArn: string): PublishExecutions {
  return {
    async start(name, input, options = {}) {
      try {
        await sfn.send(new StartExecutionCommand({ stateMachineArn, name, input: JSON.stringify(input) }));
      } catch (error) {
        if (error instanceof ExecutionAlreadyExists) {
          if (options.exclusive) throw new ExecutionNameTaken(`An execution named ${name} exists already`);
          return;
        }
        throw error;
      }
    },
    async stop(name, cause) {
      try {
        await sfn.send(new StopExecutionCommand({ executionArn: executionArn(stateMachineArn, name), cause }));
      } catch (error) {
        if (error instanceof ExecutionDoesNotExist) return;
        throw error;
      }
    },
  };
}
