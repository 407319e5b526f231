import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PostTarget } from '../../../../../../shared/api/posts';
import { platformNames } from '../../../../../../shared/platforms';
import { usePublishAgain } from '../api/postLists';

/**
 * For a target the platform could not confirm ("check your account"): the user checks their
 * account first, then confirms that it was not published; only that confirmation publishes again.
 */
export function PublishAgainAction({ postId, target }: { postId: string; target: PostTarget }) {
  const { t } = useTranslation();
  const [confirming, setConfirming] = useState(false);
  const publishAgain = usePublishAgain();
  const platform = platformNames[target.platform];
  return (
    <div className="publish-again">
      <p className="publish-again-reason">{t('posts.publishAgain.reason', { platform })}</p>
      {!confirming ? (
        <button type="button" className="button secondary" onClick={() => setConfirming(true)}>
          {t('posts.publishAgain.action')}
        </button>
      ) : (
        <div role="alertdialog" aria-label={t('posts.publishAgain.action')}>
          <p>{t('posts.publishAgain.confirm', { platform })}</p>
          <div className="dialog-actions">
            <button
              type="button"
              className="button"
              disabled={publishAgain.isPending}
              onClick={() => publishAgain.mutate({ postId, targetId: target.targetId }, { onSuccess: () => setConfirming(false) })}
            >
              {publishAgain.isPending ? t('posts.publishAgain.working') : t('posts.publishAgain.confirmAction')}
            </button>
            <button type="button" className="button secondary" disabled={publishAgain.isPending} onClick={() => setConfirming(false)}>
              {t('posts.publishAgain.cancel')}
            </button>
          </div>
        </div>
      )}
      {publishAgain.isError && <p role="alert" className="target-error">{t('posts.publishAgain.failed', { message: publishAgain.error.message })}</p>}
    </div>
  );
}
