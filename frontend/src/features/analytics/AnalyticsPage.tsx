import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { analyticsPeriods } from '../../../../shared/api/analytics';
import { platformNames } from '../../../../shared/platforms';
import { PageTitle } from '../../components/ui/PageTitle';
import { ErrorBox } from '../../components/ui/Form';
import { Link } from 'react-router';
import { BarChart3 } from 'lucide-react';
import { EmptyState } from '../../components/ui/EmptyState';
import { PageSkeleton } from '../../components/ui/Skeleton';
import { useAnalyticsSummary, useBestTimes, userTimeZone } from './api';
import { AccountNumbers } from './AccountNumbers';
import { BestTimesHeatMap } from './BestTimesHeatMap';
import { EngagementChart } from './EngagementChart';
import { useAnalyticsFormat } from './format';
import { NextBestSlot } from './NextBestSlot';
import './analytics.css';

const totals = ['posts', 'targets', 'views', 'likes', 'comments', 'shares', 'saves', 'engagement'] as const;

/**
 * Analytics: per account (or all) over 7, 30 or 90 days — totals, a chart over time, the top
 * posts, and the best-times heat map with the next best slot, in the user's time zone.
 */
export function AnalyticsPage() {
  const { t } = useTranslation();
  const format = useAnalyticsFormat();
  const periodId = useId();
  const accountId = useId();
  const [days, setDays] = useState<number>(30);
  const [account, setAccount] = useState<string>();
  const summary = useAnalyticsSummary(days, account);
  const bestTimes = useBestTimes(account);
  const data = summary.data;

  return (
    <div className="analytics-page">
      <PageTitle>{t('analytics.title')}</PageTitle>
      <p className="hint">{t('analytics.intro')}</p>
      <div className="analytics-filters">
        <div className="analytics-filter">
          <label htmlFor={periodId}>{t('analytics.period')}</label>
          <select id={periodId} value={days} onChange={(event) => setDays(Number(event.target.value))}>
            {analyticsPeriods.map((period) => (
              <option key={period} value={period}>
                {t(`analytics.periods.${period}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="analytics-filter">
          <label htmlFor={accountId}>{t('analytics.account')}</label>
          <select id={accountId} value={account ?? ''} onChange={(event) => setAccount(event.target.value || undefined)}>
            <option value="">{t('analytics.allAccounts')}</option>
            {(data?.accounts ?? []).map((option) => (
              <option key={option.account} value={option.account}>
                {t('analytics.accountOption', { platform: platformNames[option.platform], account: option.accountName })}
              </option>
            ))}
          </select>
        </div>
      </div>
      <p className="hint">{t('analytics.timeZoneNote', { timeZone: userTimeZone() })}</p>

      {summary.isPending && <PageSkeleton label={t('analytics.loading')} cards={4} />}
      {summary.isError && <ErrorBox>{t('analytics.loadFailed')}</ErrorBox>}
      {data && (
        <>
          <p className="hint" data-testid="analytics-readings">
            {data.lastRefreshedAt ? t('analytics.lastRefreshed', { time: format.dateTime(data.lastRefreshedAt) }) : t('analytics.neverRefreshed')}
            {data.nextRefreshAt && <> {t('analytics.nextRefresh', { time: format.dateTime(data.nextRefreshAt) })}</>}
          </p>
          {data.awaitingFirstRead > 0 && (
            <p className="analytics-note" role="note">
              {t('analytics.awaiting', { count: data.awaitingFirstRead })}
            </p>
          )}
        </>
      )}
      {data && data.totals.posts === 0 && (
        <EmptyState
          icon={BarChart3}
          title={t('analytics.empty')}
          action={
            <Link className="button primary" to="/dashboard">
              {t('analytics.emptyAction')}
            </Link>
          }
        />
      )}
      {data && data.totals.posts > 0 && (
        <>
          <section className="analytics-section" aria-labelledby={`${periodId}-totals`}>
            <h2 id={`${periodId}-totals`}>{t('analytics.totals.heading')}</h2>
            <dl className="analytics-totals">
              {totals.map((name) => (
                <div key={name} className="analytics-total card">
                  <dt>{t(`analytics.totals.${name}`)}</dt>
                  <dd>{format.number(data.totals[name])}</dd>
                </div>
              ))}
            </dl>
          </section>

          <section className="analytics-section card" aria-labelledby={`${periodId}-chart`}>
            <h2 id={`${periodId}-chart`}>{t('analytics.chart.heading')}</h2>
            {data.series.some((point) => point.views > 0 || point.engagement > 0) ? (
              <EngagementChart series={data.series} />
            ) : (
              <p className="hint">{t('analytics.chartWaiting')}</p>
            )}
          </section>

          <section className="analytics-section" aria-labelledby={`${periodId}-top`}>
            <h2 id={`${periodId}-top`}>{t('analytics.top.heading')}</h2>
            {data.topPosts.length === 0 ? (
              <p className="hint">{t('analytics.top.empty')}</p>
            ) : (
              <ol className="analytics-top">
                {data.topPosts.map((post) => (
                  <li key={post.targetId + post.postId} className="card">
                    <p className="analytics-top-title">{post.title}</p>
                    <p className="hint">
                      {platformNames[post.platform]} · {post.accountName} · {format.dateTime(post.publishedAt)}
                    </p>
                    <p>
                      {t('analytics.top.engagement', { value: format.number(post.engagement) })}
                      {post.metrics.views !== null && <> · {t('analytics.top.views', { value: format.number(post.metrics.views) })}</>}
                    </p>
                    {post.postUrl && (
                      <a href={post.postUrl} target="_blank" rel="noopener noreferrer">
                        {t('analytics.top.open', { platform: platformNames[post.platform] })}
                      </a>
                    )}
                  </li>
                ))}
              </ol>
            )}
          </section>
        </>
      )}

      <AccountNumbers />

      <section className="analytics-section card" aria-labelledby={`${periodId}-best`}>
        <h2 id={`${periodId}-best`}>{t('analytics.bestTimes.heading')}</h2>
        {bestTimes.data && (
          <>
            <p className="hint">{t('analytics.bestTimes.explain')}</p>
            {!bestTimes.data.enoughData && (
              <p className="analytics-note" role="note">
                {t('analytics.bestTimes.tooLittle', { count: bestTimes.data.sampleSize, minimum: bestTimes.data.minimumSample })}
              </p>
            )}
            <NextBestSlot {...(account ? { account } : {})} />
            <BestTimesHeatMap bestTimes={bestTimes.data} />
          </>
        )}
        {bestTimes.isError && <ErrorBox>{t('analytics.loadFailed')}</ErrorBox>}
      </section>
    </div>
  );
}
