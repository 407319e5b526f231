import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { capabilities, type Platform } from '../../../../../shared/platforms';
import type { CreatedPost } from '../../../../../shared/api/posts';
import { ApiError } from '../../../lib/apiClient';
import { formatInZone } from '../scheduling/schedule';
import { useQueuePreview } from './api';
import './queue.css';

export interface QueueChoiceAccount {
  platform: Platform;
  platformUserId: string;
  name: string;
}

/**
 * The wizard's "Add to queue": same time for all (with several accounts), and where the post goes —
 * before adding (the server's preview of each account's next free time) and after (the times it got).
 */
export function QueueChoice({
  accounts,
  sameTimeForAll,
  onSameTimeForAll,
  zone,
  added,
}: {
  accounts: QueueChoiceAccount[];
  sameTimeForAll: boolean;
  onSameTimeForAll: (value: boolean) => void;
  zone: string;
  /** The answer once added: every post it made, soonest first. */
  added?: CreatedPost['queuedPosts'] | undefined;
}) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const language = i18n.resolvedLanguage ?? 'en';
  const preview = useQueuePreview(
    accounts.map((account) => ({ platform: account.platform, accountId: account.platformUserId })),
    sameTimeForAll && accounts.length > 1,
    zone,
    !added,
  );
  const nameOf = (connectionId: string) => {
    const account = accounts.find((candidate) => `${candidate.platform}#${candidate.platformUserId}` === connectionId);
    return account ? `${capabilities[account.platform].name} ${account.name}` : connectionId;
  };
  const line = (entry: { scheduledFor: string | null; accounts: string[] }) =>
    t('queue.wizard.at', { time: entry.scheduledFor ? formatInZone(entry.scheduledFor, zone, language) : '—', accounts: entry.accounts.map(nameOf).join(', ') });

  return (
    <div className="queue-choice">
      {accounts.length > 1 && (
        <>
          <label>
            <input type="checkbox" checked={sameTimeForAll} disabled={Boolean(added)} onChange={(event) => onSameTimeForAll(event.target.checked)} aria-describedby={`${id}-same`} />
            {t('queue.wizard.sameTimeForAll')}
          </label>
          <p id={`${id}-same`} className="hint">
            {t('queue.wizard.sameTimeForAllHint')}
          </p>
        </>
      )}
      <div aria-live="polite">
        {added ? (
          <>
            <p>{t('queue.wizard.after')}</p>
            <ul aria-label={t('queue.wizard.after')}>
              {added.map((entry) => (
                <li key={entry.postId}>{line(entry)}</li>
              ))}
            </ul>
          </>
        ) : preview.isPending ? (
          <p className="hint">{t('queue.wizard.checking')}</p>
        ) : preview.isError ? (
          <p className="schedule-problem" role="alert">
            {preview.error instanceof ApiError ? preview.error.message : t('common.genericError')}
          </p>
        ) : (
          <>
            <p>{t('queue.wizard.before')}</p>
            <ul aria-label={t('queue.wizard.before')}>
              {preview.data.posts.map((entry) =>
                entry.problem ? (
                  <li key={entry.accounts.join(',')} className="schedule-problem" role="alert">
                    {entry.problem}
                  </li>
                ) : (
                  <li key={entry.accounts.join(',')}>{line(entry)}</li>
                ),
              )}
            </ul>
          </>
        )}
      </div>
    </div>
  );
}
