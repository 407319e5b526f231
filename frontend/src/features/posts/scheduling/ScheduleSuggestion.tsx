import { instantToWallTime } from '../../../../../shared/scheduling';
import type { ScheduleChoice } from './schedule';
import { NextBestSlot } from '../../analytics';

/**
 * The wizard's schedule picker offers the next best slot: "Use this time" switches the choice to
 * scheduled at that time, kept in the picker's own time zone. Shown to plans that can schedule.
 */
export function ScheduleSuggestion({ value, onChange, canSchedule }: { value: ScheduleChoice; onChange: (next: ScheduleChoice) => void; canSchedule: boolean }) {
  if (!canSchedule) return null;
  return <NextBestSlot onUse={(at) => onChange({ ...value, mode: 'schedule', ...instantToWallTime(new Date(at), value.zone) })} />;
}
