import { QueryCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

export interface RecordsWithPrefixOptions {
  /** A strongly consistent read: what the same caller has just written is seen. */
  consistent?: boolean;
  /** Only these attributes (a ProjectionExpression; `#record` names the sort key). */
  projection?: string;
  /** Highest sort key first (time-ordered ids: newest first). */
  newestFirst?: boolean;
}

/**
 * Every item of one partition (`userId`: a user's or a workspace's) whose `record` begins with
 * `prefix`, page by page: the one query the tables keyed (userId, record) share for their kinds of
 * record (API keys, webhook endpoints, feeds, review links, invitations…).
 */
export async function recordsWithPrefix<T>(db: DynamoDBDocumentClient, tableName: string, partition: string, prefix: string, options: RecordsWithPrefixOptions = {}): Promise<T[]> {
  const items: T[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await db.send(
      new QueryCommand({
        TableName: tableName,
        KeyConditionExpression: 'userId = :partition AND begins_with(#record, :prefix)',
        ExpressionAttributeNames: { '#record': 'record' },
        ExpressionAttributeValues: { ':partition': partition, ':prefix': prefix },
        ...(options.consistent ? { ConsistentRead: true } : {}),
        ...(options.projection ? { ProjectionExpression: options.projection } : {}),
        ...(options.newestFirst ? { ScanIndexForward: false } : {}),
        ...(startKey ? { ExclusiveStartKey: startKey } : {}),
      }),
    );
    items.push(...((page.Items ?? []) as T[]));
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return items;
}
