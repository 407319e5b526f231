import { randomUUID } from 'node:crypto';
import { describe, expect, inject, it } from 'vitest';
import { createMembershipService } from '../../../functions/services/memberships';
import { documentClient } from '../../support/users';
import type { Clock } from '../../../functions/clock';

const twin = inject('twin');

function steppingClock(start: string): Clock & { advance(ms: number): void } {
  let now = new Date(start).getTime();
  return { now: () => new Date(now), advance: (ms) => (now += ms) };
}

describe('membership service', () => {
  it('stamps the creation time from the injected clock', async () => {
    const clock = steppingClock('2026-03-01T10:00:00.000Z');
    const service = createMembershipService({ db: documentClient(twin), tableName: twin.tableNames.memberships, clock });

    const membership = await service.ensure({ userId: randomUUID(), email: 'a@example.com' });

    expect(membership.createdAt).toBe('2026-03-01T10:00:00.000Z');
  });

  it('updates the stored email when the verified email changed', async () => {
    const clock = steppingClock('2026-03-01T10:00:00.000Z');
    const service = createMembershipService({ db: documentClient(twin), tableName: twin.tableNames.memberships, clock });
    const userId = randomUUID();
    await service.ensure({ userId, email: 'old@example.com' });
    clock.advance(60_000);

    const membership = await service.ensure({ userId, email: 'new@example.com' });

    expect(membership.userEmail).toBe('new@example.com');
    expect(membership.createdAt).toBe('2026-03-01T10:00:00.000Z');
  });

  it('sets the admin membership with its allowances, keeping the creation time', async () => {
    const clock = steppingClock('2026-03-01T10:00:00.000Z');
    const service = createMembershipService({ db: documentClient(twin), tableName: twin.tableNames.memberships, clock });
    const user = { userId: randomUUID(), email: 'boss@example.com' };
    await service.ensure(user);
    clock.advance(60_000);

    const admin = await service.setType(user, 'admin');

    expect(admin).toMatchObject({ membershipType: 'admin', maxPosts: null, canSchedule: true, maxAccounts: null });
    expect(admin.createdAt).toBe('2026-03-01T10:00:00.000Z');
    expect(await service.ensure(user)).toEqual(admin);
  });

  it('moves an admin back to free', async () => {
    const service = createMembershipService({
      db: documentClient(twin),
      tableName: twin.tableNames.memberships,
      clock: steppingClock('2026-03-01T10:00:00.000Z'),
    });
    const user = { userId: randomUUID(), email: 'x@example.com' };
    await service.setType(user, 'admin');
    const free = await service.setType(user, 'free');
    expect(free).toMatchObject({ membershipType: 'free', maxPosts: 3, canSchedule: false, maxAccounts: 1 });
  });
});
