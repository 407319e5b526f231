import { dirname, resolve } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { DescribeExecutionCommand, SFNClient } from '@aws-sdk/client-sfn';
import type { Platform } from '../../../shared/platforms';
import type { ConnectionList } from '../../../shared/api/connections';
import type { Post } from '../../../shared/api/posts';
import type { Account, DataExport } from '../../../shared/api/account';
import { localTokenKey } from '../../../infra/local/secrets';
import { createLocalTokenCipher } from '../../../functions/services/tokenCipher';
import type { TokenSet } from '../../../functions/platforms/adapter';
import { callApi, createUser, documentClient, signIn, type TestUser } from '../../support/users';
import { connectThroughOAuth, makeAdmin, sandboxAccountName, sandboxControl } from '../../support/connect';
import { createPost, tinyJpeg, uploadMedia, waitForPost } from '../../support/posts';
import { moduleSessionFor, registerContent, sampleCartoon } from '../../support/content';
import { userFootprint } from '../../support/userData';
import { readZip } from '../../support/zip';
import { startDeletion, waitForDeletion } from '../../support/deletion';
import { executionNames, runDueAt } from '../../support/executions';
import { executionArn } from '../../../functions/services/executions';
import { localStateMachineArn } from '../../../infra/local/stepfunctions';
import { localCredentials, localRegion } from '../../../infra/local/environment';

const twin = inject('twin');
const sleep = (ms: number) => new Promise((resolveSleep) => setTimeout(resolveSleep, ms));
const json = (body: unknown, method = 'POST') => ({ method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

async function waitForExport(user: TestUser, timeoutMs = 30_000): Promise<DataExport> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { status, body } = await callApi(twin, '/account/export', user.idToken);
    expect(status, JSON.stringify(body)).toBe(200);
    const state = body as unknown as DataExport;
    if (state.status !== 'preparing') return state;
    if (Date.now() > deadline) throw new Error('The export is still preparing');
    await sleep(200);
  }
}

/** The user's platform tokens, decrypted with the twin's local key (what must never reach an archive). */
async function storedTokens(user: TestUser): Promise<string[]> {
  const cipher = createLocalTokenCipher(Buffer.from(localTokenKey(resolve(dirname(twin.cognitoDataDir), 'keys', 'token-key.json')), 'base64'));
  const { Items = [] } = await documentClient(twin).send(
    new QueryCommand({ TableName: twin.tableNames.connections, KeyConditionExpression: 'userId = :u', ExpressionAttributeValues: { ':u': user.userId } }),
  );
  const secrets: string[] = [];
  for (const item of Items) {
    if (typeof item['tokens'] !== 'string') continue;
    secrets.push(item['tokens']);
    const tokens = JSON.parse(await cipher.decrypt(item['tokens'], { userId: user.userId, connectionId: String(item['connectionId']) })) as TokenSet;
    secrets.push(tokens.accessToken, ...(tokens.refreshToken ? [tokens.refreshToken] : []));
  }
  return secrets;
}

