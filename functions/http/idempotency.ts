import { IdempotencyAlreadyInProgressError, IdempotencyConfig, IdempotencyValidationError, makeIdempotent } from '@aws-lambda-powertools/idempotency';
import { DynamoDBPersistenceLayer } from '@aws-lambda-powertools/idempotency/dynamodb';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import type { Context } from 'aws-lambda';
import { readTableNames } from '../config';
import { DomainError, InvalidInput } from '../errors';

/** The header a client sends with a write it may repeat (a double click, a retry after a lost answer). */
export const IDEMPOTENCY_HEADER = 'idempotency-key';
/** How long an answer is kept for its key. */
export const IDEMPOTENCY_EXPIRES_AFTER_SECONDS = 24 * 3600;
/** A key: 8–255 visible ASCII characters (a UUID or a ULID fits). */
const KEY_PATTERN = /^[\x21-\x7e]{8,255}$/;

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

/** The Idempotency-Key header of a request, checked; undefined when the client sent none. */
export function idempotencyKeyOf(headers: Record<string, string | undefined> | undefined): string | undefined {
  const entry = Object.entries(headers ?? {}).find(([name]) => name.toLowerCase() === IDEMPOTENCY_HEADER);
  const key = entry?.[1]?.trim();
  if (key === undefined || key === '') return undefined;
  if (!KEY_PATTERN.test(key)) throw new InvalidInput('The Idempotency-Key header must be 8 to 255 visible ASCII characters (a UUID, for example).');
  return key;
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
export function createIdempotency(env: NodeJS.ProcessEnv) {
  let run: ((request: IdempotentRequest, execute: () => Promise<unknown>) => Promise<unknown>) | undefined;
  let config: IdempotencyConfig | undefined;

  function runner() {
    if (!run) {
      const { idempotency } = readTableNames(env, ['idempotency']);
      config = new IdempotencyConfig({
        eventKeyJmesPath: '[scope, key]',
        payloadValidationJmesPath: 'input',
        expiresAfterSeconds: IDEMPOTENCY_EXPIRES_AFTER_SECONDS,
      });
      run = makeIdempotent(async (_request: IdempotentRequest, execute: () => Promise<unknown>) => execute(), {
        persistenceStore: new DynamoDBPersistenceLayer({ tableName: idempotency, awsSdkV3Client: new DynamoDBClient({}) }),
        config,
        keyPrefix: 'oneclick-api',
        dataIndexArgument: 0,
      });
    }
    return { run, config: config! };
  }

  return {
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
