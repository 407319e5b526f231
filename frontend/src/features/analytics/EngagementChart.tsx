import { CategoryScale, Chart as ChartJS, Filler, Legend, LinearScale, LineElement, PointElement, Tooltip } from 'chart.js';
import { Line } from 'react-chartjs-2';
import { useTranslation } from 'react-i18next';
import type { AnalyticsSummary } from '../../../../shared/api/analytics';
import { useAnalyticsFormat } from './format';
import { useThemeColors } from './useThemeColors';

ChartJS.register(CategoryScale, LinearScale, PointElement, LineElement, Tooltip, Legend, Filler);

/** Views and engagement of the period's posts, day by day: a line chart, with the same numbers as a table for screen readers. */
export function EngagementChart({ series }: { series: AnalyticsSummary['series'] }) {
  const { t } = useTranslation();
  const format = useAnalyticsFormat();
  const colors = useThemeColors();
  const labels = series.map((point) => format.day(point.date));
  return (
    <div className="analytics-chart">
      <div className="analytics-chart-canvas">
        <Line
          role="img"
          aria-label={t('analytics.chart.label')}
          data={{
            labels,
            datasets: [
              { label: t('analytics.chart.views'), data: series.map((point) => point.views), borderColor: colors.primary, backgroundColor: colors.primary, yAxisID: 'views', tension: 0.3, pointRadius: 2 },
              { label: t('analytics.chart.engagement'), data: series.map((point) => point.engagement), borderColor: colors.accent, backgroundColor: colors.accent, yAxisID: 'engagement', tension: 0.3, pointRadius: 2, borderDash: [6, 4] },
            ],
          }}
          options={{
            responsive: true,
            maintainAspectRatio: false,
            animation: false,
            interaction: { mode: 'index', intersect: false },
            plugins: {
              legend: { labels: { color: colors.text } },
              tooltip: { callbacks: { label: (item) => `${item.dataset.label}: ${format.number(Number(item.raw))}` } },
            },
            scales: {
              x: { ticks: { color: colors.muted, maxRotation: 0, autoSkip: true, autoSkipPadding: 16, maxTicksLimit: 8 }, grid: { color: colors.border } },
              views: { position: 'left', beginAtZero: true, ticks: { color: colors.muted, callback: (value) => format.compact(Number(value)) }, grid: { color: colors.border } },
              engagement: { position: 'right', beginAtZero: true, ticks: { color: colors.muted, callback: (value) => format.compact(Number(value)) }, grid: { drawOnChartArea: false } },
            },
          }}
        />
      </div>
      <table className="visually-hidden">
        <caption>{t('analytics.chart.tableCaption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('analytics.chart.date')}</th>
            <th scope="col">{t('analytics.chart.views')}</th>
            <th scope="col">{t('analytics.chart.engagement')}</th>
          </tr>
        </thead>
        <tbody>
          {series.map((point, index) => (
            <tr key={point.date}>
              <th scope="row">{labels[index]}</th>
              <td>{format.number(point.views)}</td>
              <td>{format.number(point.engagement)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
