import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { Connection } from '../../../../shared/api/connections';
import type { AccountDailyMetrics, AccountMetricKey } from '../../../../shared/api/accountMetrics';
import { capabilities, platformNames } from '../../../../shared/platforms';
import { useConnections } from '../accounts';
import { ErrorBox } from '../../components/ui/Form';
import { useAccountDailyMetrics } from './api';
import { useAnalyticsFormat } from './format';

/** The views metrics a day's bar adds up. */
const viewMetrics: readonly AccountMetricKey[] = ['searchViews', 'mapsViews'];

function dayViews(values: AccountDailyMetrics['days'][number]['values']): number {
  return viewMetrics.reduce((sum, metric) => sum + (values[metric] ?? 0), 0);
}

/**
 * The days newest first, each said to be known or not: platforms leave a zero day out, so a day
 * without a number before the last day with one is a zero; after it, not known yet (the numbers
 * arrive late).
 */
export function dayRows(data: AccountDailyMetrics): { day: AccountDailyMetrics['days'][number]; known: boolean }[] {
  const lastKnown = data.days.findLastIndex((day) => Object.keys(day.values).length > 0);
  return data.days.map((day, index) => ({ day, known: index <= lastKnown })).reverse();
}

function AccountNumbersCard({ connection }: { connection: Connection }) {
  const { t } = useTranslation();
  const format = useAnalyticsFormat();
  const headingId = useId();
  const numbers = useAccountDailyMetrics(connection.platform, connection.platformUserId);
  const platform = platformNames[connection.platform];
  const data = numbers.data;
  const hasAny = data ? data.days.some((day) => Object.keys(day.values).length > 0) : false;
  const most = data ? Math.max(1, ...data.days.map((day) => dayViews(day.values))) : 1;

  return (
    <section className="analytics-section card account-numbers" aria-labelledby={headingId} data-testid="account-numbers">
      <h3 id={headingId}>{t('analytics.accountNumbers.accountHeading', { platform, account: connection.displayName })}</h3>
      {numbers.isPending && <p className="hint">{t('analytics.accountNumbers.loading')}</p>}
      {numbers.isError && <ErrorBox>{t('analytics.accountNumbers.failed', { platform })}</ErrorBox>}
      {data && !hasAny && <p className="hint">{t('analytics.accountNumbers.none', { platform })}</p>}
      {data && hasAny && (
        <>
          <p className="hint">{t('analytics.accountNumbers.range', { from: format.day(data.from), to: format.day(data.to) })}</p>
          <dl className="analytics-totals">
            {data.metrics.map((metric) => (
              <div key={metric} className="analytics-total card">
                <dt>{t(`analytics.accountNumbers.metrics.${metric}`)}</dt>
                <dd>{format.number(data.totals[metric] ?? 0)}</dd>
              </div>
            ))}
          </dl>
          <div className="account-numbers-bars" aria-hidden="true">
            {data.days.map((day) => (
              <span key={day.date} className="account-numbers-bar" style={{ height: `${Math.round((dayViews(day.values) / most) * 100)}%` }} title={`${format.day(day.date)}: ${format.number(dayViews(day.values))}`} />
            ))}
          </div>
          <p className="hint account-numbers-axis" aria-hidden="true">
            <span>{format.day(data.from)}</span>
            <span>{t('analytics.accountNumbers.barsLabel')}</span>
            <span>{format.day(data.to)}</span>
          </p>
          <details className="account-numbers-days">
            <summary>{t('analytics.accountNumbers.dayByDay')}</summary>
            <div className="account-numbers-table">
              <table>
                <caption className="visually-hidden">{t('analytics.accountNumbers.tableCaption', { account: connection.displayName })}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t('analytics.chart.date')}</th>
                    {data.metrics.map((metric) => (
                      <th key={metric} scope="col">
                        {t(`analytics.accountNumbers.metrics.${metric}`)}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {dayRows(data).map(({ day, known }) => (
                    <tr key={day.date}>
                      <th scope="row">{format.day(day.date)}</th>
                      {data.metrics.map((metric) => (
                        <td key={metric}>{known ? format.number(day.values[metric] ?? 0) : t('analytics.accountNumbers.notYet')}</td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </details>
        </>
      )}
    </section>
  );
}

/**
 * The numbers of accounts whose platform reports them per account and day rather than per post
 * (`capabilities[p].accountNumbers`): for each connected one, the last 28 days' totals, a bar per
 * day of its views and the days in a table. Nothing when the user has no such account.
 */
export function AccountNumbers() {
  const { t } = useTranslation();
  const headingId = useId();
  const connections = useConnections();
  const accounts = (connections.data?.connections ?? []).filter((connection) => connection.status === 'connected' && capabilities[connection.platform].accountNumbers);
  if (accounts.length === 0) return null;
  const platforms = [...new Set(accounts.map((connection) => platformNames[connection.platform]))].join(', ');
  return (
    <section className="analytics-section" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('analytics.accountNumbers.heading')}</h2>
      <p className="hint">{t('analytics.accountNumbers.explain', { platforms })}</p>
      {accounts.map((connection) => (
        <AccountNumbersCard key={connection.connectionId} connection={connection} />
      ))}
    </section>
  );
}
