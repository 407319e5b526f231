import { useTranslation } from 'react-i18next';
import { platformNames, type Platform } from '../../../../../../shared/platforms';
import type { TextUnit } from '../../../../../../shared/platforms/capabilities';

/** One network's count (DescriptionStep's platformCounts). */
export interface PlatformCount {
  platform: Platform;
  /** The account counted, where each account's server sets its own limits. */
  account?: { id: string; name: string };
  own: boolean;
  /** How many posts, when the network goes as a thread. */
  thread: number | undefined;
  counting: boolean;
  count: number | undefined;
  max: number;
  unit: TextUnit;
  over: boolean;
}

/** A network's name, with the account's where the count is that account's own (its server's limits). */
const accountLabel = (network: string, account: PlatformCount['account']) => (account ? `${network} · ${account.name}` : network);

/**
 * Each chosen network's count of the text it gets, in its unit and against its limit (or, for a
 * network going as a thread, how many posts), "over the limit" in words, and Try again where the
 * counting could not be fetched. One list for the wizard's step 3 and Edit post.
 */
export function PlatformCountList({
  counts,
  counting,
  className,
}: {
  counts: readonly PlatformCount[];
  counting: { state: 'ready' | 'counting' | 'failed'; retry: () => void };
  className: string;
}) {
  const { t } = useTranslation();
  return (
    <ul className={className}>
      {counts.map((entry) => (
        <li
          key={entry.account?.id ?? entry.platform}
          className={entry.over ? 'over-limit' : undefined}
          data-testid={entry.account ? `count-${entry.account.id}` : `count-${entry.platform}`}
          aria-busy={entry.counting || undefined}
        >
          {entry.thread !== undefined && !entry.counting
            ? t('composer.thread.summary', { platform: platformNames[entry.platform], count: entry.thread })
            : entry.count === undefined
              ? t(counting.state === 'failed' ? 'wizard.description.countingFailed' : 'wizard.description.counting', { platform: platformNames[entry.platform] })
              : t('wizard.description.platformCount', {
                  platform: accountLabel(entry.own ? t('composer.texts.ownMarker', { platform: platformNames[entry.platform] }) : platformNames[entry.platform], entry.account),
                  count: entry.count,
                  max: entry.max,
                  unit: t(`wizard.description.units.${entry.unit}`),
                })}
          {entry.over && <strong> — {t('wizard.description.overLimit')}</strong>}
          {entry.counting && counting.state === 'failed' && (
            <>
              {' '}
              <button type="button" className="button ghost" onClick={counting.retry}>
                {t('wizard.description.countingRetry')}
              </button>
            </>
          )}
        </li>
      ))}
    </ul>
  );
}
