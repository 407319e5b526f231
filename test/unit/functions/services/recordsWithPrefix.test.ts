import { QueryCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { recordsWithPrefix } from '../../../../functions/services/recordsWithPrefix';

/** A client answering queries from pages, recording each query's input. */
function pagedClient(pages: Array<{ Items: Array<Record<string, unknown>>; LastEvaluatedKey?: Record<string, unknown> }>) {
  const inputs: Array<QueryCommand['input']> = [];
  const db = {
    send: async (command: QueryCommand) => {
      inputs.push(command.input);
      const page = pages[inputs.length - 1];
      if (!page) throw new Error('asked for a page past the last');
      return page;
    },
  } as unknown as DynamoDBDocumentClient;
  return { db, inputs };
}

describe('recordsWithPrefix', () => {
  it('reads every page of the partition for the prefix, each page starting where the last stopped', async () => {
    const { db, inputs } = pagedClient([{ Items: [{ record: 'feed#1' }], LastEvaluatedKey: { userId: 'w', record: 'feed#1' } }, { Items: [{ record: 'feed#2' }] }]);

    const items = await recordsWithPrefix(db, 'memberships', 'w', 'feed#');

    expect(items).toEqual([{ record: 'feed#1' }, { record: 'feed#2' }]);
    expect(inputs).toHaveLength(2);
    expect(inputs[0]).toEqual({ TableName: 'memberships', KeyConditionExpression: 'userId = :partition AND begins_with(#record, :prefix)', ExpressionAttributeNames: { '#record': 'record' }, ExpressionAttributeValues: { ':partition': 'w', ':prefix': 'feed#' } });
    expect(inputs[1]?.ExclusiveStartKey).toEqual({ userId: 'w', record: 'feed#1' });
  });

  it('asks for a consistent read, a projection and newest first only when told', async () => {
    const { db, inputs } = pagedClient([{ Items: [] }]);

    await recordsWithPrefix(db, 'memberships', 'w', 'link#', { consistent: true, projection: 'userId, #record', newestFirst: true });

    expect(inputs[0]).toMatchObject({ ConsistentRead: true, ProjectionExpression: 'userId, #record', ScanIndexForward: false });
  });
});
