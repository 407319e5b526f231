import { randomUUID } from 'node:crypto';
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, inject, it } from 'vitest';
import { createAccountDeletion } from '../../../functions/services/accountDeletion';
import type { UserDirectory } from '../../../functions/services/userDirectory';
import { createConnectionStore, tokensUnavailable } from '../../../functions/services/connectionStore';
import { createMembershipService } from '../../../functions/services/memberships';
import { createUserData } from '../../../functions/services/userData';
import type { PostService } from '../../../functions/services/posts';
import type { ConnectionService } from '../../../functions/services/connections';
import { createDeletedAccounts, TOMBSTONE_KEEP_SECONDS } from '../../../functions/services/deletedAccounts';
import { CONFIRMATION_MISMATCH, createAccountDeletionRequests, DELETION_NOT_STARTED } from '../../../functions/services/accountDeletionRequests';
import { localBucketNames, localCredentials, localRegion } from '../../../infra/local/environment';
import { documentClient } from '../../support/users';
import { userFootprint } from '../../support/userData';
import { createWorkspaceService } from '../../../functions/services/workspaces';

const twin = inject('twin');
const clock = { now: () => new Date('2026-03-01T10:00:00.000Z') };

/** A user with a membership, settings, a scheduled post, a content record, a one-time token and a file. */
async function seededUser() {
  const db = documentClient(twin);
  const user = { userId: randomUUID(), email: `gone-${randomUUID().slice(0, 6)}@example.com` };
  const put = (table: keyof typeof twin.tableNames, item: Record<string, unknown>) => db.send(new PutCommand({ TableName: twin.tableNames[table], Item: item }));
  await createMembershipService({ db, tableName: twin.tableNames.memberships, clock }).ensure(user);
  await put('memberships', { userId: user.userId, record: 'settings', language: 'en', timeZone: 'UTC', theme: 'dark' });
  await put('posts', { userId: user.userId, postId: '01JPOST', status: 'scheduled', executions: ['01JPOST-1'], currentExecution: '01JPOST-1', targets: {} });
  await put('content', { userId: user.userId, contentId: '01JCONTENT', type: 'video' });
  await put('moduleTokens', { tokenHash: randomUUID(), userId: user.userId, kind: 'launch', expiresAt: 1 });
  const s3 = new S3Client({ endpoint: twin.endpoints.s3, region: localRegion, credentials: localCredentials, forcePathStyle: true });
  await s3.send(new PutObjectCommand({ Bucket: localBucketNames.media, Key: `${user.userId}/images/a.jpg`, Body: 'jpeg' }));
  return { db, s3, user };
}

/** A deletion as POST /account/delete begins it: the tombstone written (the task is run by the test). */
async function begun(db: ReturnType<typeof documentClient>, user: { userId: string; email: string }) {
  const deletedAccounts = createDeletedAccounts({ db, tableName: twin.tableNames.deletedAccounts, clock });
  expect(await deletedAccounts.begin(user)).toBe(true);
  return deletedAccounts;
}

function deletion(db: ReturnType<typeof documentClient>, s3: S3Client, overrides: { cancel?: PostService['cancel']; directory?: Partial<UserDirectory> }) {
  const stopped: string[] = [];
  const deleted: string[] = [];
  const signedOut: string[] = [];
  const service = createAccountDeletion({
    deletedAccounts: createDeletedAccounts({ db, tableName: twin.tableNames.deletedAccounts, clock }),
    userData: createUserData({ db, s3, tableNames: twin.tableNames, bucketNames: localBucketNames }),
    posts: { cancel: overrides.cancel ?? (async () => ({}) as never) } as unknown as PostService,
    executions: { start: async () => undefined, stop: async (name) => void stopped.push(name) },
    connections: { disconnect: async () => undefined } as unknown as ConnectionService,
    connectionStore: createConnectionStore({ db, tableName: twin.tableNames.connections, cipher: tokensUnavailable, clock }),
    adapters: {},
    directory: {
      signOutEverywhere: async (user) => void signedOut.push(user.userId),
      deleteUser: async (user) => void deleted.push(user.userId),
      ...overrides.directory,
    },
    workspaces: createWorkspaceService({ db, tableName: twin.tableNames.memberships, clock, mailer: { send: async () => undefined }, siteUrl: () => '' }),
    warn: () => undefined,
  });
  return { service, stopped, deleted, signedOut };
}

