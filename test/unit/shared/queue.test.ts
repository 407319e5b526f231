import { describe, expect, it } from 'vitest';
import { commonFreeSlot, DEFAULT_SLOTS, planQueue, proposeSlots, PROPOSED_SLOTS, sortedSlots, upcomingSlots } from '../../../shared/queue';
import { createPostSchema } from '../../../shared/api/posts';
import { setQueueSlotsSchema } from '../../../shared/api/queue';
import type { Clock } from '../../../functions/clock';

/** A clock the test moves by hand (the planner takes "after" from it, as the service does). */
function manualClock(start: string): Clock & { advance(ms: number): void } {
  let now = new Date(start).getTime();
  return { now: () => new Date(now), advance: (ms) => (now += ms) };
}

const iso = (dates: Date[]) => dates.map((date) => date.toISOString());

describe('queue slots in the queue\'s time zone', () => {
  it('lists the next slots in order from a Wednesday, in Istanbul time (UTC+3)', () => {
    const clock = manualClock('2026-12-02T08:00:00Z'); // Wednesday 11:00 in Istanbul
    const slots = [
      { weekday: 2, time: '10:00' }, // Wednesday 10:00: already past today
      { weekday: 2, time: '18:00' },
      { weekday: 4, time: '09:30' },
    ];
    expect(iso(upcomingSlots({ slots, timeZone: 'Europe/Istanbul', after: clock.now(), count: 4 }))).toEqual([
      '2026-12-02T15:00:00.000Z',
      '2026-12-04T06:30:00.000Z',
      '2026-12-09T07:00:00.000Z',
      '2026-12-09T15:00:00.000Z',
    ]);
  });

  it('keeps a slot\'s wall time across the spring-forward change (Berlin, 29 March 2026)', () => {
    const clock = manualClock('2026-03-25T12:00:00Z');
    const slots = [{ weekday: 5, time: '09:00' }, { weekday: 6, time: '09:00' }];
    // Saturday 28 March is UTC+1; Sunday 29 March is UTC+2: 09:00 both days.
    expect(iso(upcomingSlots({ slots, timeZone: 'Europe/Berlin', after: clock.now(), count: 2 }))).toEqual(['2026-03-28T08:00:00.000Z', '2026-03-29T07:00:00.000Z']);
  });

  it('moves a slot the spring-forward gap skips on by the gap, and counts two slots on one instant once', () => {
    const clock = manualClock('2026-03-28T12:00:00Z');
    // 02:30 does not exist in Berlin on 29 March 2026 (02:00 → 03:00): it becomes 03:30, as does the 03:30 slot.
    const slots = [{ weekday: 6, time: '02:30' }, { weekday: 6, time: '03:30' }, { weekday: 6, time: '03:00' }];
    expect(iso(upcomingSlots({ slots, timeZone: 'Europe/Berlin', after: clock.now(), count: 3 }))).toEqual([
      '2026-03-29T01:00:00.000Z', // 03:00 CEST
      '2026-03-29T01:30:00.000Z', // 03:30 CEST, once
      '2026-04-05T00:30:00.000Z', // next Sunday 02:30 CEST
    ]);
  });

  it('keeps a slot\'s wall time across the fall-back change (New York, 1 November 2026)', () => {
    const clock = manualClock('2026-10-30T12:00:00Z');
    const slots = [{ weekday: 5, time: '09:30' }, { weekday: 6, time: '09:30' }, { weekday: 0, time: '09:30' }];
    expect(iso(upcomingSlots({ slots, timeZone: 'America/New_York', after: clock.now(), count: 3 }))).toEqual([
      '2026-10-31T13:30:00.000Z', // Saturday, UTC-4
      '2026-11-01T14:30:00.000Z', // Sunday, UTC-5 from 02:00
      '2026-11-02T14:30:00.000Z',
    ]);
  });

  it('leaves skipped slots out', () => {
    const clock = manualClock('2026-12-01T00:00:00Z');
    const slots = [{ weekday: 1, time: '09:00' }, { weekday: 2, time: '09:00' }];
    expect(iso(upcomingSlots({ slots, timeZone: 'UTC', after: clock.now(), skipped: ['2026-12-01T09:00:00Z'], count: 2 }))).toEqual(['2026-12-02T09:00:00.000Z', '2026-12-08T09:00:00.000Z']);
  });

  it('lists nothing without slots, and stops at the horizon', () => {
    const clock = manualClock('2026-12-01T00:00:00Z');
    expect(upcomingSlots({ slots: [], timeZone: 'UTC', after: clock.now(), count: 5 })).toEqual([]);
    expect(upcomingSlots({ slots: [{ weekday: 0, time: '09:00' }], timeZone: 'UTC', after: clock.now(), count: 100, horizonDays: 14 })).toHaveLength(2);
  });
});

