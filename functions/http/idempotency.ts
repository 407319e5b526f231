import { IdempotencyAlreadyInProgressError, IdempotencyConfig, IdempotencyValidationError, makeIdempotent } from '@aws-lambda-powertools/idempotency';
import { DynamoDBPersistenceLayer } from '@aws-lambda-powertools/idempotency/dynamodb';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import type { Context } from 'aws-lambda';
import { DomainError } from '../errors';

/** How long an answer is kept for its key. */
export const IDEMPOTENCY_EXPIRES_AFTER_SECONDS = 24 * 3600;

/** The same key was used for a different request: refused in words (422), nothing is written. */
export class IdempotencyKeyReused extends DomainError {
  constructor() {
    super(
      422,
      'IdempotencyKeyReused',
      'This Idempotency-Key was already used for a different request. Send a new key for a new request; repeat a request only with its own key and the same body.',
    );
  }
}

/** The first request with this key is still running: the client should ask again in a moment. */
export class IdempotentRequestInProgress extends DomainError {
  constructor() {
    super(409, 'IdempotentRequestInProgress', 'A request with this Idempotency-Key is still being processed. Try again in a moment to get its answer.');
  }
}

/** What identifies a repeated request (the key, for this user and route) and what must match (its input). */
export interface IdempotentRequest {
  scope: string;
  key: string;
  input: unknown;
}

/**
 * Runs route implementations at most once per Idempotency-Key, with Powertools' idempotency
 * utility and its DynamoDB persistence layer on the `idempotency` table (partition key `id`,
 * TTL attribute `expiration`: the utility's defaults). The record's key is the hash of
 * (user and route, key); the request's input is hashed as the validation: the same key with
 * the same input answers the stored answer and writes nothing again; with another input, 422.
 * A request that fails stores nothing, so repeating it runs it again.
 */
export function createIdempotency(tableName: string, options: { expiresAfterSeconds?: number; keyPrefix?: string } = {}) {
  let built: { run: (request: IdempotentRequest, execute: () => Promise<unknown>) => Promise<unknown>; config: IdempotencyConfig } | undefined;

  // Built on the first idempotent request: functions whose routes never send a key pay nothing.
  function runner() {
    if (!built) {
      const config = new IdempotencyConfig({
        eventKeyJmesPath: '[scope, key]',
        payloadValidationJmesPath: 'input',
        expiresAfterSeconds: options.expiresAfterSeconds ?? IDEMPOTENCY_EXPIRES_AFTER_SECONDS,
      });
      const run = makeIdempotent(async (_request: IdempotentRequest, execute: () => Promise<unknown>) => execute(), {
        persistenceStore: new DynamoDBPersistenceLayer({ tableName, awsSdkV3Client: new DynamoDBClient({}) }),
        config,
        keyPrefix: options.keyPrefix ?? 'oneclick-api',
        dataIndexArgument: 0,
      });
      built = { run, config };
    }
    return built;
  }

  return {
    /** Runs `execute` once for the request's key; a repeat with the same input gets the stored answer. */
    async once<T>(request: IdempotentRequest, context: Context | undefined, execute: () => Promise<T>): Promise<T> {
      const { run, config } = runner();
      // A request cut off by its Lambda's timeout stays "in progress" only until then.
      if (context && typeof context.getRemainingTimeInMillis === 'function') config.registerLambdaContext(context);
      try {
        return (await run(request, execute)) as T;
      } catch (error) {
        if (error instanceof IdempotencyValidationError) throw new IdempotencyKeyReused();
        if (error instanceof IdempotencyAlreadyInProgressError) throw new IdempotentRequestInProgress();
        throw error;
      }
    },
  };
}

export type Idempotency = ReturnType<typeof createIdempotency>;
