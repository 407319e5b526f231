import { randomUUID } from 'node:crypto';
import { S3Client } from '@aws-sdk/client-s3';
import { describe, expect, inject, it } from 'vitest';
import { createAccountService, EXPORT_STALE_MS, type TaskStarter } from '../../../functions/services/account';
import { createMembershipService } from '../../../functions/services/memberships';
import { localBucketNames, localCredentials, localRegion } from '../../../infra/local/environment';
import { documentClient } from '../../support/users';
import type { Clock } from '../../../functions/clock';

const twin = inject('twin');

function steppingClock(start: string): Clock & { advance(ms: number): void } {
  let now = new Date(start).getTime();
  return { now: () => new Date(now), advance: (ms) => (now += ms) };
}

function setup(start = '2026-03-01T10:00:00.000Z', task: TaskStarter['start'] = async () => undefined) {
  const clock = steppingClock(start);
  const db = documentClient(twin);
  const started: Array<Record<string, unknown>> = [];
  const service = createAccountService({
    db,
    membershipsTable: twin.tableNames.memberships,
    memberships: createMembershipService({ db, tableName: twin.tableNames.memberships, clock }),
    s3: new S3Client({ endpoint: twin.endpoints.s3, region: localRegion, credentials: localCredentials, forcePathStyle: true }),
    exportsBucket: localBucketNames.exports,
    exportTask: {
      start: async (payload) => {
        started.push(payload);
        await task(payload);
      },
    },
    clock,
  });
  return { clock, service, started, user: { userId: randomUUID(), email: 'me@example.com' } };
}

const DAY = 24 * 3600_000;

describe('account service (settings and export state, injected clock)', () => {
  it('starts one export at a time: asking again while it is prepared answers the same one', async () => {
    const { service, started, user, clock } = setup();
    const first = await service.startExport(user);
    clock.advance(60_000);
    const second = await service.startExport(user);
    expect(first).toMatchObject({ status: 'preparing', requestedAt: '2026-03-01T10:00:00.000Z', downloadUrl: null });
    expect(second.exportId).toBe(first.exportId);
    expect(started).toEqual([{ userId: user.userId, email: user.email, exportId: first.exportId }]);
  });

  it('starts a new export when the previous one has been preparing too long (its task died)', async () => {
    const { service, started, user, clock } = setup();
    const first = await service.startExport(user);
    clock.advance(EXPORT_STALE_MS);
    const second = await service.startExport(user);
    expect(second.exportId).not.toBe(first.exportId);
    expect(started).toHaveLength(2);
  });

  it('gives a 15-minute download link once ready, and nothing once the archive has expired (3 days)', async () => {
    const { service, user, clock } = setup();
    const { exportId } = await service.startExport(user);
    clock.advance(30_000);
    expect(await service.finishExport(user.userId, exportId!, { status: 'ready', key: `${user.userId}/${exportId}.zip`, size: 1234 })).toBe(true);
    const ready = await service.exportStatus(user);
    expect(ready).toMatchObject({
      status: 'ready',
      size: 1234,
      readyAt: '2026-03-01T10:00:30.000Z',
      downloadUrlExpiresAt: '2026-03-01T10:15:30.000Z',
      archiveExpiresAt: '2026-03-04T10:00:30.000Z',
    });
    const url = new URL(ready.downloadUrl!);
    expect(url.pathname).toBe(`/${localBucketNames.exports}/${user.userId}/${exportId}.zip`);
    expect(url.searchParams.get('X-Amz-Expires')).toBe('900');
    expect(url.searchParams.get('response-content-disposition')).toBe('attachment; filename="oneclick-data-2026-03-01.zip"');
    clock.advance(3 * DAY);
    expect(await service.exportStatus(user)).toMatchObject({ status: 'none', downloadUrl: null });
  });

  it('ignores the outcome of an export that a newer one replaced', async () => {
    const { service, user, clock } = setup();
    const old = await service.startExport(user);
    clock.advance(EXPORT_STALE_MS);
    const current = await service.startExport(user);
    expect(await service.finishExport(user.userId, old.exportId!, { status: 'ready', key: 'k', size: 1 })).toBe(false);
    expect(await service.exportStatus(user)).toMatchObject({ status: 'preparing', exportId: current.exportId });
  });

  it('records a failure in words when the task cannot be started', async () => {
    const { service, user } = setup(undefined, async () => {
      throw new Error('Lambda is down');
    });
    await expect(service.startExport(user)).rejects.toThrow('Lambda is down');
    expect(await service.exportStatus(user)).toMatchObject({ status: 'failed', error: 'The export could not be started. Please try again.' });
  });

  it('keeps settings per user and reports this month\'s usage (UTC month)', async () => {
    const { service, user } = setup('2026-03-31T23:30:00.000Z');
    const saved = await service.saveSettings(user, { language: 'tr', timeZone: 'Europe/Istanbul', theme: 'system' });
    expect(saved).toMatchObject({ settings: { language: 'tr', timeZone: 'Europe/Istanbul', theme: 'system' }, usage: { month: '2026-03', postsThisMonth: 0, connectedAccounts: 0 } });
    const other = setup().user;
    expect((await setup().service.get(other)).settings).toBeNull();
  });
});
