import {
  DescribeExecutionCommand,
  ExecutionAlreadyExists,
  ExecutionDoesNotExist,
  StartExecutionCommand,
  StopExecutionCommand,
  type SFNClient,
} from '@aws-sdk/client-sfn';
import { ulid } from 'ulid';
import type { Platform } from '../../shared/platforms';

/**
 * One target of an execution: its platform (the state machine maps it to the platform's
 * function, infra/publishing/definition.ts), and when it is due.
 */
export interface ExecutionTarget {
  targetId: string;
  platform: Platform;
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

/**
 * A new execution name, unique per attempt (Step Functions keeps names for 90 days): the post's
 * id and a ULID. The post records it before the execution is started, so a start that fails is
 * found and made by the reconciler, never lost.
 */
export function newExecutionName(postId: string): string {
  return `${postId}-${ulid()}`;
}

/** What Step Functions says about an execution. */
export type ExecutionState =
  | { state: 'running' }
  /** It ended (SUCCEEDED, FAILED, TIMED_OUT or ABORTED); `error` and `cause` when it failed. */
  | { state: 'ended'; status: string; error?: string; cause?: string }
  /** No execution of that name was ever started (or its history has expired). */
  | { state: 'missing' };

export interface PublishExecutions {
  /** Starts an execution. Starting the same name twice is harmless (it runs once). */
  start(name: string, input: PublishExecutionInput): Promise<void>;
  /** Stops an execution (no error if it has ended or never existed). */
  stop(name: string, cause: string): Promise<void>;
}

/** What the reconciler also needs: whether an execution is running, has ended, or was never started. */
export interface InspectableExecutions extends PublishExecutions {
  describe(name: string): Promise<ExecutionState>;
}

export function executionArn(stateMachineArn: string, name: string): string {
  return `${stateMachineArn.replace(':stateMachine:', ':execution:')}:${name}`;
}

export function createSfnExecutions(sfn: SFNClient, stateMachineArn: string): InspectableExecutions {
  return {
    async start(name, input) {
      try {
        await sfn.send(new StartExecutionCommand({ stateMachineArn, name, input: JSON.stringify(input) }));
      } catch (error) {
        if (error instanceof ExecutionAlreadyExists) return;
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
    async describe(name) {
      try {
        const execution = await sfn.send(new DescribeExecutionCommand({ executionArn: executionArn(stateMachineArn, name) }));
        if (execution.status === 'RUNNING' || execution.status === 'PENDING_REDRIVE') return { state: 'running' };
        return {
          state: 'ended',
          status: execution.status ?? 'UNKNOWN',
          ...(execution.error ? { error: execution.error } : {}),
          ...(execution.cause ? { cause: execution.cause } : {}),
        };
      } catch (error) {
        if (error instanceof ExecutionDoesNotExist) return { state: 'missing' };
        throw error;
      }
    },
  };
}
