import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { ulid } from 'ulid';
import { BatchWriteCommand, GetCommand } from '@aws-sdk/lib-dynamodb';
import { startTwin } from '../../infra/local/twin';
import { memoryLog } from '../../infra/local/log';
import { buildFrontend, buildIsStale, distDir } from '../../infra/local/frontendBuild';
import type { ConnectionList } from '../../shared/api/connections';
import type { Post } from '../../shared/api/posts';
import { toTwinInfo, type TwinInfo } from '../support/twinInfo';
import { callApi, createUser, documentClient, type TestUser } from '../support/users';
import { connectThroughOAuth, makeAdmin, sandboxAccountName } from '../support/connect';
import { createPost, tinyJpeg, uploadMedia, waitForPost } from '../support/posts';
import type { Benchmark, Figure } from './benchmarks';
import { cpuMeter, type CpuSample } from './processCpu';
import { liftUserRateLimit } from './rateLimitLift';

/**
 * Load on the offline twin's API (the real handlers behind the local API Gateway and JWT
 * authorizer, DynamoDB Local, s3rver): concurrent clients list a 10,000-post history in pages of
 * 50, read one post, and create posts. Reports throughput, p50/p99 latency and errors, and per
 * call the CPU of this process and of DynamoDB Local (the figures a shared machine moves least)
 * and the answer's size. The twin
 * runs in this process on a 2-core machine, so the figures bound what one laptop serves, not
 * what AWS would.
 */
const HISTORY = 10_000;
const PAGE = 50;
const CONNECTIONS = 16;
const SECONDS = 10;
/**
 * Each phase is run this long first, not counted: the JVM of DynamoDB Local is still collecting
 * the seeded history's garbage and compiling, which otherwise lands on the first phase's calls.
 */
const WARM_UP_SECONDS = 2;

/** Copies a real published post's item into `count` posts spread over the last year. */
async function seedHistory(twin: TwinInfo, user: TestUser, template: Post): Promise<void> {
  const db = documentClient(twin);
  const { Item } = await db.send(new GetCommand({ TableName: twin.tableNames.posts, Key: { userId: user.userId, postId: template.postId } }));
  if (!Item) throw new Error('the template post is not in the table');
  const now = Date.now();
  const items = Array.from({ length: HISTORY }, (_unused, index) => {
    const at = new Date(now - (index + 1) * 50 * 60_000).toISOString();
    const postId = ulid(now - (index + 1) * 50 * 60_000);
    const text = JSON.stringify(Item).replaceAll(template.postId, postId).replaceAll(template.createdAt, at);
    return { ...(JSON.parse(text) as Record<string, unknown>), description: `History post ${index + 1}` };
  });
  for (let start = 0; start < items.length; start += 25) {
    let batch: Record<string, unknown[]> | undefined = { [twin.tableNames.posts]: items.slice(start, start + 25).map((item) => ({ PutRequest: { Item: item } })) };
    while (batch && Object.keys(batch).length) {
      const result = await db.send(new BatchWriteCommand({ RequestItems: batch as never }));
      batch = result.UnprocessedItems as Record<string, unknown[]> | undefined;
    }
  }
}

/** Every page's cursor, walking the list once (so the load hits pages deep in the history too). */
async function cursors(twin: TwinInfo, user: TestUser): Promise<string[]> {
  const found: string[] = [''];
  for (;;) {
    const query = `/posts?status=published&limit=${PAGE}${found.at(-1) ? `&cursor=${found.at(-1)}` : ''}`;
    const { status, body } = await callApi(twin, query, user.idToken);
    if (status !== 200) throw new Error(`listing answered ${status}`);
    const page = body as unknown as { posts: Post[]; nextCursor: string | null };
    if (!page.nextCursor) return found;
    found.push(page.nextCursor);
  }
}

