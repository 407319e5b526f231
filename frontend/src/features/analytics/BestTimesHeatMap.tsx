import { useTranslation } from 'react-i18next';
import type { BestTimes } from '../../../../shared/api/analytics';
import { useAnalyticsFormat } from './format';

const hours = Array.from({ length: 24 }, (_, hour) => hour);

/** 0 = no posts; 1 (well below usual) … 5 (well above). */
export function heatLevel(score: number | undefined): number {
  if (score === undefined) return 0;
  if (score < 0.75) return 1;
  if (score < 0.95) return 2;
  if (score < 1.15) return 3;
  if (score < 1.5) return 4;
  return 5;
}

/**
 * The weekday × hour grid as a table: rows are weekdays (Monday first), columns hours, each
 * cell coloured by its score and labelled in words for screen readers.
 */
export function BestTimesHeatMap({ bestTimes }: { bestTimes: BestTimes }) {
  const { t } = useTranslation();
  const format = useAnalyticsFormat();
  const weekdays = t('analytics.bestTimes.weekdays', { returnObjects: true });
  const short = t('analytics.bestTimes.weekdaysShort', { returnObjects: true });
  const cells = new Map(bestTimes.cells.map((cell) => [`${cell.weekday}/${cell.hour}`, cell]));
  return (
    <div className="heatmap-wrap">
      <table className="heatmap">
        <caption className="visually-hidden">{t('analytics.bestTimes.heading')}</caption>
        <thead>
          <tr>
            <td />
            {hours.map((hour) => (
              <th key={hour} scope="col" abbr={format.hour(hour)}>
                {hour % 3 === 0 ? String(hour).padStart(2, '0') : <span className="visually-hidden">{format.hour(hour)}</span>}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weekdays.map((day, weekday) => (
            <tr key={day}>
              <th scope="row" abbr={day}>
                {short[weekday]}
              </th>
              {hours.map((hour) => {
                const cell = cells.get(`${weekday}/${hour}`);
                const label = cell
                  ? t('analytics.bestTimes.cell', { day, hour: format.hour(hour), score: format.score(cell.score), count: cell.posts })
                  : t('analytics.bestTimes.cellEmpty', { day, hour: format.hour(hour) });
                return (
                  <td key={hour} className={`heat heat-${heatLevel(cell?.score)}`} title={label} data-weekday={weekday} data-hour={hour}>
                    <span className="visually-hidden">{label}</span>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
      <p className="heatmap-legend" aria-hidden="true">
        <span>{t('analytics.bestTimes.legendLow')}</span>
        {[1, 2, 3, 4, 5].map((level) => (
          <span key={level} className={`heat heat-${level} heatmap-legend-swatch`} />
        ))}
        <span>{t('analytics.bestTimes.legendHigh')}</span>
        <span className="heat heat-0 heatmap-legend-swatch" />
        <span>{t('analytics.bestTimes.noPosts')}</span>
      </p>
    </div>
  );
}
