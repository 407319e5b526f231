import { instantToWallTime, wallTimeToInstant } from './scheduling';

/**
 * The posting queue's slots (docs/queue.md): per account, weekly times in one IANA zone. Zod-free
 * and clock-free: the server plans with it and the wizard shows the same times.
 */

/** A weekly slot: weekday 0 = Monday … 6 = Sunday (as the best-times heat map counts), time HH:mm in the queue's zone. */
export interface QueueSlot {
  weekday: number;
  time: string;
}

/** Where a queue's slots came from: proposed from its best times, the defaults (no data yet), or set by a person. */
export type SlotSource = 'best_times' | 'defaults' | 'custom';

/** How many best-scoring hours the proposal takes (at most one a day per weekday-hour cell). */
export const PROPOSED_SLOTS = 7;
/** A slot this close to now is not offered: the post must be scheduled in the future, with a moment to spare. */
export const QUEUE_LEAD_MS = 2 * 60_000;
/** How far ahead the queue plans (the scheduling horizon: shared/api/posts.ts SCHEDULE_HORIZON_DAYS). */
export const QUEUE_HORIZON_DAYS = 360;

/** Without best-times data: weekdays at 09:00, 12:00 and 17:00 (said so in the Queue view). */
export const DEFAULT_SLOTS: readonly QueueSlot[] = [0, 1, 2, 3, 4].flatMap((weekday) => ['09:00', '12:00', '17:00'].map((time) => ({ weekday, time })));

const DAY_MS = 86_400_000;
const pad = (value: number) => String(value).padStart(2, '0');

/** Slots in week order (Monday first, then by time), each once. */
export function sortedSlots(slots: readonly QueueSlot[]): QueueSlot[] {
  const seen = new Set<string>();
  return [...slots]
    .sort((a, b) => a.weekday - b.weekday || a.time.localeCompare(b.time))
    .filter((slot) => {
      const key = `${slot.weekday}/${slot.time}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
}

/**
 * The proposal from an account's best times (the heat map's cells, scored 1 = its usual): the
 * PROPOSED_SLOTS best-scoring weekday-hours, on the hour. Without enough data: the defaults.
 */
export function proposeSlots(bestTimes: { enoughData: boolean; cells: ReadonlyArray<{ weekday: number; hour: number; posts: number; score: number }> }): { slots: QueueSlot[]; source: SlotSource } {
  if (!bestTimes.enoughData || bestTimes.cells.length === 0) return { slots: [...DEFAULT_SLOTS], source: 'defaults' };
  const best = [...bestTimes.cells].sort((a, b) => b.score - a.score || b.posts - a.posts || a.weekday - b.weekday || a.hour - b.hour).slice(0, PROPOSED_SLOTS);
  return { slots: sortedSlots(best.map((cell) => ({ weekday: cell.weekday, time: `${pad(cell.hour)}:00` }))), source: 'best_times' };
}

/** The YYYY-MM-DD date `days` after `date` (calendar arithmetic, no zone involved). */
function addDays(date: string, days: number): string {
  const next = new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS);
  return next.toISOString().slice(0, 10);
}

/** Monday = 0 … Sunday = 6 of a calendar date. */
function weekdayOf(date: string): number {
  return (new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7;
}

export interface SlotWindow {
  slots: readonly QueueSlot[];
  timeZone: string;
  /** Slots after this instant (now + QUEUE_LEAD_MS, usually). */
  after: Date;
  /** Instants (ISO) the account's people chose to skip. */
  skipped?: readonly string[];
  /** How many to list at most. */
  count: number;
  /** Stop after this many days (default QUEUE_HORIZON_DAYS). */
  horizonDays?: number;
}

/**
 * The next `count` slot instants after `after`, in order, in the queue's zone: a slot's wall time
 * stays the same across a daylight-saving change (09:00 is 09:00 before and after); a wall time a
 * spring-forward change skips moves on by the gap (02:30 → 03:30), and two slots landing on one
 * instant count once. Skipped instants are left out.
 */
export function upcomingSlots({ slots, timeZone, after, skipped = [], count, horizonDays = QUEUE_HORIZON_DAYS }: SlotWindow): Date[] {
  const week = sortedSlots(slots);
  if (week.length === 0 || count <= 0) return [];
  const skip = new Set(skipped.map((at) => new Date(at).toISOString()));
  const found: Date[] = [];
  const seen = new Set<number>();
  const first = instantToWallTime(after, timeZone).date;
  for (let day = 0; day <= horizonDays && found.length < count; day++) {
    const date = addDays(first, day);
    const weekday = weekdayOf(date);
    for (const slot of week) {
      if (slot.weekday !== weekday) continue;
      const at = wallTimeToInstant({ date, time: slot.time }, timeZone);
      if (at.getTime() <= after.getTime() || seen.has(at.getTime()) || skip.has(at.toISOString())) continue;
      seen.add(at.getTime());
      found.push(at);
    }
  }
  // A whole day is read before stopping: a slot moved by a spring-forward gap may come after a later one.
  return found.sort((a, b) => a.getTime() - b.getTime()).slice(0, count);
}

export interface QueuePlanInput extends Omit<SlotWindow, 'count'> {
  /** The queued posts in the order they should go out (first = next). */
  postIds: readonly string[];
  /** Instants already taken in this queue by posts it does not move (a post queued at the same time for several accounts). */
  taken?: readonly string[];
  /** A paused queue plans nothing: its posts wait. */
  paused?: boolean;
}

/** One queued post's place: its slot, or none (paused, or no slot within the horizon) with why. */
export type QueuePlacement = { postId: string; at: string } | { postId: string; at: null; reason: 'paused' | 'no_slot' };

/**
 * Each queued post, in order, gets the next free slot: slots after `after`, not skipped and not
 * taken by a post this plan does not move.
 */
export function planQueue({ postIds, taken = [], paused = false, ...window }: QueuePlanInput): QueuePlacement[] {
  if (paused) return postIds.map((postId) => ({ postId, at: null, reason: 'paused' as const }));
  const busy = new Set(taken.map((at) => new Date(at).toISOString()));
  const free = upcomingSlots({ ...window, count: postIds.length + busy.size }).filter((at) => !busy.has(at.toISOString()));
  return postIds.map((postId, index) => {
    const at = free[index];
    return at ? { postId, at: at.toISOString() } : { postId, at: null, reason: 'no_slot' as const };
  });
}

/**
 * The earliest instant at which every one of several queues has a free slot (a post "at the same
 * time for all"): the first instant in all their free slot lists. Null when there is none within
 * the horizon (their slots never meet).
 */
export function commonFreeSlot(queues: ReadonlyArray<Omit<SlotWindow, 'count'> & { taken?: readonly string[] }>, look = 400): Date | null {
  if (queues.length === 0) return null;
  const frees = queues.map(({ taken = [], ...window }) => {
    const busy = new Set(taken.map((at) => new Date(at).toISOString()));
    return upcomingSlots({ ...window, count: look + busy.size }).filter((at) => !busy.has(at.toISOString()));
  });
  const [first, ...rest] = frees;
  const others = rest.map((list) => new Set(list.map((at) => at.getTime())));
  return first!.find((at) => others.every((set) => set.has(at.getTime()))) ?? null;
}