describe('your data: settings, export and account deletion', () => {
  it('saves settings server-side and shows the membership with this month\'s usage', async () => {
    const user = await createUser(twin);
    const first = await callApi(twin, '/account', user.idToken);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ email: user.email, settings: null, membership: { membershipType: 'free', maxPosts: 3, maxAccounts: 1 }, usage: { postsThisMonth: 0, connectedAccounts: 0 } });

    const saved = await callApi(twin, '/account/settings', user.idToken, json({ language: 'tr', timeZone: 'Europe/Istanbul', theme: 'dark' }, 'PUT'));
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect((await callApi(twin, '/account', user.idToken)).body).toMatchObject({ settings: { language: 'tr', timeZone: 'Europe/Istanbul', theme: 'dark' } });

    const bad = await callApi(twin, '/account/settings', user.idToken, json({ language: 'de', timeZone: 'Mars/Olympus', theme: 'dark' }, 'PUT'));
    expect(bad.status).toBe(400);
    expect(String(bad.body?.['message'])).toMatch(/en \(English\) or tr/);
    expect(String(bad.body?.['message'])).toMatch(/Not a time zone/);
  });

  it('refuses a deletion whose typed confirmation is not the e-mail address, and deletes nothing', async () => {
    const user = await createUser(twin);
    await callApi(twin, '/account', user.idToken);
    const refused = await callApi(twin, '/account/delete', user.idToken, json({ confirmation: 'delete' }));
    expect(refused.status).toBe(400);
    expect(String(refused.body?.['message'])).toMatch(/type your e-mail address/);
    expect((await callApi(twin, '/me', user.idToken)).status).toBe(200);
    expect((await signIn(twin, user.email, user.password)).IdToken).toBeTruthy();
  });

  it('exports posts (a draft too), targets, results, connections without tokens, content and files; then deletion leaves nothing and the scheduled posts never publish', async () => {
    const user = await createUser(twin);
    await makeAdmin(twin, user);
    const platforms: Platform[] = ['x', 'linkedin', 'youtube'];
    const names = {} as Record<Platform, string>;
    for (const platform of platforms) {
      names[platform] = sandboxAccountName(`del-${platform}`);
      await connectThroughOAuth(twin, user, platform, names[platform]);
    }
    const connections = ((await callApi(twin, '/connections', user.idToken)).body as unknown as ConnectionList).connections;
    const accountOf = (platform: Platform) => connections.find((connection) => connection.platform === platform)!.platformUserId;
    const targets = (['x', 'linkedin'] as const).map((platform) => ({ platform, accountId: accountOf(platform) }));

    // A post published now, and two scheduled a little ahead.
    const key = await uploadMedia(twin, user.userId, { kind: 'image', body: tinyJpeg });
    // Its thumbnail (as the wizard stores it): exported with the file, deleted with the account.
    const thumbnail = await callApi(twin, '/uploads/thumbnail', user.idToken, json({ key, image: tinyJpeg.toString('base64') }, 'PUT'));
    expect(thumbnail.status, JSON.stringify(thumbnail.body)).toBe(200);
    const published = await createPost(twin, user, { description: 'Published before deletion', media: [{ key }], targets });
    expect(published.status, JSON.stringify(published.body)).toBe(200);
    const done = await waitForPost(twin, user, (published.body as unknown as Post).postId);
    expect(done.status).toBe('published');
    const feedBefore = { x: (await sandboxControl(twin).feed('x', names.x)).posts.length, linkedin: (await sandboxControl(twin).feed('linkedin', names.linkedin)).posts.length };
    expect(feedBefore).toEqual({ x: 1, linkedin: 1 });

    // Minutes ahead, beyond the test's run: their time is brought on with the twin's clock at the end.
    const scheduledAt = new Date(Date.now() + 10 * 60_000).toISOString();
    const scheduled: Post[] = [];
    const scheduledExecutions: string[] = [];
    for (const description of ['Scheduled one', 'Scheduled two']) {
      const created = await createPost(twin, user, { description, media: [{ key }], targets, scheduledFor: scheduledAt, timeZone: 'Europe/Istanbul' });
      expect(created.status, JSON.stringify(created.body)).toBe(200);
      scheduled.push(created.body as unknown as Post);
      scheduledExecutions.push(...(await executionNames(twin, user.userId, (created.body as unknown as Post).postId)).map((name) => executionArn(localStateMachineArn, name)));
    }
    // A draft: the user's data too (exported, deleted), but not one of the month's posts.
    const draft = await callApi(twin, '/drafts', user.idToken, json({ description: 'A draft kept for later', media: [{ key, name: 'photo.jpg' }], targets }));
    expect(draft.status, JSON.stringify(draft.body)).toBe(200);
    const draftId = (draft.body as unknown as Post).postId;
    const content = await registerContent(twin, await moduleSessionFor(twin, user), { type: 'video', fileName: 'cartoon.mp4', contentType: 'video/mp4', body: sampleCartoon });
    await callApi(twin, '/account/settings', user.idToken, json({ language: 'en', timeZone: 'America/New_York', theme: 'light' }, 'PUT'));
    const account = (await callApi(twin, '/account', user.idToken)).body as unknown as Account;
    expect(account.usage).toMatchObject({ postsThisMonth: 3, connectedAccounts: 3 });

    // Download my data.
    const started = await callApi(twin, '/account/export', user.idToken, { method: 'POST' });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    expect(started.body).toMatchObject({ status: 'preparing', downloadUrl: null });
    const ready = await waitForExport(user);
    expect(ready, JSON.stringify(ready)).toMatchObject({ status: 'ready', error: null });
    const download = await fetch(ready.downloadUrl!);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-disposition')).toMatch(/attachment; filename="oneclick-data-/);
    const bytes = Buffer.from(await download.arrayBuffer());
    expect(bytes.length).toBe(ready.size);
    const entries = readZip(bytes);

    const rows = (name: string) => JSON.parse(entries.get(`data/${name}.json`)!.toString('utf8')) as Array<Record<string, unknown>>;
    const posts = rows('posts');
    expect(posts.map((post) => post['postId']).sort()).toEqual([done.postId, draftId, ...scheduled.map((post) => post.postId)].sort());
    expect(posts.find((post) => post['postId'] === draftId)).toMatchObject({ status: 'draft', description: 'A draft kept for later' });
    const exportedPublished = posts.find((post) => post['postId'] === done.postId)!;
    const exportedTargets = Object.values(exportedPublished['targets'] as Record<string, { status: string; postUrl?: string }>);
    expect(exportedTargets.map((target) => target.status)).toEqual(['published', 'published']);
    expect(exportedTargets.every((target) => target.postUrl?.startsWith('http'))).toBe(true);
    expect(rows('connections').map((connection) => connection['platform']).sort()).toEqual(['linkedin', 'x', 'youtube']);
    expect(rows('connections').every((connection) => !('tokens' in connection))).toBe(true);
    expect(rows('content')).toEqual([expect.objectContaining({ contentId: content.contentId, fileName: 'cartoon.mp4' })]);
    expect(rows('memberships')).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ record: 'membership', membershipType: 'admin' }),
        expect.objectContaining({ record: 'settings', timeZone: 'America/New_York' }),
        expect.objectContaining({ record: `usage#${new Date().toISOString().slice(0, 7)}`, posts: 3 }),
      ]),
    );
    expect(entries.get(`files/content/videos/${content.contentId}.mp4`)?.equals(sampleCartoon)).toBe(true);
    expect(entries.get(`files/media/${key.slice(user.userId.length + 1)}`)?.equals(tinyJpeg)).toBe(true);
    expect(entries.get(`files/media/${key.slice(user.userId.length + 1)}.thumb.jpg`)?.equals(tinyJpeg)).toBe(true);
    expect(entries.get('README.txt')?.toString('utf8')).toMatch(/WITHOUT their access or refresh tokens/);

    // No token in the archive: neither in its raw bytes nor in any uncompressed entry.
    const secrets = await storedTokens(user);
    expect(secrets.length).toBeGreaterThanOrEqual(6);
    for (const secret of secrets) {
      expect(bytes.includes(Buffer.from(secret))).toBe(false);
      for (const [name, entry] of entries) expect(entry.includes(Buffer.from(secret)), `${name} holds a token`).toBe(false);
    }

    // Delete my account: the answer comes at once; the task runs on and Settings polls its progress.
    const deleting = await startDeletion(twin, user, `  ${user.email.toUpperCase()} `);
    expect(deleting).toMatchObject({ status: 'deleting', stalled: false });
    const deleted = await waitForDeletion(twin, user);
    expect(deleted, JSON.stringify(deleted)).toMatchObject({ status: 'deleted', error: null });
    const counted = Object.fromEntries(deleted.steps.map((step) => [step.step, step.count]));
    expect(counted).toMatchObject({ posts: 2, connections: 3 });
    expect(Date.now(), 'the deletion finished before the scheduled time').toBeLessThan(new Date(scheduledAt).getTime());

    const footprint = await userFootprint(twin, user.userId);
    const { deletedAccounts: tombstone, ...left } = footprint.rows;
    expect(left, 'rows keyed to the user').toEqual(Object.fromEntries(Object.keys(left).map((table) => [table, []])));
    expect(tombstone, 'only the tombstone, until it expires').toEqual([expect.objectContaining({ status: 'deleted' })]);
    expect(footprint.objects, 'objects under the user').toEqual(Object.fromEntries(Object.keys(footprint.objects).map((bucket) => [bucket, []])));

    // Revoked at each platform that can revoke (all three here).
    for (const platform of platforms) {
      const issued = (await sandboxControl(twin).tokens(platform)).filter((token) => token.account === names[platform]);
      expect(issued.length, `${platform} issued tokens`).toBeGreaterThan(0);
      expect(issued.every((token) => token.revoked), `${platform} tokens revoked`).toBe(true);
    }

    // The sign-in is gone.
    await expect(signIn(twin, user.email, user.password)).rejects.toThrow();

    // The scheduled posts never publish: their time comes (the twin's clock for this user, 5 s past
    // it), whatever is left of their executions ends, and the feeds stay as they were.
    await runDueAt(twin, user.userId, new Date(new Date(scheduledAt).getTime() + 5_000));
    const sfn = new SFNClient({ endpoint: twin.endpoints.stepFunctions, region: localRegion, credentials: localCredentials });
    for (const arn of scheduledExecutions) await expect.poll(async () => (await sfn.send(new DescribeExecutionCommand({ executionArn: arn }))).status, { timeout: 30_000 }).not.toBe('RUNNING');
    expect((await sandboxControl(twin).feed('x', names.x)).posts.length).toBe(feedBefore.x);
    expect((await sandboxControl(twin).feed('linkedin', names.linkedin)).posts.length).toBe(feedBefore.linkedin);
  }, 120_000);

  it('refuses other calls while an older deletion mark is on the membership', async () => {
    const user = await createUser(twin);
    await callApi(twin, '/account', user.idToken);
    // A membership marked by a deletion (the tombstone aside): every call that reads it is refused.
    const { UpdateCommand } = await import('@aws-sdk/lib-dynamodb');
    await documentClient(twin).send(
      new UpdateCommand({
        TableName: twin.tableNames.memberships,
        Key: { userId: user.userId, record: 'membership' },
        UpdateExpression: 'SET deletingSince = :now',
        ExpressionAttributeValues: { ':now': new Date().toISOString() },
      }),
    );
    for (const path of ['/me', '/account', '/connections']) {
      const refused = await callApi(twin, path, user.idToken);
      expect(refused.status, path).toBe(409);
      expect(String(refused.body?.['message'])).toMatch(/being deleted/);
    }
  });
});
