import { GetCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

/** The memberships table's record that orders a user's new drafts. */
export const DRAFT_GUARD_RECORD = 'drafts';

/**
 * The draft limit held under concurrent saves (issue 26, item 9): a new draft counts the user's
 * drafts, then writes itself in one transaction with a step that passes only if no other new
 * draft of the user was written since the count began (the guard record's `saves`, read before
 * counting). Two saves that counted the same drafts cannot both pass: the second counts again.
 */
export function createDraftGuard({ db, tableName }: { db: DynamoDBDocumentClient; tableName: string }) {
  const key = (userId: string) => ({ userId, record: DRAFT_GUARD_RECORD });
  return {
    /** How many new drafts of the user have passed the guard (read before counting the drafts). */
    async seen(userId: string): Promise<number> {
      const { Item } = await db.send(new GetCommand({ TableName: tableName, Key: key(userId), ConsistentRead: true }));
      return Number(Item?.['saves'] ?? 0);
    },

    /** The transaction step that passes only while no new draft passed since `seen` was read. */
    step(userId: string, seen: number) {
      return {
        Update: {
          TableName: tableName,
          Key: key(userId),
          UpdateExpression: 'SET saves = :next',
          ConditionExpression: seen === 0 ? 'attribute_not_exists(saves)' : 'saves = :seen',
          ExpressionAttributeValues: { ':next': seen + 1, ...(seen === 0 ? {} : { ':seen': seen }) },
        },
      };
    },
  };
}

export type DraftGuard = ReturnType<typeof createDraftGuard>;
