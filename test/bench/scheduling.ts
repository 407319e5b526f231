import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startTwin } from '../../infra/local/twin';
import { memoryLog } from '../../infra/local/log';
import type { ConnectionList } from '../../shared/api/connections';
import type { Post, PostPage } from '../../shared/api/posts';
import { toTwinInfo, type TwinInfo } from '../support/twinInfo';
import { callApi, createUser, type TestUser } from '../support/users';
import { connectThroughOAuth, makeAdmin, sandboxControl } from '../support/connect';
import { createPost, tinyJpeg, uploadMedia } from '../support/posts';
import type { Benchmark, Figure } from './benchmarks';
import { liftUserRateLimit } from './rateLimitLift';

/** How many posts, all due at the same instant. */
const POSTS = Number(process.env['BENCH_SCHEDULING_POSTS'] ?? 500);
/** Creation runs this many requests at a time. */
const CREATE_CONCURRENCY = 8;
/** The posts are due this long after the bench starts creating them (creation must finish first). */
const LEAD_MS = Number(process.env['BENCH_SCHEDULING_LEAD_S'] ?? 150) * 1000;
/** Give up waiting for the last posts this long after their time. */
const SETTLE_MS = 10 * 60_000;

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? Number.NaN;
const round = (value: number, digits = 2) => Number(value.toFixed(digits));

async function allPosts(twin: TwinInfo, user: TestUser, list: 'scheduled' | 'publishing' | 'published'): Promise<Post[]> {
  const posts: Post[] = [];
  let cursor: string | null = null;
  do {
    const { body } = await callApi(twin, `/posts?status=${list}&limit=100${cursor ? `&cursor=${cursor}` : ''}`, user.idToken);
    const page = body as unknown as PostPage;
    posts.push(...page.posts);
    cursor = page.nextCursor;
  } while (cursor);
  return posts;
}

/**
 * 500 posts scheduled for the same instant on the offline twin (real waits, one LinkedIn
 * sandbox account, image posts): how late each one starts publishing (startedAt −
 * scheduledFor, recorded by the first step's conditional claim) and how many get published.
 */
export const schedulingBenchmark: Benchmark = {
  name: `scheduling: ${POSTS} posts due at once (twin, LinkedIn sandbox)`,
  async run(): Promise<Figure[]> {
    const restoreRateLimit = liftUserRateLimit();
    const dataDir = mkdtempSync(join(tmpdir(), 'oneclick-bench-scheduling-'));
    const twin = await startTwin({ dataDir, log: memoryLog(), inMemoryDynamoDb: true });
    const info = toTwinInfo(twin);
    try {
      const user = await createUser(info);
      await makeAdmin(info, user);
      await connectThroughOAuth(info, user, 'linkedin', 'bench-scheduling');
      await sandboxControl(info).setLimit('linkedin', 'postsPerDay', POSTS * 2);
      const connections = (await callApi(info, '/connections', user.idToken)).body as unknown as ConnectionList;
      const accountId = connections.connections[0]!.platformUserId;
      const key = await uploadMedia(info, user.userId, { kind: 'image', body: tinyJpeg });

      const createdAt = Date.now();
      const due = new Date(createdAt + LEAD_MS);
      let next = 0;
      const ids: string[] = [];
      const worker = async () => {
        while (next < POSTS) {
          const index = next++;
          const created = await createPost(info, user, {
            description: `Scheduled bench post ${index} of ${POSTS}`,
            media: [{ key }],
            targets: [{ platform: 'linkedin', accountId }],
            scheduledFor: due.toISOString(),
            timeZone: 'UTC',
          });
          if (created.status !== 200) throw new Error(`POST /posts answered ${created.status}: ${JSON.stringify(created.body)}`);
          ids.push((created.body as unknown as Post).postId);
        }
      };
      await Promise.all(Array.from({ length: CREATE_CONCURRENCY }, worker));
      const createSeconds = (Date.now() - createdAt) / 1000;
      if (Date.now() >= due.getTime()) throw new Error(`Creating ${POSTS} posts took ${createSeconds} s, past their time: raise BENCH_SCHEDULING_LEAD_S`);
      process.stdout.write(`  created ${POSTS} posts in ${createSeconds.toFixed(1)} s; due at ${due.toISOString()}\n`);

      // Wait for the time, then until nothing is scheduled or publishing (or the cap).
      await new Promise((resolve) => setTimeout(resolve, due.getTime() - Date.now()));
      const deadline = due.getTime() + SETTLE_MS;
      for (;;) {
        const open = (await allPosts(info, user, 'scheduled')).length + (await allPosts(info, user, 'publishing')).length;
        if (open === 0 || Date.now() > deadline) break;
        await new Promise((resolve) => setTimeout(resolve, 2000));
      }
      const settledSeconds = (Date.now() - due.getTime()) / 1000;
      const finished = (await allPosts(info, user, 'published')).filter((post) => ids.includes(post.postId));
      const published = finished.filter((post) => post.status === 'published');
      const lateness = finished
        .filter((post) => post.startedAt)
        .map((post) => (new Date(post.startedAt!).getTime() - new Date(post.scheduledFor!).getTime()) / 1000)
        .sort((a, b) => a - b);
      const feed = (await sandboxControl(info).feed('linkedin', 'bench-scheduling')).posts.length;
      return [
        { name: 'posts scheduled (same instant)', value: POSTS, unit: 'posts' },
        { name: 'creation rate (POST /posts, 8 at a time)', value: round(POSTS / createSeconds, 1), unit: 'posts/s' },
        { name: 'lateness p50 (publish start − scheduledFor)', value: round(percentile(lateness, 50)), unit: 's' },
        { name: 'lateness p95', value: round(percentile(lateness, 95)), unit: 's' },
        { name: 'lateness p99', value: round(percentile(lateness, 99)), unit: 's' },
        { name: 'lateness max', value: round(lateness.at(-1) ?? Number.NaN), unit: 's' },
        { name: 'started before their time', value: lateness.filter((seconds) => seconds < 0).length, unit: 'posts' },
        { name: 'published', value: published.length, unit: 'posts' },
        { name: 'failed or partly published', value: finished.length - published.length, unit: 'posts' },
        { name: 'in the sandbox feed', value: feed, unit: 'posts' },
        { name: 'all finished after their time', value: round(settledSeconds, 1), unit: 's' },
      ];
    } finally {
      restoreRateLimit();
      await twin.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  },
};
