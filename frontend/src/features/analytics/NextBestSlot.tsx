import { useTranslation } from 'react-i18next';
import { useBestTimes } from './api';
import { useAnalyticsFormat } from './format';
import './analytics.css';

/**
 * The next best time to post (from the user's own engagement, in their time zone), or a plain
 * note when there is too little data. With `onUse`, a button hands the time (ISO) to a schedule
 * picker. `account` ("<platform>#<id>") narrows it to one account.
 */
export function NextBestSlot({ account, onUse }: { account?: string; onUse?: (at: string) => void }) {
  const { t } = useTranslation();
  const format = useAnalyticsFormat();
  const bestTimes = useBestTimes(account);
  if (!bestTimes.data) return null;
  const slot = bestTimes.data.nextBestSlot;
  return (
    <div className="next-best-slot">
      <p className="next-best-slot-label">{t('analytics.nextBest.label')}</p>
      {slot ? (
        <p className="next-best-slot-time">
          <time dateTime={slot.at}>{t('analytics.nextBest.slot', { time: format.slot(slot.at), score: format.score(slot.score) })}</time>
          {onUse && (
            <button type="button" className="button secondary" onClick={() => onUse(slot.at)}>
              {t('analytics.nextBest.use')}
            </button>
          )}
        </p>
      ) : (
        <p className="hint">{t('analytics.nextBest.none')}</p>
      )}
    </div>
  );
}
