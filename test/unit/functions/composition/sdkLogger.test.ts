import { Readable } from 'node:stream';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it, vi } from 'vitest';
import { createS3Client } from '../../../../functions/composition/s3';
import { createDocumentClient } from '../../../../functions/composition/shared';
import { withoutSdkLogger } from '../../../../functions/composition/sdkLogger';

const hasLogger = (client: { middlewareStack: { identify(): string[] } }) => client.middlewareStack.identify().some((entry) => entry.startsWith('loggerMiddleware'));

/** A DynamoDB client whose every call answers `body` (no network). */
function answering(body: unknown) {
  return new DynamoDBClient({
    region: 'eu-central-1',
    credentials: { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'secret' },
    requestHandler: { handle: async () => ({ response: { statusCode: 200, headers: { 'content-type': 'application/x-amz-json-1.0' }, body: Readable.from([Buffer.from(JSON.stringify(body))]) } }) } as never,
  });
}

describe('SDK clients without the SDK\'s logger', () => {
  it('takes the logger middleware off the functions\' DynamoDB and S3 clients (a client as the SDK builds it has one)', () => {
    vi.stubEnv('AWS_REGION', 'eu-central-1');
    try {
      expect(hasLogger(new DynamoDBClient({}))).toBe(true);
      expect(hasLogger(createDocumentClient())).toBe(false);
      expect(hasLogger(createS3Client({}))).toBe(false);
    } finally {
      vi.unstubAllEnvs();
    }
  });

  it('no longer passes an answer through the command\'s sensitive-data filter, and still returns it whole', async () => {
    const body = { Items: [{ userId: { S: 'u1' }, postId: { S: 'p1' }, description: { S: 'A post' } }], Count: 1, ScannedCount: 1 };
    const query = () => new QueryCommand({ TableName: 'posts', KeyConditionExpression: 'userId = :user', ExpressionAttributeValues: { ':user': 'u1' } });
    const filtered = vi.fn((output: unknown) => output);
    const walk = (client: DynamoDBClient) => {
      client.middlewareStack.add((next, context) => (args) => ((context.outputFilterSensitiveLog = filtered), next(args)), { step: 'initialize', priority: 'high', name: 'spyOnTheLogFilter' });
      return client;
    };

    await walk(answering(body)).send(query());
    expect(filtered).toHaveBeenCalledTimes(1);
    filtered.mockClear();
    const output = await withoutSdkLogger(walk(answering(body))).send(query());
    expect(filtered).not.toHaveBeenCalled();
    expect(output.Items).toEqual([{ userId: 'u1', postId: 'p1', description: 'A post' }]);
  });
});