describe('planning a queue', () => {
  const slots = [{ weekday: 0, time: '09:00' }, { weekday: 2, time: '09:00' }, { weekday: 4, time: '09:00' }];
  const clock = manualClock('2026-11-30T06:00:00Z'); // Monday 06:00 UTC

  it('gives each post, in order, the next free slot, wrapping into the next weeks when a week is full', () => {
    const plan = planQueue({ postIds: ['a', 'b', 'c', 'd', 'e'], slots, timeZone: 'UTC', after: clock.now() });
    expect(plan).toEqual([
      { postId: 'a', at: '2026-11-30T09:00:00.000Z' },
      { postId: 'b', at: '2026-12-02T09:00:00.000Z' },
      { postId: 'c', at: '2026-12-04T09:00:00.000Z' },
      { postId: 'd', at: '2026-12-07T09:00:00.000Z' },
      { postId: 'e', at: '2026-12-09T09:00:00.000Z' },
    ]);
  });

  it('moves posts past a skipped slot and a slot taken by a post it does not move', () => {
    const plan = planQueue({ postIds: ['a', 'b'], slots, timeZone: 'UTC', after: clock.now(), skipped: ['2026-11-30T09:00:00Z'], taken: ['2026-12-02T09:00:00Z'] });
    expect(plan).toEqual([
      { postId: 'a', at: '2026-12-04T09:00:00.000Z' },
      { postId: 'b', at: '2026-12-07T09:00:00.000Z' },
    ]);
  });

  it('plans nothing while paused: every post waits', () => {
    expect(planQueue({ postIds: ['a', 'b'], slots, timeZone: 'UTC', after: clock.now(), paused: true })).toEqual([
      { postId: 'a', at: null, reason: 'paused' },
      { postId: 'b', at: null, reason: 'paused' },
    ]);
  });

  it('says when a post finds no slot within the horizon', () => {
    const plan = planQueue({ postIds: ['a', 'b', 'c'], slots: [{ weekday: 0, time: '09:00' }], timeZone: 'UTC', after: clock.now(), horizonDays: 7 });
    expect(plan.map((entry) => entry.at)).toEqual(['2026-11-30T09:00:00.000Z', '2026-12-07T09:00:00.000Z', null]);
    expect(plan[2]).toEqual({ postId: 'c', at: null, reason: 'no_slot' });
  });

  it('follows the clock: once a slot has passed (and within the lead), the next one is used', () => {
    const later = manualClock('2026-11-30T09:00:00Z');
    expect(planQueue({ postIds: ['a'], slots, timeZone: 'UTC', after: later.now() })[0]).toEqual({ postId: 'a', at: '2026-12-02T09:00:00.000Z' });
  });

  it('finds the earliest instant free in every queue (same time for all), or none', () => {
    const istanbul = [{ weekday: 2, time: '12:00' }]; // 09:00 UTC
    const london = [{ weekday: 0, time: '09:00' }, { weekday: 2, time: '09:00' }];
    expect(commonFreeSlot([
      { slots: istanbul, timeZone: 'Europe/Istanbul', after: clock.now() },
      { slots: london, timeZone: 'Europe/London', after: clock.now() },
    ])?.toISOString()).toBe('2026-12-02T09:00:00.000Z');
    // The London one is taken that day: the next week's.
    expect(commonFreeSlot([
      { slots: istanbul, timeZone: 'Europe/Istanbul', after: clock.now() },
      { slots: london, timeZone: 'Europe/London', after: clock.now(), taken: ['2026-12-02T09:00:00.000Z'] },
    ])?.toISOString()).toBe('2026-12-09T09:00:00.000Z');
    expect(commonFreeSlot([
      { slots: [{ weekday: 0, time: '09:00' }], timeZone: 'UTC', after: clock.now() },
      { slots: [{ weekday: 1, time: '09:00' }], timeZone: 'UTC', after: clock.now() },
    ])).toBeNull();
  });
});