/** One phase, after its warm-up: its throughput and latency, and per call its CPU (both processes) and answer's bytes. */
async function hammer(name: string, options: autocannon.Options, cpu: () => CpuSample): Promise<Figure[]> {
  await autocannon({ connections: CONNECTIONS, duration: WARM_UP_SECONDS, ...options });
  const before = cpu();
  const result = await autocannon({ connections: CONNECTIONS, duration: SECONDS, ...options });
  const after = cpu();
  const errors = result.errors + result.timeouts + result.non2xx;
  const perCall = (total: number) => Math.round((total / Math.max(1, result.requests.total)) * 10) / 10;
  return [
    { name: `${name}: throughput`, value: Math.round(result.requests.average), unit: 'req/s' },
    { name: `${name}: p50 latency`, value: result.latency.p50, unit: 'ms' },
    { name: `${name}: p99 latency`, value: result.latency.p99, unit: 'ms' },
    { name: `${name}: requests`, value: result.requests.total, unit: 'requests' },
    { name: `${name}: errors (non-2xx, timeouts)`, value: errors, unit: 'errors' },
    { name: `${name}: node CPU per call (twin and client)`, value: perCall(after.nodeMs - before.nodeMs), unit: 'ms' },
    { name: `${name}: DynamoDB Local CPU per call`, value: perCall(after.dynamoDbMs - before.dynamoDbMs), unit: 'ms' },
    { name: `${name}: bytes per answer (with headers)`, value: Math.round(result.throughput.total / Math.max(1, result.requests.total)), unit: 'bytes' },
  ];
}

export const loadBenchmark: Benchmark = {
  name: 'API load (offline twin)',
  async run() {
    const restoreRateLimit = liftUserRateLimit();
    if (buildIsStale()) await buildFrontend();
    const dataDir = mkdtempSync(join(tmpdir(), 'oneclick-bench-load-'));
    const twinProcess = await startTwin({ dataDir, log: memoryLog(), distDir, inMemoryDynamoDb: true });
    const twin = toTwinInfo(twinProcess);
    try {
      const user = await createUser(twin);
      await makeAdmin(twin, user);
      await connectThroughOAuth(twin, user, 'linkedin', sandboxAccountName('load'));
      const accountId = ((await callApi(twin, '/connections', user.idToken)).body as unknown as ConnectionList).connections[0]!.platformUserId;
      const mediaKey = await uploadMedia(twin, user.userId, { kind: 'image', body: tinyJpeg });
      const created = await createPost(twin, user, { description: 'template', media: [{ key: mediaKey }], targets: [{ platform: 'linkedin', accountId }] });
      const template = await waitForPost(twin, user, (created.body as unknown as Post).postId);
      await seedHistory(twin, user, template);
      const pages = await cursors(twin, user);
      const cpu = cpuMeter(twinProcess.endpoints.dynamodb);
      const headers = { authorization: `Bearer ${user.idToken}`, 'content-type': 'application/json' };
      const figures: Figure[] = [{ name: 'history: posts / pages of 50', value: pages.length * PAGE, unit: `posts (${pages.length} pages)` }];

      figures.push(
        ...(await hammer('list posts (random page of 50)', {
          url: twin.apiUrl,
          requests: [
            {
              method: 'GET',
              headers,
              setupRequest: (request) => {
                const cursor = pages[Math.floor(Math.random() * pages.length)]!;
                return { ...request, path: `/api/posts?status=published&limit=${PAGE}${cursor ? `&cursor=${cursor}` : ''}` };
              },
            },
          ],
        }, cpu)),
      );
      figures.push(...(await hammer('get one post', { url: `${twin.apiUrl}/posts/${template.postId}`, method: 'GET', headers }, cpu)));
      // Scheduled a month ahead: each request stores the post and starts its execution, the
      // whole create path, without the platforms' publishing competing for the same two cores.
      const scheduledFor = new Date(Date.now() + 30 * 24 * 3600_000).toISOString();
      figures.push(
        ...(await hammer('create post (scheduled)', {
          url: `${twin.apiUrl}/posts`,
          method: 'POST',
          headers,
          body: JSON.stringify({ description: 'Load test post', media: [{ key: mediaKey }], targets: [{ platform: 'linkedin', accountId }], scheduledFor, timeZone: 'Europe/Istanbul' }),
        }, cpu)),
      );
      return figures;
    } finally {
      restoreRateLimit();
      // autocannon returns at its deadline; let the requests still in flight finish first.
      await new Promise((resolveDrain) => setTimeout(resolveDrain, 2000));
      await twinProcess.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  },
};
