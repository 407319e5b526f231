import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startTwin } from '../../infra/local/twin';
import { memoryLog } from '../../infra/local/log';
import type { PostPage } from '../../shared/api/posts';
import { toTwinInfo } from '../support/twinInfo';
import { callApi, createUser } from '../support/users';
import { connectThroughOAuth, makeAdmin } from '../support/connect';
import { tinyJpeg } from '../support/posts';
import type { UploadSession } from '../../shared/api/uploads';
import type { TwinInfo } from '../support/twinInfo';
import type { TestUser } from '../support/users';
import { callRoute } from '../support/routes';
import { prepareCsv, sendImport } from '../support/imports';
import type { Benchmark, Figure } from './benchmarks';
import { liftUserRateLimit } from './rateLimitLift';

/** How many rows the file has. */
const ROWS = Number(process.env['BENCH_IMPORT_ROWS'] ?? 1000);
const round = (value: number, digits = 2) => Number(value.toFixed(digits));

/** A one-part upload through the API, as the import dialog uploads a chosen file (its record then describes it). */
async function uploadAsTheBrowserDoes(info: TwinInfo, user: TestUser, fileName: string, body: Buffer): Promise<string> {
  const started = await callRoute(info, 'createUpload', { body: { fileName, contentType: 'image/jpeg', size: body.length } }, user.idToken);
  if (started.status !== 200) throw new Error(`POST /uploads answered ${started.status}: ${started.text}`);
  const session = started.body as UploadSession;
  const part = session.parts[0]!;
  const put = await fetch(part.url, { method: 'PUT', body: new Uint8Array(body) });
  const completed = await callRoute(info, 'completeUpload', { body: { key: session.key, uploadId: session.uploadId, parts: [{ partNumber: 1, etag: put.headers.get('etag')! }] } }, user.idToken);
  if (completed.status !== 200) throw new Error(`POST /uploads/complete answered ${completed.status}: ${completed.text}`);
  return session.key;
}

/**
 * A CSV of 1,000 rows (text, a LinkedIn account, one image, a local time in the workspace's zone)
 * on the offline twin, as the import dialog sends it (read and prepared with the shared code, then
 * POST /imports in batches of 100, one after another): the dry run, the import, and the same file
 * imported again (nothing created twice).
 */
export const importBenchmark: Benchmark = {
  name: `import: ${ROWS} CSV rows dry-run and imported (twin, LinkedIn sandbox)`,
  async run(): Promise<Figure[]> {
    const restoreRateLimit = liftUserRateLimit();
    const dataDir = mkdtempSync(join(tmpdir(), 'oneclick-bench-import-'));
    const twin = await startTwin({ dataDir, log: memoryLog(), inMemoryDynamoDb: true });
    const info = toTwinInfo(twin);
    try {
      const user = await createUser(info);
      await makeAdmin(info, user);
      await connectThroughOAuth(info, user, 'linkedin', 'bench-import');
      const key = await uploadAsTheBrowserDoes(info, user, 'photo.jpg', tinyJpeg);
      const workspace = { call: (caller: typeof user, id: Parameters<typeof callRoute>[1], request = {}) => callRoute(info, id, request, caller.idToken) };
      const { connections } = (await callApi(info, '/connections', user.idToken)).body as unknown as { connections: Array<{ platformUserId: string }> };
      const accountId = connections[0]!.platformUserId;
      const start = new Date(Date.now() + 2 * 24 * 3600_000);
      const lines = Array.from({ length: ROWS }, (_unused, index) => {
        const at = new Date(start.getTime() + index * 10 * 60_000).toISOString();
        return `"Bench post ${index + 1}, from a CSV",linkedin:${accountId},photo.jpg,${at.slice(0, 10)} ${at.slice(11, 16)}`;
      });
      const csv = ['text,accounts,media,time', ...lines].join('\r\n');

      const readAt = Date.now();
      const prepared = await prepareCsv(workspace, user, csv, { timeZone: 'UTC', mediaByName: { 'photo.jpg': key } });
      const readSeconds = (Date.now() - readAt) / 1000;
      if (prepared.problems.length) throw new Error(`The bench file has problems: ${JSON.stringify(prepared.problems.slice(0, 3))}`);

      const dryAt = Date.now();
      const dryRun = await sendImport(workspace, user, prepared, true);
      const drySeconds = (Date.now() - dryAt) / 1000;
      if (dryRun.some((row) => row.outcome !== 'accepted')) throw new Error(`The dry run refused rows: ${JSON.stringify(dryRun.find((row) => row.outcome !== 'accepted'))}`);

      const importAt = Date.now();
      const imported = await sendImport(workspace, user, prepared, false);
      const importSeconds = (Date.now() - importAt) / 1000;
      const created = imported.filter((row) => row.outcome === 'scheduled').length;

      const againAt = Date.now();
      const again = await sendImport(workspace, user, prepared, false);
      const againSeconds = (Date.now() - againAt) / 1000;
      const doubled = again.filter((row) => row.outcome !== 'alreadyImported').length;

      let scheduled = 0;
      let cursor: string | null = null;
      do {
        const page = (await callApi(info, `/posts?status=scheduled&limit=100${cursor ? `&cursor=${cursor}` : ''}`, user.idToken)).body as unknown as PostPage;
        scheduled += page.posts.length;
        cursor = page.nextCursor;
      } while (cursor);

      return [
        { name: 'rows', value: ROWS, unit: 'rows' },
        { name: 'read and prepared in the browser code', value: round(readSeconds), unit: 's' },
        { name: 'dry run', value: round(drySeconds), unit: 's' },
        { name: 'import', value: round(importSeconds), unit: 's' },
        { name: 'dry run + import', value: round(drySeconds + importSeconds), unit: 's' },
        { name: 'posts created', value: created, unit: 'posts' },
        { name: 'same file again', value: round(againSeconds), unit: 's' },
        { name: 'rows created twice', value: doubled, unit: 'rows' },
        { name: 'scheduled posts listed', value: scheduled, unit: 'posts' },
      ];
    } finally {
      await twin.stop();
      rmSync(dataDir, { recursive: true, force: true });
      restoreRateLimit();
    }
  },
};
