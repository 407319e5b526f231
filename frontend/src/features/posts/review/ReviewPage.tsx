import { useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Check } from 'lucide-react';
import type { Connection } from '../../../../../shared/api/connections';
import type { ClientReview, ReviewPost } from '../../../../../shared/api/review';
import type { Platform } from '../../../../../shared/platforms';
import { ErrorBox, NoticeBox, Spinner } from '../../../components/ui/Form';
import { LanguageSwitcher } from '../../../components/ui/LanguageSwitcher';
import { Logo } from '../../../components/ui/Logo';
import { PageTitle } from '../../../components/ui/PageTitle';
import { ApiError } from '../../../lib/apiClient';
import { NetworkPreview } from '../wizard/preview/NetworkPreview';
import type { MediaItem } from '../wizard/useMediaUploads';
import { useDateFormat } from '../lists/useDateFormat';
import { useReview, useReviewAction } from './api';
import './review.css';

const NAME_KEY = 'oneclick.reviewerName';
const reasonOf = (error: unknown) => (error instanceof ApiError || error instanceof Error ? error.message : String(error));

/** The secret from the URL's fragment (/review#<token>): a fragment never reaches a server or its logs. */
function tokenFromFragment(): string | undefined {
  const token = decodeURIComponent(globalThis.location?.hash.slice(1) ?? '').trim();
  return /^[A-Za-z0-9_-]{43}$/.test(token) ? token : undefined;
}

/** The account as its network shows it, in the shape the composer's preview reads. */
function asConnection(account: ReviewPost['accounts'][number]): Connection {
  return {
    connectionId: `${account.platform}#review`,
    platform: account.platform,
    platformUserId: '',
    status: 'connected',
    displayName: account.displayName,
    username: account.username,
    avatarUrl: account.avatarUrl,
    tokenExpiry: { state: 'valid', reconnectBy: null },
    reconnectReason: null,
    grantedScopes: null,
    limits: null,
    connectedAt: '',
    updatedAt: '',
  };
}

function asMedia(media: ReviewPost['media'][number], index: number): MediaItem {
  return { id: String(index), name: media.name, size: 0, kind: media.kind, previewUrl: media.url, altText: media.altText ?? '', status: 'done', loaded: 0, bytesPerSecond: 0 };
}

function ReviewHistory({ reviews }: { reviews: ClientReview[] }) {
  const { t } = useTranslation();
  const format = useDateFormat();
  const id = useId();
  if (reviews.length === 0) return null;
  return (
    <section className="review-history" aria-labelledby={id}>
      <h3 id={id}>{t('review.page.history')}</h3>
      <ul>
        {reviews.map((review) => (
          <li key={`${review.at}-${review.name}`}>
            <span className="review-history-who">{t(review.decision === 'approved' ? 'review.page.approvedBy' : 'review.page.commentedBy', { name: review.name, date: format(review.at) })}</span>
            {review.comment && <q>{review.comment}</q>}
          </li>
        ))}
      </ul>
    </section>
  );
}

