import { closeSync, ftruncateSync, mkdtempSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { S3Client } from '@aws-sdk/client-s3';
import { Template } from 'aws-cdk-lib/assertions';
import { buildApp } from '../../infra/app';
import { startTwin } from '../../infra/local/twin';
import { memoryLog } from '../../infra/local/log';
import { usage, type UsageSnapshot } from '../../infra/local/usage';
import { runJob } from '../../infra/local/jobs';
import { buildFrontend, buildIsStale, distDir } from '../../infra/local/frontendBuild';
import { scheduledJobs } from '../../functions/handlers/groups';
import { platforms, type Platform } from '../../shared/platforms';
import { metricsReadSpendUsd, publishSpendUsd, writesFor } from '../../shared/platformPrices';
import { nextRefreshAt } from '../../functions/services/analytics';
import type { ConnectionList } from '../../shared/api/connections';
import type { Post } from '../../shared/api/posts';
import type { UploadSession } from '../../shared/api/uploads';
import { toTwinInfo, type TwinInfo } from '../support/twinInfo';
import { callApi, createUser, type TestUser } from '../support/users';
import { connectThroughOAuth, makeAdmin, sandboxAccountName, sandboxControl } from '../support/connect';
import { createPost, waitForPost } from '../support/posts';
import { syntheticMp4 } from '../support/mp4';
import type { Benchmark, Figure } from './benchmarks';
import { testOptions } from '../support/postOptions';

/**
 * What running OneClick costs on AWS, from counts measured on the offline twin (the same
 * handlers and the same PublishPost definition) and from the synthesized stack, priced at AWS
 * list prices (us-east-1, on-demand, no free tier, as published in November 2026; sources in
 * docs/costs.md). Publishing: POSTS posts, each a VIDEO_MB video to every platform, uploaded
 * through the real presigned flow; scaled to 1,000 posts. Idle: what the stack costs with no
 * user at all in a month.
 */
const POSTS = 8;
const VIDEO_MB = 30;
const MiB = 1024 * 1024;
const projectRoot = resolve(import.meta.dirname, '../..');

export const prices = {
  lambdaPerRequest: 0.2 / 1e6,
  lambdaArmPerGbSecond: 0.0000133334,
  stepFunctionsPerTransition: 0.025 / 1000,
  // Express workflows (the follow-ups): per request, and per GB-second in 64 MB blocks and 100 ms steps.
  stepFunctionsExpressPerRequest: 1.0 / 1e6,
  stepFunctionsExpressPerGbSecond: 0.00001667,
  httpApiPerRequest: 1.0 / 1e6,
  dynamoPerWriteUnit: 0.625 / 1e6,
  dynamoPerReadUnit: 0.125 / 1e6,
  s3PerGet: 0.0004 / 1000,
  s3PerPut: 0.005 / 1000,
  s3PerGbMonth: 0.023,
  transferOutPerGb: 0.09,
  logsIngestionPerGb: 0.5,
  kmsKeyPerMonth: 1.0,
  kmsPerRequest: 0.03 / 10_000,
  secretPerMonth: 0.4,
  /** Per alarm metric; a Metrics Insights alarm bills the metrics its query analyzes at this rate, and at idle it analyzes none (docs/costs.md). */
  alarmMetricPerMonth: 0.1,
  /** Always free each month (not the 12-month free tier): 10 alarm metrics of standard alarms that list metrics (not Metrics Insights ones). */
  alarmMetricsFree: 10,
  /** A dashboard beyond the free ones. */
  dashboardPerMonth: 3.0,
  /** Always free: 3 dashboards of up to 50 metrics each. */
  dashboardsFree: 3,
  /** A custom metric, per month while it receives data (prorated by the hour). */
  customMetricPerMonth: 0.3,
  /** Parameter Store standard-tier parameters: no charge (the aws/ssm key: no charge). */
  standardParameterPerMonth: 0,
} as const;

/** Counts the SDK calls the handlers make (they run in this process, inside the twin). */
function countSdkCalls() {
  const counts: Record<string, number> = {};
  const patched: Array<[{ prototype: { send: unknown } }, unknown]> = [];
  for (const [name, client] of [
    ['dynamodb', DynamoDBClient],
    ['dynamodb', DynamoDBDocumentClient],
    ['s3', S3Client],
  ] as const) {
    const original = client.prototype.send;
    patched.push([client as never, original]);
    (client.prototype as { send: unknown }).send = function (this: unknown, command: { constructor: { name: string } }, ...rest: unknown[]) {
      const key = `${name}:${command.constructor.name.replace(/Command$/, '')}`;
      counts[key] = (counts[key] ?? 0) + 1;
      return (original as (...args: unknown[]) => unknown).call(this, command, ...rest);
    };
  }
  return { counts, restore: () => patched.forEach(([client, original]) => ((client.prototype as { send: unknown }).send = original)) };
}

/**
 * Log bytes the handlers write (Powertools JSON lines on stdout, as CloudWatch would ingest),
 * the operator's metrics (Powertools Metrics' EMF lines) included; and the custom metrics
 * those EMF lines make (namespace, name and dimension values).
 */
function countLogBytes() {
  let bytes = 0;
  const metrics = new Set<string>();
  const original = process.stdout.write.bind(process.stdout);
  process.stdout.write = ((chunk: string | Uint8Array, ...rest: unknown[]) => {
    const text = typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8');
    if (text.startsWith('{"level":') || text.startsWith('{"_aws":')) {
      bytes += Buffer.byteLength(text);
      if (text.startsWith('{"_aws":')) {
        const line = JSON.parse(text) as { _aws: { CloudWatchMetrics: Array<{ Namespace: string; Dimensions: string[][]; Metrics: Array<{ Name: string }> }> } } & Record<string, unknown>;
        for (const directive of line._aws.CloudWatchMetrics) {
          for (const dimensions of directive.Dimensions) {
            for (const metric of directive.Metrics) metrics.add(`${directive.Namespace}/${metric.Name}/${dimensions.map((name) => `${name}=${String(line[name])}`).join(',')}`);
          }
        }
      }
      return true;
    }
    return (original as (...args: unknown[]) => boolean)(chunk, ...rest);
  }) as typeof process.stdout.write;
  return { bytes: () => bytes, customMetrics: () => metrics.size, resetMetrics: () => metrics.clear(), restore: () => (process.stdout.write = original) };
}

function sparseVideo(dir: string): Buffer {
  const file = join(dir, 'video.mp4');
  const fd = openSync(file, 'w');
  writeSync(fd, syntheticMp4({ durationSeconds: 30, payloadBytes: 64 }));
  ftruncateSync(fd, VIDEO_MB * MiB);
  closeSync(fd);
  return readFileSync(file);
}

/** The upload as the browser does it: start, PUT the parts to S3, complete. */
async function upload(twin: TwinInfo, user: TestUser, body: Buffer): Promise<string> {
  const json = { 'content-type': 'application/json' };
  const started = await callApi(twin, '/uploads', user.idToken, { method: 'POST', headers: json, body: JSON.stringify({ fileName: 'clip.mp4', contentType: 'video/mp4', size: body.length }) });
  const session = started.body as unknown as UploadSession;
  const parts = await Promise.all(
    session.parts.map(async ({ partNumber, url }) => {
      const start = (partNumber - 1) * session.partSize;
      const response = await fetch(url, { method: 'PUT', body: new Uint8Array(body.subarray(start, start + session.partSize)) });
      return { partNumber, etag: response.headers.get('etag')! };
    }),
  );
  const completed = await callApi(twin, '/uploads/complete', user.idToken, { method: 'POST', headers: json, body: JSON.stringify({ key: session.key, uploadId: session.uploadId, parts }) });
  if (completed.status !== 200) throw new Error(`complete answered ${completed.status}`);
  return session.key;
}

/** Memory (MB) of each deployed function, by the name the twin's usage meter gives it. */
function memoryByFunction(template: Template): (fn: string) => number {
  const functions = Object.values(template.findResources('AWS::Lambda::Function')).map((resource) => ({
    description: String(resource.Properties.Description ?? ''),
    memory: Number(resource.Properties.MemorySize ?? 128),
  }));
  const find = (fragment: string) => functions.find((fn) => fn.description.includes(fragment))?.memory;
  return (fn) => {
    const [kind, name] = fn.split(':') as [string, string];
    const memory =
      kind === 'api' ? find(`API: ${name} routes`) : kind === 'publisher' ? find(`publish steps for ${name}`) : kind === 'finalize' ? find('sets a post') : find(`job: ${scheduledJobs[name as keyof typeof scheduledJobs]?.description}`);
    if (!memory) throw new Error(`No deployed function for ${fn}`);
    return memory;
  };
}

const round = (value: number, digits = 2) => Math.round(value * 10 ** digits) / 10 ** digits;

/**
 * What the platforms bill for the posts the run published (shared/platformPrices.ts, docs/costs.md):
 * every post the bench's accounts published (the sandbox's feed holds one per successful create
 * call, a thread's parts and first comments included) and how many carry a URL as X reads it.
 */
async function platformApiCharges(twin: TwinInfo): Promise<{ usd: number; writes: Record<Platform, { posts: number; postsWithLink: number }> }> {
  const control = sandboxControl(twin);
  const writes = {} as Record<Platform, { posts: number; postsWithLink: number }>;
  let usd = 0;
  for (const platform of platforms) {
    const texts: string[] = [];
    for (const account of new Set((await control.tokens(platform)).map((token) => token.account))) {
      texts.push(...(await control.feed(platform, account)).posts.map((post) => post.text));
    }
    writes[platform] = writesFor(texts);
    usd += publishSpendUsd(platform, writes[platform]);
  }
  return { usd, writes };
}

/** The UTC days on which the analytics job reads a post published at this time (its schedule, functions/services/analytics.ts: 90 days). */
function utcDaysRead(publishedAt: Date): number {
  const days = new Set<string>();
  for (let at: Date | undefined = publishedAt; at; at = nextRefreshAt(publishedAt, at, 'x')) days.add(at.toISOString().slice(0, 10));
  return days.size;
}

function lambdaCost(snapshot: UsageSnapshot, memoryOf: (fn: string) => number, scale: number) {
  let requests = 0;
  let gbSeconds = 0;
  for (const [fn, totals] of Object.entries(snapshot.invocations)) {
    requests += totals.count * scale;
    gbSeconds += (totals.totalMs / 1000) * (memoryOf(fn) / 1024) * scale;
  }
  return { requests, gbSeconds, dollars: requests * prices.lambdaPerRequest + gbSeconds * prices.lambdaArmPerGbSecond };
}

export const costBenchmark: Benchmark = {
  name: 'cost on AWS (list prices)',
  async run() {
    // The stack as deployed: what exists at idle, and each function's memory.
    const { app, stack } = buildApp({ webAssetPath: resolve(projectRoot, 'test/fixtures/web') });
    app.synth();
    const template = Template.fromStack(stack);
    const memoryOf = memoryByFunction(template);
    const count = (type: string) => Object.keys(template.findResources(type)).length;
    // Alarm metrics as CloudWatch bills them: each metric a standard alarm lists (a metric-math
    // alarm's included); a Metrics Insights alarm (a SELECT query) bills the metrics it analyzes.
    const alarms = Object.values(template.findResources('AWS::CloudWatch::Alarm'));
    const insightsAlarms = alarms.filter((alarm) => (alarm.Properties.Metrics as Array<{ Expression?: string }> | undefined)?.some((metric) => /^SELECT /.test(metric.Expression ?? '')));
    const alarmMetrics = alarms
      .filter((alarm) => !insightsAlarms.includes(alarm))
      .reduce((sum, alarm) => sum + (alarm.Properties.Metrics ? (alarm.Properties.Metrics as Array<{ MetricStat?: unknown }>).filter((metric) => metric.MetricStat).length : 1), 0);
    const dashboards = count('AWS::CloudWatch::Dashboard');
    // The platforms' credentials: one SecureString each, put by the operator (the functions name them).
    const parameters = new Set(
      Object.values(template.findResources('AWS::Lambda::Function')).flatMap((fn) =>
        Object.entries((fn.Properties.Environment?.Variables ?? {}) as Record<string, unknown>).filter(([name]) => name.endsWith('_CREDENTIALS_PARAMETER')).map(([, value]) => String(value)),
      ),
    ).size;

    if (buildIsStale()) await buildFrontend();
    const dataDir = mkdtempSync(join(tmpdir(), 'oneclick-bench-cost-'));
    // The twin keeps the operator's metrics quiet; here they are written, counted and priced.
    const metricsWere = process.env['POWERTOOLS_METRICS_DISABLED'];
    process.env['POWERTOOLS_METRICS_DISABLED'] = 'false';
    const twinProcess = await startTwin({ dataDir, log: memoryLog(), distDir, inMemoryDynamoDb: true });
    const twin = toTwinInfo(twinProcess);
    const sdk = countSdkCalls();
    const logs = countLogBytes();
    try {
      const user = await createUser(twin);
      await makeAdmin(twin, user);
      for (const platform of platforms) await connectThroughOAuth(twin, user, platform, sandboxAccountName(`cost-${platform}`));
      const connections = ((await callApi(twin, '/connections', user.idToken)).body as unknown as ConnectionList).connections;
      const video = sparseVideo(dataDir);

      // Idle: one run of each scheduled job, with nothing to do.
      usage.reset();
      logs.resetMetrics();
      const idleJobs: Record<string, { ms: number }> = {};
      for (const name of Object.keys(scheduledJobs) as Array<keyof typeof scheduledJobs>) {
        const started = performance.now();
        await runJob(name);
        idleJobs[name] = { ms: performance.now() - started };
      }
      const idleCustomMetrics = logs.customMetrics();
      logs.resetMetrics();

      // Publishing: POSTS posts to every platform, measured from the first upload to the last final status.
      usage.reset();
      for (const key of Object.keys(sdk.counts)) delete sdk.counts[key];
      const logStart = logs.bytes();
      // One post at a time, as separate Lambdas would each have their own CPU: the handlers'
      // durations are not stretched by other posts sharing this machine's two cores. The bench
      // waits on the engine, not by polling the API (which would add reads no post costs).
      const postIds: string[] = [];
      for (let index = 0; index < POSTS; index += 1) {
        const key = await upload(twin, user, video);
        const created = await createPost(twin, user, {
          description: `Cost run post ${index + 1}`,
          title: `Cost run ${index + 1}`,
          media: [{ key }],
          targets: connections.map((connection) => ({ platform: connection.platform, accountId: connection.platformUserId, ...testOptions(connection.platform) })),
        });
        if (created.status !== 200) throw new Error(`createPost answered ${created.status}: ${JSON.stringify(created.body)}`);
        postIds.push((created.body as unknown as Post).postId);
        await twinProcess.publishingIdle();
      }
      const measured = usage.read();
      const counted = { ...sdk.counts };
      const posts = await Promise.all(postIds.map((postId) => waitForPost(twin, user, postId, 60_000)));
      const published = posts.filter((post) => post.status === 'published').length;
      const charges = await platformApiCharges(twin);
      const xPostDaysRead = posts.flatMap((post) => post.targets.filter((target) => target.platform === 'x' && target.status === 'published').map((target) => utcDaysRead(new Date(target.updatedAt)))).reduce((sum, days) => sum + days, 0);
      const scale = 1000 / POSTS;

      const sfnTransitions = measured.stateTransitions * scale;
      // Each follow-up billed at the smallest memory block (its state is a few KB) and its duration rounded up to 100 ms.
      const expressRuns = measured.express.count * scale;
      const expressGbSeconds = (Math.ceil(measured.express.totalMs / Math.max(1, measured.express.count) / 100) * 0.1 * expressRuns * 64) / 1024;
      const lambda = lambdaCost(measured, memoryOf, scale);
      const apiRequests = Object.values(measured.apiRequests).reduce((sum, value) => sum + value, 0) * scale;
      const publishSteps = Object.entries(measured.invocations).filter(([fn]) => fn.startsWith('publisher:')).reduce((sum, [, totals]) => sum + totals.count, 0) * scale;
      const dynamoWrites = Object.entries(counted).filter(([key]) => /^dynamodb:(Put|Update|Delete|TransactWrite|BatchWrite)/.test(key)).reduce((sum, [, value]) => sum + value, 0) * scale;
      const dynamoReads = Object.entries(counted).filter(([key]) => /^dynamodb:(Get|Query|Scan|BatchGet|TransactGet)/.test(key)).reduce((sum, [, value]) => sum + value, 0) * scale;
      const s3Gets = Object.entries(counted).filter(([key]) => /^s3:(Get|Head)/.test(key)).reduce((sum, [, value]) => sum + value, 0) * scale;
      const s3Puts = (Object.entries(counted).filter(([key]) => /^s3:(Put|Create|Complete|UploadPart|Copy|List|Delete)/.test(key)).reduce((sum, [, value]) => sum + value, 0) + POSTS * Math.ceil(VIDEO_MB / 8)) * scale;
      const transferGb = ((VIDEO_MB * platforms.length) / 1024) * 1000;
      const storedGb = (VIDEO_MB / 1024) * 1000;
      // CloudWatch Logs: the handlers' lines as measured, plus Lambda's own START/END/REPORT
      // lines (about 400 bytes per invocation) and the state machine's ALL-level log without
      // execution data (about 2 events of 350 bytes per transition).
      const invocations = Object.values(measured.invocations).reduce((sum, totals) => sum + totals.count, 0) * scale;
      const logGb = ((logs.bytes() - logStart) * scale + invocations * 400 + sfnTransitions * 700) / 1024 ** 3;

      const perThousand = {
        'Step Functions transitions': sfnTransitions * prices.stepFunctionsPerTransition,
        'Step Functions Express (follow-ups)': expressRuns * prices.stepFunctionsExpressPerRequest + expressGbSeconds * prices.stepFunctionsExpressPerGbSecond,
        'Lambda requests and compute': lambda.dollars,
        'HTTP API requests': apiRequests * prices.httpApiPerRequest,
        'DynamoDB requests (≤1 KB writes, ≤4 KB reads)': dynamoWrites * 2 * prices.dynamoPerWriteUnit + dynamoReads * prices.dynamoPerReadUnit,
        'S3 requests': s3Gets * prices.s3PerGet + s3Puts * prices.s3PerPut,
        'S3 storage of the videos for a month': storedGb * prices.s3PerGbMonth,
        'Data transfer out to the platforms': transferGb * prices.transferOutPerGb,
        'CloudWatch Logs ingestion': logGb * prices.logsIngestionPerGb,
        'KMS decrypts (one per publish step)': publishSteps * prices.kmsPerRequest,
        // Not AWS: what the platforms bill for the posts themselves (only X charges).
        [`platform API charges (X pay-per-use, per post: ${round(charges.writes.x.posts / POSTS, 1)} X posts, ${round(charges.writes.x.postsWithLink / POSTS, 1)} with a URL)`]: charges.usd * scale,
        [`platform API charges (X reads each post's numbers for 90 days: ${round(xPostDaysRead / POSTS, 1)} UTC days per post, charged once a day)`]: metricsReadSpendUsd('x', xPostDaysRead) * scale,
      };
      const jobRunsPerMonth = Object.entries(scheduledJobs).map(([name, job]) => ({ name, runs: (30 * 24 * 60) / job.everyMinutes, ms: idleJobs[name]!.ms }));
      const idle = {
        [`KMS keys (${count('AWS::KMS::Key')})`]: count('AWS::KMS::Key') * prices.kmsKeyPerMonth,
        [`Secrets Manager secrets (${count('AWS::SecretsManager::Secret')})`]: count('AWS::SecretsManager::Secret') * prices.secretPerMonth,
        [`Parameter Store SecureStrings (${parameters}, standard tier)`]: parameters * prices.standardParameterPerMonth,
        [`CloudWatch alarm metrics (${alarmMetrics} listed, ${prices.alarmMetricsFree} free)`]: Math.max(0, alarmMetrics - prices.alarmMetricsFree) * prices.alarmMetricPerMonth,
        [`CloudWatch Metrics Insights alarms (${insightsAlarms.length}; metrics analyzed at idle: ${idleCustomMetrics})`]: idleCustomMetrics * prices.alarmMetricPerMonth,
        [`CloudWatch dashboards (${dashboards}, ${prices.dashboardsFree} free)`]: Math.max(0, dashboards - prices.dashboardsFree) * prices.dashboardPerMonth,
        [`Custom metrics written at idle (${idleCustomMetrics})`]: idleCustomMetrics * prices.customMetricPerMonth,
        'Scheduled jobs (Lambda)': jobRunsPerMonth.reduce(
          (sum, job) => sum + job.runs * (prices.lambdaPerRequest + (job.ms / 1000) * (memoryOf(`job:${job.name}`) / 1024) * prices.lambdaArmPerGbSecond),
          0,
        ),
      };
      const sum = (costs: Record<string, number>) => Object.values(costs).reduce((total, value) => total + value, 0);

      const figures: Figure[] = [
        { name: `publishing: posts measured (${VIDEO_MB} MB video, ${platforms.length} platforms)`, value: POSTS, unit: `posts (${published} published)` },
        { name: 'publishing: state transitions per post', value: round(measured.stateTransitions / POSTS, 1), unit: 'transitions' },
        { name: 'publishing: follow-ups (Express) per post', value: round(measured.express.count / POSTS, 1), unit: `runs (${round(measured.express.totalMs / Math.max(1, measured.express.count) / 1000, 1)} s each)` },
        { name: 'publishing: Lambda invocations per post', value: round(invocations / 1000, 1), unit: 'invocations' },
        { name: 'publishing: Lambda GB-seconds per post', value: round(lambda.gbSeconds / 1000, 3), unit: 'GB-s' },
        { name: 'publishing: API requests per post', value: round(apiRequests / 1000, 1), unit: 'requests' },
        { name: 'publishing: DynamoDB writes / reads per post', value: round(dynamoWrites / 1000, 1), unit: `writes / ${round(dynamoReads / 1000, 1)} reads` },
        ...Object.entries(perThousand).map(([name, dollars]) => ({ name: `per 1,000 posts: ${name}`, value: round(dollars, 3), unit: 'USD' })),
        { name: 'per 1,000 posts: TOTAL', value: round(sum(perThousand), 2), unit: 'USD' },
        ...Object.entries(idle).map(([name, dollars]) => ({ name: `idle per month: ${name}`, value: round(dollars, 3), unit: 'USD' })),
        { name: 'idle per month: TOTAL', value: round(sum(idle), 2), unit: 'USD' },
        {
          name: 'idle per month without the always-free alarm metrics and dashboards',
          value: round(sum(idle) + Math.min(alarmMetrics, prices.alarmMetricsFree) * prices.alarmMetricPerMonth + Math.min(dashboards, prices.dashboardsFree) * prices.dashboardPerMonth, 2),
          unit: 'USD',
        },
        { name: 'publishing: custom metrics written (CloudWatch bills each $0.30 a month, by the hour, while it gets data)', value: logs.customMetrics(), unit: 'metrics' },
      ];
      return figures;
    } finally {
      sdk.restore();
      logs.restore();
      await twinProcess.stop();
      if (metricsWere === undefined) delete process.env['POWERTOOLS_METRICS_DISABLED'];
      else process.env['POWERTOOLS_METRICS_DISABLED'] = metricsWere;
      rmSync(dataDir, { recursive: true, force: true });
    }
  },
};
