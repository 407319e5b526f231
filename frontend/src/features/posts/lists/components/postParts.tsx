import { useTranslation } from 'react-i18next';
import type { Post, PostTarget } from '../../../../../../shared/api/posts';
import { platformNames, type Platform } from '../../../../../../shared/platforms';
import { nativeSchedulersAmong } from '../../../../../../shared/platformRules';
import { platformList } from '../../../../components/ui/platformList';
import { PlatformChip } from '../../../../components/ui/PlatformChip';
import { PlatformMark } from '../../../../components/ui/PlatformMark';
import { browserZone, savedTimeZone } from '../../../settings';
import { waitingInWords } from '../targetWaiting';
import { PublishAgainAction } from './PublishAgainAction';
import { ApprovalBadge } from '../../approvals/ApprovalNote';

/** A date like 'Jan 5, 2025, 3:04 PM' in the user's language. */
export function PlatformChips({ platforms }: { platforms: readonly Platform[] }) {
  const { t } = useTranslation();
  return (
    <ul className="platform-chips" aria-label={t('posts.platforms')}>
      {platforms.map((platform) => (
        <PlatformChip key={platform} platform={platform} as="li" />
      ))}
    </ul>
  );
}

/** The post's status, and beside it its approval's when it was submitted for one (a submitted draft shows its approval only). */
export function PostStatusBadge({ post }: { post: Post }) {
  const { t } = useTranslation();
  return (
    <>
      {/* A post submitted to publish now waits as a draft: its approval says what it is. */}
      {!(post.status === 'draft' && post.approval) && <span className={`post-status status-${post.status}`}>{t(`posts.status.${post.status}`)}</span>}
      <ApprovalBadge post={post} />
    </>
  );
}

/**
 * Each target's status, its live link when published, the platform's reason when it failed, why
 * and until when it waits, and (with `actions`, in the post's modal) "publish again" where offered.
 */
export function TargetList({ targets, post, actions = false }: { targets: readonly PostTarget[]; post?: Pick<Post, 'postId' | 'media'>; actions?: boolean }) {
  const { t, i18n } = useTranslation();
  // The keys are built at run time (platform, reason): typed `t` takes them as plain strings here.
  const translate = (key: string, values?: Record<string, unknown>) => String(t(key as never, values as never));
  const context = { now: new Date(), timeZone: savedTimeZone() ?? browserZone(), language: i18n.resolvedLanguage ?? 'en', mediaKind: post?.media[0]?.kind };
  return (
    <ul className="post-targets">
      {targets.map((target) => (
        <li key={target.targetId} className={`post-target target-${target.status}`}>
          <PlatformMark platform={target.platform} size="sm" />
          <span className="target-name">{t('posts.target', { platform: platformNames[target.platform], account: target.accountName })}</span>
          <span className="target-status">{t(`posts.targetStatus.${target.status}`)}</span>
          {target.status === 'published' && target.postUrl && (
            <a href={target.postUrl} target="_blank" rel="noopener noreferrer" aria-label={t('posts.viewPostOn', { platform: platformNames[target.platform] })}>
              {t('posts.viewPost')}
            </a>
          )}
          {target.status === 'failed' && target.error && <p className="target-error">{target.error}</p>}
          {target.waiting && <p className="target-waiting">{waitingInWords(translate, target, context)}</p>}
          {target.notice && <p className="target-notice">{target.notice}</p>}
          {target.thread?.status === 'published' && (
            <p className="target-notice">
              {t('composer.thread.posted', { posted: target.thread.posted, of: target.thread.of })}
              {target.thread.url && (
                <>
                  {' · '}
                  <a href={target.thread.url} target="_blank" rel="noopener noreferrer" aria-label={`${t('composer.thread.view')} (${platformNames[target.platform]})`}>
                    {t('composer.thread.view')}
                  </a>
                </>
              )}
            </p>
          )}
          {target.thread?.status === 'failed' && <p className="target-error">{target.thread.error}</p>}
          {target.firstComment?.status === 'published' && (
            <p className="target-notice">
              {t('composer.firstComment.posted')}
              {target.firstComment.url && (
                <>
                  {' · '}
                  <a href={target.firstComment.url} target="_blank" rel="noopener noreferrer" aria-label={`${t('composer.firstComment.view')} (${platformNames[target.platform]})`}>
                    {t('composer.firstComment.view')}
                  </a>
                </>
              )}
            </p>
          )}
          {target.firstComment?.status === 'failed' && <p className="target-error">{target.firstComment.error}</p>}
          {actions && post && target.status === 'failed' && target.failureCode === 'outcome_unknown' && <PublishAgainAction postId={post.postId} target={target} />}
        </li>
      ))}
    </ul>
  );
}

/** A scheduled post's extra facts: a platform publishes it itself (native scheduling); it started late (the app was down at its time). */
export function ScheduleNotes({ post }: { post: Post }) {
  const { t, i18n } = useTranslation();
  const nativeSchedulers = nativeSchedulersAmong(post.platforms);
  return (
    <>
      {post.youtubeNative && post.status === 'scheduled' && (
        <p className="post-native">{t('scheduling.youtubeNative', { platforms: platformList(nativeSchedulers, i18n.resolvedLanguage ?? 'en') })}</p>
      )}
      {post.late && post.lateSeconds !== null && <p className="post-late">{t('scheduling.late', { minutes: Math.max(1, Math.round(post.lateSeconds / 60)) })}</p>}
    </>
  );
}

export function canRetry(post: Post): boolean {
  return post.status === 'failed' || post.status === 'partially_published';
}