function ReviewCard({ post, token, name }: { post: ReviewPost; token: string; name: string }) {
  const { t } = useTranslation();
  const format = useDateFormat();
  const ids = { title: useId(), comment: useId() };
  const [platform, setPlatform] = useState<Platform>(post.platforms[0]!);
  const [comment, setComment] = useState('');
  const [approvedHere, setApprovedHere] = useState(false);
  const action = useReviewAction(token);
  const noName = name.trim() === '';
  // Approved already under this name (on this visit, or an earlier one): no second approval to send.
  const approved = approvedHere || (!noName && post.reviews.some((review) => review.decision === 'approved' && review.name.toLowerCase() === name.trim().toLowerCase()));

  function approve() {
    action.mutate({ postId: post.postId, name }, { onSuccess: () => setApprovedHere(true) });
  }
  function sendComment(event: FormEvent) {
    event.preventDefault();
    action.mutate({ postId: post.postId, name, comment }, { onSuccess: () => setComment('') });
  }

  return (
    <article className="card review-card" aria-labelledby={ids.title}>
      <h2 id={ids.title} className="review-card-title">
        {post.scheduledFor ? t('review.page.scheduledFor', { date: format(post.scheduledFor) }) : t('review.page.notScheduled')}
      </h2>
      <NetworkPreview
        chosen={post.platforms}
        platform={platform}
        onPlatform={setPlatform}
        accounts={post.accounts.map(asConnection)}
        media={post.media.map(asMedia)}
        description={post.description}
        texts={post.texts}
        threads={post.threads}
        title={post.title ?? ''}
      />
      <ReviewHistory reviews={post.reviews} />
      <div className="review-actions">
        {approved ? (
          <NoticeBox>
            <Check size={16} aria-hidden="true" /> {t('review.page.approved')}
          </NoticeBox>
        ) : (
          <button type="button" className="button primary" disabled={noName || action.isPending} onClick={approve}>
            {action.isPending && action.variables?.comment === undefined ? t('review.page.approving') : t('review.page.approve')}
          </button>
        )}
        <form className="review-comment" onSubmit={sendComment} noValidate>
          <label htmlFor={ids.comment}>{t('review.page.commentLabel')}</label>
          <textarea id={ids.comment} rows={2} maxLength={2000} value={comment} onChange={(event) => setComment(event.target.value)} />
          <button type="submit" className="button secondary" disabled={noName || comment.trim() === '' || action.isPending}>
            {action.isPending && action.variables?.comment !== undefined ? t('review.page.sending') : t('review.page.sendComment')}
          </button>
        </form>
        {noName && <p className="field-hint">{t('review.page.needName')}</p>}
        {action.isError && <ErrorBox>{reasonOf(action.error)}</ErrorBox>}
      </div>
    </article>
  );
}

/**
 * The page a client opens from a review link, with no account: the link's posts as each network
 * will show them, each with Approve and Comment under the name the client types once.
 */
export function ReviewPage() {
  const { t, i18n } = useTranslation();
  const nameId = useId();
  const [token] = useState(tokenFromFragment);
  const review = useReview(token);
  const [name, setName] = useState(() => globalThis.localStorage?.getItem(NAME_KEY) ?? '');
  useEffect(() => {
    globalThis.localStorage?.setItem(NAME_KEY, name);
  }, [name]);
  const day = (iso: string) => new Date(iso).toLocaleDateString(i18n.resolvedLanguage, { dateStyle: 'long' });

  return (
    <main className="review-page">
      <header className="review-header">
        <p className="logo">
          <Logo /> {t('common.appName')}
        </p>
        <LanguageSwitcher />
      </header>
      <PageTitle>{review.data?.label ?? t('review.page.title')}</PageTitle>
      {!token && <ErrorBox>{t('review.page.noToken')}</ErrorBox>}
      {review.isPending && token && <Spinner label={t('review.page.loading')} />}
      {review.isError && <ErrorBox>{reasonOf(review.error)}</ErrorBox>}
      {review.data && (
        <>
          <p className="review-intro">{t('review.page.intro', { workspace: review.data.workspaceName })}</p>
          <p className="field-hint">{t('review.page.until', { date: day(review.data.expiresAt) })}</p>
          <div className="field review-name">
            <label htmlFor={nameId}>{t('review.page.yourName')}</label>
            <input id={nameId} type="text" autoComplete="name" maxLength={80} value={name} onChange={(event) => setName(event.target.value)} aria-describedby={`${nameId}-hint`} />
            <p id={`${nameId}-hint`} className="field-hint">
              {t('review.page.nameHint')}
            </p>
          </div>
          {review.data.posts.length === 0 ? (
            <NoticeBox>{t('review.page.empty')}</NoticeBox>
          ) : (
            <div className="review-posts">
              {review.data.posts.map((post) => (
                <ReviewCard key={post.postId} post={post} token={token!} name={name} />
              ))}
            </div>
          )}
          <p className="field-hint review-footer">{t('review.page.footer')}</p>
        </>
      )}
    </main>
  );
}
