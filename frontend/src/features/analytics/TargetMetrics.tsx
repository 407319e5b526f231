import { useTranslation } from 'react-i18next';
import type { PostTarget } from '../../../../shared/api/posts';
import { platformNames } from '../../../../shared/platforms';
import type { TargetMetrics as TargetMetricsView } from '../../../../shared/api/analytics';
import { usePostMetrics } from './api';
import { useAnalyticsFormat } from './format';
import './analytics.css';

const shown = ['views', 'likes', 'comments', 'shares', 'saves', 'clicks', 'linkClicks', 'videoViews'] as const;

function Numbers({ metrics }: { metrics: TargetMetricsView }) {
  const { t } = useTranslation();
  const format = useAnalyticsFormat();
  return (
    <>
      {metrics.metrics && (
        <ul className="target-metrics-list">
          {shown.map((name) =>
            metrics.metrics![name] === null || metrics.metrics![name] === undefined ? null : (
              <li key={name}>{t(`analytics.target.${name}`, { value: format.number(metrics.metrics![name]!) })}</li>
            ),
          )}
        </ul>
      )}
      {metrics.state === 'paused' && metrics.note && <p className="target-metrics-note">{t('analytics.target.paused', { reason: metrics.note })}</p>}
      {metrics.state === 'unavailable' && metrics.note && <p className="target-metrics-note">{t('analytics.target.unavailable', { reason: metrics.note })}</p>}
      {metrics.state === 'finished' && metrics.metrics && <p className="target-metrics-note">{t('analytics.target.finished')}</p>}
      {metrics.lastRefreshedAt ? (
        <p className="target-metrics-time">{t('analytics.target.refreshed', { time: format.dateTime(metrics.lastRefreshedAt) })}</p>
      ) : (
        metrics.state === 'tracking' && <p className="target-metrics-time">{t('analytics.target.pending')}</p>
      )}
    </>
  );
}

/**
 * A published post's live numbers, per target (views, likes, comments, shares, saves, and where
 * a platform reports them clicks, link clicks and video views — what each platform reports) and when they were last read. Renders nothing for posts without
 * published targets.
 */
export function TargetMetrics({ postId, targets }: { postId: string; targets: readonly PostTarget[] }) {
  const { t } = useTranslation();
  const published = targets.filter((target) => target.status === 'published');
  const query = usePostMetrics(postId, published.length > 0);
  if (published.length === 0 || !query.data || query.data.targets.length === 0) return null;
  return (
    <section className="target-metrics" aria-label={t('analytics.target.heading')}>
      {query.data.targets.map((metrics) => {
        const target = published.find((candidate) => candidate.targetId === metrics.targetId);
        return (
          <div key={metrics.targetId} className="target-metrics-item">
            {published.length > 1 && target && <p className="target-metrics-name">{t('posts.target', { platform: platformNames[target.platform], account: target.accountName })}</p>}
            <Numbers metrics={metrics} />
          </div>
        );
      })}
    </section>
  );
}
