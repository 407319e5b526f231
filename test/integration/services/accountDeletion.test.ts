import { randomUUID } from 'node:crypto';
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, inject, it } from 'vitest';
import { createAccountDeletion, type UserDirectory } from '../../../functions/services/accountDeletion';
import { createConnectionStore } from '../../../functions/services/connectionStore';
import { createMembershipService } from '../../../functions/services/memberships';
import { createUserData } from '../../../functions/services/userData';
import { tokensUnavailable } from '../../../functions/services/tokenCipher';
import type { PostService } from '../../../functions/services/posts';
import type { ConnectionService } from '../../../functions/services/connections';
import { AccountBeingDeleted } from '../../../functions/errors';
import { localBucketNames, localCredentials, localRegion } from '../../../infra/local/environment';
import { documentClient } from '../../support/users';
import { userFootprint } from '../../support/userData';

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

function deletion(db: ReturnType<typeof documentClient>, s3: S3Client, overrides: { cancel?: PostService['cancel']; directory?: UserDirectory }) {
  const stopped: string[] = [];
  const deleted: string[] = [];
  const service = createAccountDeletion({
    db,
    membershipsTable: twin.tableNames.memberships,
    userData: createUserData({ db, s3, tableNames: twin.tableNames, bucketNames: localBucketNames }),
    posts: { cancel: overrides.cancel ?? (async () => ({}) as never) } as unknown as PostService,
    executions: { start: async () => undefined, stop: async (name) => void stopped.push(name) },
    connections: { disconnect: async () => undefined } as unknown as ConnectionService,
    connectionStore: createConnectionStore({ db, tableName: twin.tableNames.connections, cipher: tokensUnavailable, clock }),
    adapters: {},
    directory: overrides.directory ?? { deleteUser: async (user) => void deleted.push(user.userId) },
    clock,
    warn: () => undefined,
  });
  return { service, stopped, deleted };
}

describe('account deletion is resumable', () => {
  it('a deletion that fails halfway leaves the account marked (every call refused) and finishes when confirmed again', async () => {
    const { db, s3, user } = await seededUser();
    let failures = 1;
    const flaky = deletion(db, s3, {
      cancel: async () => {
        if (failures-- > 0) throw new Error('Step Functions is unavailable');
        return {} as never;
      },
    });

    await expect(flaky.service.delete(user, user.email)).rejects.toThrow('Step Functions is unavailable');
    const memberships = createMembershipService({ db, tableName: twin.tableNames.memberships, clock });
    await expect(memberships.ensure(user)).rejects.toBeInstanceOf(AccountBeingDeleted);
    expect((await userFootprint(twin, user.userId)).rows['content']).toHaveLength(1);

    const result = await flaky.service.delete(user, user.email);
    expect(result).toMatchObject({ deleted: true, cancelledPosts: 1, deletedObjects: 1 });
    expect(flaky.deleted).toEqual([user.userId]);
    const footprint = await userFootprint(twin, user.userId);
    expect(Object.values(footprint.rows).flat()).toEqual([]);
    expect(Object.values(footprint.objects).flat()).toEqual([]);
  });

  it('when only the sign-in could not be deleted, confirming again deletes it (and nothing is left meanwhile)', async () => {
    const { db, s3, user } = await seededUser();
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

    await expect(run.service.delete(user, user.email)).rejects.toThrow('Cognito is unavailable');
    expect(Object.values((await userFootprint(twin, user.userId)).rows).flat()).toEqual([]);
    await expect(run.service.delete(user, user.email)).resolves.toMatchObject({ deleted: true, deletedRows: 1 });
    expect(attempts).toEqual([user.userId, user.userId]);
    expect(Object.values((await userFootprint(twin, user.userId)).rows).flat()).toEqual([]);
  });

  it('a scheduled post the posts service cannot cancel has its executions stopped directly', async () => {
    const { db, s3, user } = await seededUser();
    const { Conflict } = await import('../../../functions/errors');
    const run = deletion(db, s3, { cancel: async () => Promise.reject(new Conflict('The video is already on YouTube')) });
    await expect(run.service.delete(user, user.email)).resolves.toMatchObject({ cancelledPosts: 1 });
    expect(run.stopped).toEqual(['01JPOST-1']);
  });
});
