import { useEffect, useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { UpgradeHint } from '../../../components/ui/UpgradeHint';
import { TimeZoneCombobox } from '../../../components/ui/TimeZoneCombobox';
import { SCHEDULE_HORIZON_DAYS } from '../../../../../shared/api/posts';
import { capabilities, type Platform } from '../../../../../shared/platforms';
import { platformList } from '../../../components/ui/platformList';
import { describeZone } from '../../../components/ui/timeZones';
import { useSchedulingTimeZone } from '../../settings';
import { followSettingsZone, formatInZone, resolveChoice, type ScheduleChoice } from './schedule';
import './scheduling.css';

/** Where a natively scheduled post is changed after the upload (YouTube Studio), from the platform data. */
const changedIn = (platform: Platform): string[] => {
  const native = capabilities[platform].nativeScheduling;
  return native ? [native.changedIn] : [];
};

/**
 * 'Publish Now' or 'Schedule' with a date, a time and a time zone (the one chosen in Settings,
 * else the browser's, by default; the field says which), the chosen moment shown in the user's
 * language with the zone and its offset on that date. Plans without scheduling see it disabled with
 * an upgrade hint (the server refuses it too).
 */
export function SchedulePicker({
  value,
  onChange,
  canSchedule,
  allowNow = true,
  nativeSchedulers = [],
  queueChoice,
}: {
  value: ScheduleChoice;
  onChange: (next: ScheduleChoice) => void;
  canSchedule: boolean;
  allowNow?: boolean;
  /** The chosen platforms that can publish at the time themselves (their capability data). */
  nativeSchedulers?: readonly Platform[];
  /** Offered as a third way ("Add to queue"), shown when chosen: where the post would go (the wizard). */
  queueChoice?: ReactNode;
}) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const scheduling = value.mode === 'schedule' || (!allowNow && value.mode !== 'queue');
  const resolved = resolveChoice(value);
  const language = i18n.resolvedLanguage ?? 'en';
  const set = (change: Partial<ScheduleChoice>) => onChange({ ...value, ...change });
  const usual = useSchedulingTimeZone();
  // A zone the user has not picked follows Settings' once the account has loaded (a first visit
  // starts in the browser's zone before that), keeping the moment offered.
  useEffect(() => {
    const next = followSettingsZone(value, usual);
    if (next !== value) onChange(next);
  }, [value, usual, onChange]);

  return (
    <fieldset className="schedule-picker">
      <legend>{t('scheduling.picker.legend')}</legend>
      {allowNow && (
        <div className="schedule-modes">
          <label className="schedule-mode">
            <input type="radio" name={`${id}-mode`} value="now" checked={value.mode === 'now'} onChange={() => set({ mode: 'now' })} />
            {t('scheduling.picker.now')}
          </label>
          <label className={`schedule-mode${canSchedule ? '' : ' disabled'}`}>
            <input
              type="radio"
              name={`${id}-mode`}
              value="schedule"
              checked={value.mode === 'schedule'}
              disabled={!canSchedule}
              aria-describedby={canSchedule ? undefined : `${id}-upgrade`}
              onChange={() => set({ mode: 'schedule' })}
            />
            {t('scheduling.picker.schedule')}
          </label>
          {queueChoice !== undefined && (
            <label className={`schedule-mode${canSchedule ? '' : ' disabled'}`}>
              <input type="radio" name={`${id}-mode`} value="queue" checked={value.mode === 'queue'} disabled={!canSchedule} onChange={() => set({ mode: 'queue' })} />
              {t('queue.wizard.choice')}
            </label>
          )}
        </div>
      )}
      {value.mode === 'queue' && canSchedule && queueChoice}
      {!canSchedule && (
        <div id={`${id}-upgrade`}>
          <p className="hint upgrade-hint">{t('scheduling.picker.upgrade')}</p>
          <UpgradeHint />
        </div>
      )}
      {scheduling && canSchedule && (
        <>
          <div className="schedule-fields">
            <label htmlFor={`${id}-date`}>
              {t('scheduling.picker.date')}
              <input id={`${id}-date`} type="date" value={value.date} onChange={(event) => set({ date: event.target.value })} required />
            </label>
            <label htmlFor={`${id}-time`}>
              {t('scheduling.picker.time')}
              <input id={`${id}-time`} type="time" value={value.time} onChange={(event) => set({ time: event.target.value })} required />
            </label>
            <div className="schedule-field">
              <label htmlFor={`${id}-zone`}>{t('scheduling.picker.zone')}</label>
              <TimeZoneCombobox id={`${id}-zone`} value={value.zone} onChange={(zone) => set({ zone, zoneChosen: true })} describedBy={value.zone === usual.zone ? `${id}-zone-source` : undefined} />
              {value.zone === usual.zone && (
                <p id={`${id}-zone-source`} className="hint">
                  {t(usual.fromSettings ? 'scheduling.picker.zoneSettings' : 'scheduling.picker.zoneBrowser')}
                </p>
              )}
            </div>
          </div>
          {'at' in resolved ? (
            <p className="schedule-preview" aria-live="polite">
              {t('scheduling.picker.preview', {
                date: formatInZone(resolved.at, value.zone, language),
                zone: value.zone.replaceAll('_', ' '),
                offset: describeZone(value.zone, resolved.at).offset,
              })}
            </p>
          ) : (
            <p className="schedule-problem" role="alert">
              {t(`scheduling.picker.${resolved.problem}`, { days: SCHEDULE_HORIZON_DAYS })}
            </p>
          )}
          {nativeSchedulers.length > 0 && allowNow && (
            <div className="schedule-native">
              <label>
                <input type="checkbox" checked={value.youtubeNative} onChange={(event) => set({ youtubeNative: event.target.checked })} aria-describedby={`${id}-native`} />
                {t('scheduling.picker.youtubeNative', { platforms: platformList(nativeSchedulers, language) })}
              </label>
              <p id={`${id}-native`} className="hint">
                {t('scheduling.picker.youtubeNativeHint', {
                  platforms: platformList(nativeSchedulers, language),
                  changedIn: new Intl.ListFormat(language, { type: 'disjunction' }).format(nativeSchedulers.flatMap((platform) => changedIn(platform))),
                })}
              </p>
            </div>
          )}
        </>
      )}
    </fieldset>
  );
}
