import { GetCommand, PutCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { deletionSteps, type AccountDeletion, type DeletionStep } from '../../shared/api/account';
import { userPool } from '../../shared/resources/userPool';
import type { Clock } from '../clock';
import { writeIf } from './conditionalWrite';

/**
 * The deleted-accounts table: one record per account whose deletion started. It is both the
 * deletion task's progress and the tombstone every route checks (functions/http/accountGate.ts):
 * API Gateway's JWT authorizer accepts an ID token until it expires whatever happened to the
 * user, so without it a token issued before the deletion could recreate data for an hour.
 *
 * A user's record also holds their API request counter (functions/http/rateLimit.ts: `windowStart`,
 * `requests`) before any deletion, so one write counts a call and finds a tombstone; a record is a
 * tombstone only with a `status`, and the deletion's writes replace or require one.
 */
export interface DeletedAccountRecord {
  userId: string;
  email: string;
  status: 'deleting' | 'deleted';
  startedAt: string;
  /** When the task was last started; a run not over by then + TASK_RUN_LIMIT_MS is taken as lost. */
  runStartedAt: string;
  runs: number;
  steps: Partial<Record<DeletionStep, { doneAt: string; count: number | null }>>;
  /** Why the last run stopped, in words (cleared when the deletion is continued). */
  error?: string;
  completedAt?: string;
  /** Epoch seconds (DynamoDB TTL), set when the deletion completes. */
  expiresAt?: number;
}

/** The longest one run of the deletion task may take (the Lambda's timeout, 15 minutes) plus a minute. */
export const TASK_RUN_LIMIT_MS = 16 * 60_000;

/**
 * How long the tombstone outlives the completed deletion: the ID token's lifetime (a token issued
 * just before the sign-in was deleted stays valid that long; module sessions and presigned upload
 * URLs live no longer) plus an hour's margin.
 */
export const TOMBSTONE_KEEP_SECONDS = userPool.accessTokenMinutes * 60 + 3600;

export interface DeletedAccountsDeps {
  db: DynamoDBDocumentClient;
  tableName: string;
  clock: Clock;
}

export function createDeletedAccounts({ db, tableName, clock }: DeletedAccountsDeps) {
  const now = () => clock.now().toISOString();

  async function get(userId: string): Promise<DeletedAccountRecord | undefined> {
    const { Item } = await db.send(new GetCommand({ TableName: tableName, Key: { userId }, ConsistentRead: true }));
    // A record without a status is only the user's request counter.
    const record = Item?.['status'] === undefined ? undefined : (Item as DeletedAccountRecord);
    // DynamoDB removes expired items lazily: an expired tombstone counts as gone.
    if (record?.expiresAt !== undefined && record.expiresAt * 1000 <= clock.now().getTime()) return undefined;
    return record;
  }

  function update(userId: string, expression: string, values: Record<string, unknown>, names: Record<string, string> = {}, condition = 'attribute_exists(#status)') {
    return writeIf(
      db.send(
        new UpdateCommand({
          TableName: tableName,
          Key: { userId },
          UpdateExpression: expression,
          ConditionExpression: condition,
          ExpressionAttributeValues: values,
          ExpressionAttributeNames: { ...names, '#status': 'status' },
        }),
      ),
    );
  }

  return {
    get,

    /**
     * Writes the tombstone over the user's request counter (and its expiry); false when a
     * deletion of this user had already started.
     */
    begin(user: { userId: string; email: string }): Promise<boolean> {
      const at = now();
      const record: DeletedAccountRecord = { userId: user.userId, email: user.email, status: 'deleting', startedAt: at, runStartedAt: at, runs: 1, steps: {} };
      return writeIf(db.send(new PutCommand({ TableName: tableName, Item: record, ConditionExpression: 'attribute_not_exists(#status)', ExpressionAttributeNames: { '#status': 'status' } })));
    },

    /** A new run of a deletion still under way (Continue deletion): the previous error is cleared. */
    resume(userId: string): Promise<boolean> {
      return update(userId, 'SET runStartedAt = :now, runs = runs + :one REMOVE #error', { ':now': now(), ':one': 1, ':deleting': 'deleting' }, { '#error': 'error', '#status': 'status' }, '#status = :deleting');
    },

    stepDone(userId: string, step: DeletionStep, count: number | null): Promise<boolean> {
      return update(userId, 'SET steps.#step = :done', { ':done': { doneAt: now(), count } }, { '#step': step });
    },

    failed(userId: string, error: string): Promise<boolean> {
      return update(userId, 'SET #error = :error', { ':error': error }, { '#error': 'error' });
    },

    completed(userId: string): Promise<boolean> {
      const at = clock.now();
      return update(
        userId,
        'SET #status = :deleted, completedAt = :now, expiresAt = :expires REMOVE #error',
        { ':deleted': 'deleted', ':now': at.toISOString(), ':expires': Math.floor(at.getTime() / 1000) + TOMBSTONE_KEEP_SECONDS },
        { '#status': 'status', '#error': 'error' },
      );
    },

    /** What Settings shows. */
    describe(record: DeletedAccountRecord | undefined): AccountDeletion {
      if (!record) return { status: 'none', startedAt: null, completedAt: null, steps: deletionSteps.map((step) => ({ step, done: false, doneAt: null, count: null })), stalled: false, error: null };
      const lost = clock.now().getTime() - new Date(record.runStartedAt).getTime() > TASK_RUN_LIMIT_MS;
      return {
        status: record.status,
        startedAt: record.startedAt,
        completedAt: record.completedAt ?? null,
        steps: deletionSteps.map((step) => ({ step, done: Boolean(record.steps[step]), doneAt: record.steps[step]?.doneAt ?? null, count: record.steps[step]?.count ?? null })),
        stalled: record.status === 'deleting' && (Boolean(record.error) || lost),
        error: record.status === 'deleting' ? (record.error ?? (lost ? 'The deletion stopped before it finished.' : null)) : null,
      };
    },
  };
}

export type DeletedAccounts = ReturnType<typeof createDeletedAccounts>;