describe('proposed slots', () => {
  it('takes the best-scoring weekday-hours when the account has enough data', () => {
    const cells = [
      { weekday: 1, hour: 18, posts: 3, score: 2.5 },
      { weekday: 3, hour: 9, posts: 2, score: 1.8 },
      { weekday: 0, hour: 12, posts: 4, score: 0.4 },
      ...Array.from({ length: 8 }, (_, index) => ({ weekday: 5, hour: index, posts: 1, score: 1 })),
    ];
    const proposal = proposeSlots({ enoughData: true, cells });
    expect(proposal.source).toBe('best_times');
    expect(proposal.slots).toHaveLength(PROPOSED_SLOTS);
    expect(proposal.slots.slice(0, 2)).toEqual([{ weekday: 1, time: '18:00' }, { weekday: 3, time: '09:00' }]);
    expect(proposal.slots).not.toContainEqual({ weekday: 0, time: '12:00' });
  });

  it('falls back to the defaults, and says so, without enough data', () => {
    expect(proposeSlots({ enoughData: false, cells: [{ weekday: 1, hour: 18, posts: 1, score: 3 }] })).toEqual({ slots: [...DEFAULT_SLOTS], source: 'defaults' });
  });

  it('sorts slots Monday first and keeps each once', () => {
    expect(sortedSlots([{ weekday: 3, time: '09:00' }, { weekday: 0, time: '17:00' }, { weekday: 0, time: '09:00' }, { weekday: 3, time: '09:00' }])).toEqual([
      { weekday: 0, time: '09:00' },
      { weekday: 0, time: '17:00' },
      { weekday: 3, time: '09:00' },
    ]);
  });
});

describe('queue input', () => {
  const post = { description: 'Hello', targets: [{ platform: 'x', accountId: 'a' }], media: [{ key: 'media/u/x.jpg' }] };

  it('refuses a time and the queue together, and YouTube\'s own scheduling with the queue, in words', () => {
    const both = createPostSchema.safeParse({ ...post, queue: {}, scheduledFor: '2099-01-01T10:00:00Z', timeZone: 'UTC' });
    expect(both.success).toBe(false);
    expect(both.error?.issues.map((issue) => issue.message)).toContain('Choose a time or the queue, not both.');
    const native = createPostSchema.safeParse({ ...post, targets: [{ platform: 'youtube', accountId: 'a' }], title: 'T', queue: {}, youtubeNative: true });
    expect(native.error?.issues.map((issue) => issue.message)).toContain("YouTube's own scheduling needs a fixed time: the queue may move a post.");
  });

  it('refuses a slot time that is not HH:mm and a weekday out of range, in words', () => {
    const parsed = setQueueSlotsSchema.safeParse({ slots: [{ weekday: 7, time: '9:00' }] });
    expect(parsed.error?.issues.map((issue) => issue.message)).toEqual(['A weekday is 0 (Monday) to 6 (Sunday).', "A slot's time is HH:mm, 24-hour (09:00, 17:30)."]);
  });
});
