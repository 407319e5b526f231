import { randomUUID } from 'node:crypto';
import { describe, expect, inject, it } from 'vitest';
import { CreateTableCommand, DescribeTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { tableKeys, tables } from '../../../shared/resources/tables';
import { createTableInput, ensureTables } from '../../../infra/local/dynamodb/dynamodb';
import { localCredentials, localRegion } from '../../../infra/local/environment';
import { memoryLog } from '../../../infra/local/log';

const twin = inject('twin');

describe("the twin's tables", () => {
  it('creates missing tables and adds indexes that later definitions introduced to old ones', async () => {
    const prefix = `upgrade-${randomUUID().slice(0, 6)}`;
    const names = Object.fromEntries(tableKeys.map((key) => [key, `${prefix}-${tables[key].name}`]));
    const client = new DynamoDBClient({ endpoint: twin.endpoints.dynamodb, region: localRegion, credentials: localCredentials });
    const old = createTableInput(names['connections']!, tables.connections);
    delete old.GlobalSecondaryIndexes;
    old.AttributeDefinitions = old.AttributeDefinitions!.filter((attribute) => ['userId', 'connectionId'].includes(attribute.AttributeName!));
    await client.send(new CreateTableCommand(old));
    const log = memoryLog();

    await ensureTables(twin.endpoints.dynamodb, names, log);

    const { Table } = await client.send(new DescribeTableCommand({ TableName: names['connections'] }));
    expect(Table?.GlobalSecondaryIndexes?.map((index) => index.IndexName)).toEqual(['byRefreshDue']);
    expect(log.lines).toContain(`dynamodb added index byRefreshDue to ${names['connections']}`);
    expect(log.lines.filter((line) => line.includes('created table'))).toHaveLength(tableKeys.length - 1);
  });
});