/** Everything of the user except the tombstone, which outlives the deletion by design (and expires by TTL). */
async function leftBehind(userId: string) {
  const footprint = await userFootprint(twin, userId);
  const { deletedAccounts, ...rows } = footprint.rows;
  return { rows: Object.values(rows).flat(), objects: Object.values(footprint.objects).flat(), tombstone: deletedAccounts };
}

describe('account deletion is a resumable task', () => {
  it('a run that fails halfway records where and why, and the next run finishes it without redoing done steps', async () => {
    const { db, s3, user } = await seededUser();
    const deletedAccounts = await begun(db, user);
    let failures = 1;
    const flaky = deletion(db, s3, {
      cancel: async () => {
        if (failures-- > 0) throw new Error('Step Functions is unavailable');
        return {} as never;
      },
    });

    await expect(flaky.service.run(user.userId)).rejects.toThrow('Step Functions is unavailable');
    const stopped = deletedAccounts.describe(await deletedAccounts.get(user.userId));
    expect(stopped).toMatchObject({ status: 'deleting', stalled: true, error: 'The deletion stopped while cancelling your scheduled posts. Continue the deletion to finish it.' });
    expect(stopped.steps.filter((step) => step.done).map((step) => step.step)).toEqual(['signOut']);
    expect(flaky.signedOut).toEqual([user.userId]);
    expect((await userFootprint(twin, user.userId)).rows['content']).toHaveLength(1);

    expect(await deletedAccounts.resume(user.userId)).toBe(true);
    const result = await flaky.service.run(user.userId);
    expect(result).toMatchObject({ status: 'deleted', stalled: false, error: null });
    expect(result.steps.every((step) => step.done)).toBe(true);
    expect(result.steps.find((step) => step.step === 'posts')?.count).toBe(1);
    expect(result.steps.find((step) => step.step === 'data')?.count).toBe(4);
    expect(flaky.signedOut, 'a done step is not run again').toEqual([user.userId]);
    expect(flaky.deleted).toEqual([user.userId]);
    const left = await leftBehind(user.userId);
    expect(left.rows).toEqual([]);
    expect(left.objects).toEqual([]);
    expect(left.tombstone).toEqual([expect.objectContaining({ userId: user.userId, status: 'deleted', expiresAt: Math.floor(clock.now().getTime() / 1000) + TOMBSTONE_KEEP_SECONDS })]);
  });

  it('when only the sign-in could not be deleted, the next run deletes it (and nothing is left meanwhile)', async () => {
    const { db, s3, user } = await seededUser();
    await begun(db, user);
    let failures = 1;
    const attempts: string[] = [];
    const run = deletion(db, s3, {
      directory: {
        deleteUser: async (who) => {
          attempts.push(who.userId);
          if (failures-- > 0) throw new Error('Cognito is unavailable');
        },
      },
    });

    await expect(run.service.run(user.userId)).rejects.toThrow('Cognito is unavailable');
    expect((await leftBehind(user.userId)).rows).toEqual([]);
    await expect(run.service.run(user.userId)).resolves.toMatchObject({ status: 'deleted' });
    expect(attempts).toEqual([user.userId, user.userId]);
    expect((await leftBehind(user.userId)).rows).toEqual([]);
  });

  it('a scheduled post the posts service cannot cancel has its executions stopped directly', async () => {
    const { db, s3, user } = await seededUser();
    await begun(db, user);
    const { Conflict } = await import('../../../functions/errors');
    const run = deletion(db, s3, { cancel: async () => Promise.reject(new Conflict('The video is already on YouTube')) });
    const result = await run.service.run(user.userId);
    expect(result.steps.find((step) => step.step === 'posts')?.count).toBe(1);
    expect(run.stopped).toEqual(['01JPOST-1']);
  });

  it('an account without a started deletion is left alone by a stray run', async () => {
    const { db, s3, user } = await seededUser();
    const run = deletion(db, s3, {});
    await expect(run.service.run(user.userId)).resolves.toMatchObject({ status: 'none' });
    expect((await userFootprint(twin, user.userId)).rows['content']).toHaveLength(1);
    await expect(createMembershipService({ db, tableName: twin.tableNames.memberships, clock }).ensure(user)).resolves.toMatchObject({ userId: user.userId });
  });

  it('a deletion whose task could not be started shows as stopped at once, and Continue starts it', async () => {
    const { db, user } = await seededUser();
    const deletedAccounts = createDeletedAccounts({ db, tableName: twin.tableNames.deletedAccounts, clock });
    const started: unknown[] = [];
    const events: string[] = [];
    let lambdaDown = true;
    const requests = createAccountDeletionRequests({
      db,
      membershipsTable: twin.tableNames.memberships,
      workspaces: { membershipsOf: async () => [] },
      deletedAccounts,
      deletionTask: {
        start: async (payload) => {
          events.push('task');
          if (lambdaDown) throw new Error('Lambda is unavailable');
          started.push(payload);
        },
      },
      directory: { disableSignIn: async (who) => void events.push(`sign-in off for ${who.email}`) },
      clock,
    });

    await expect(requests.start(user, 'someone-else@example.com')).rejects.toThrow(CONFIRMATION_MISMATCH);
    expect(await deletedAccounts.get(user.userId)).toBeUndefined();
    expect(events).toEqual([]);

    await expect(requests.start(user, user.email.toUpperCase())).rejects.toThrow('Lambda is unavailable');
    await expect(requests.status(user)).resolves.toMatchObject({ status: 'deleting', stalled: true, error: DELETION_NOT_STARTED });
    await expect(createMembershipService({ db, tableName: twin.tableNames.memberships, clock }).ensure(user)).rejects.toThrow(/being deleted/);
    // Sign-in went off before anything was started, and stays off while the deletion waits for Continue.
    expect(events).toEqual([`sign-in off for ${user.email}`, 'task']);

    lambdaDown = false;
    await expect(requests.start(user, '')).resolves.toMatchObject({ status: 'deleting', stalled: false, error: null });
    expect(started).toEqual([{ userId: user.userId }]);
    expect(events.slice(2)).toEqual([`sign-in off for ${user.email}`, 'task']);
    // Running now: asking again answers the progress and starts nothing.
    await requests.start(user, '');
    expect(started).toHaveLength(1);
  });

  it('a deletion whose sign-in could not be turned off starts nothing and shows as stopped, and Continue turns it off first', async () => {
    const { db, user } = await seededUser();
    const deletedAccounts = createDeletedAccounts({ db, tableName: twin.tableNames.deletedAccounts, clock });
    const started: unknown[] = [];
    let cognitoDown = true;
    const requests = createAccountDeletionRequests({
      db,
      membershipsTable: twin.tableNames.memberships,
      workspaces: { membershipsOf: async () => [] },
      deletedAccounts,
      deletionTask: { start: async (payload) => void started.push(payload) },
      directory: {
        disableSignIn: async () => {
          if (cognitoDown) throw new Error('Cognito is unavailable');
        },
      },
      clock,
    });

    await expect(requests.start(user, user.email)).rejects.toThrow('Cognito is unavailable');
    expect(started).toEqual([]);
    await expect(requests.status(user)).resolves.toMatchObject({ status: 'deleting', stalled: true, error: DELETION_NOT_STARTED });

    cognitoDown = false;
    await expect(requests.start(user, '')).resolves.toMatchObject({ status: 'deleting', stalled: false });
    expect(started).toEqual([{ userId: user.userId }]);
  });
});
