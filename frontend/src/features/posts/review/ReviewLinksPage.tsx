import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { REVIEW_LINK_DEFAULT_DAYS, REVIEW_LINK_MAX_POSTS, type CreatedReviewLink, type ReviewLink } from '../../../../../shared/api/review';
import { roleMay } from '../../../../../shared/api/authorization';
import { browserTimeZone, instantToWallTime } from '../../../../../shared/scheduling';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog';
import { ErrorBox, NoticeBox, Spinner } from '../../../components/ui/Form';
import { PageTitle } from '../../../components/ui/PageTitle';
import { ApiError } from '../../../lib/apiClient';
import { useCurrentWorkspace } from '../../workspaces';
import { useDateFormat } from '../lists/useDateFormat';
import { useCreateReviewLink, useReviewLinks, useRevokeReviewLink, useSchedulablePosts } from './api';
import './review.css';

const EXPIRY_CHOICES = [1, 3, 7, 14, 30] as const;
const reasonOf = (error: unknown) => (error instanceof ApiError || error instanceof Error ? error.message : String(error));
const excerpt = (text: string) => (text.length > 90 ? `${text.slice(0, 89)}…` : text);

/** The page's address of a link: the secret in the fragment, which browsers never send to a server. */
export const reviewUrl = (token: string) => `${globalThis.location.origin}/review#${token}`;

function MadeLink({ link }: { link: CreatedReviewLink }) {
  const { t } = useTranslation();
  const id = useId();
  const [copied, setCopied] = useState(false);
  const url = reviewUrl(link.token);
  return (
    <div className="review-links-made">
      <NoticeBox>{t('review.links.made')}</NoticeBox>
      <label htmlFor={id}>{t('review.links.linkLabel')}</label>
      <div className="review-links-made-row">
        <input id={id} type="text" readOnly value={url} onFocus={(event) => event.currentTarget.select()} />
        <button type="button" className="button secondary" onClick={() => void navigator.clipboard?.writeText(url).then(() => setCopied(true))}>
          {copied ? t('review.links.copied') : t('review.links.copy')}
        </button>
      </div>
    </div>
  );
}

function CreateLink({ zone }: { zone: string }) {
  const { t } = useTranslation();
  const format = useDateFormat();
  const ids = { label: useId(), from: useId(), to: useId(), expiry: useId(), title: useId(), labelHint: useId() };
  const today = instantToWallTime(new Date(), zone).date;
  const [label, setLabel] = useState('');
  const [type, setType] = useState<'posts' | 'dates'>('posts');
  const [chosen, setChosen] = useState<string[]>([]);
  const [from, setFrom] = useState(today);
  const [to, setTo] = useState(today);
  const [days, setDays] = useState<number>(REVIEW_LINK_DEFAULT_DAYS);
  const [made, setMade] = useState<CreatedReviewLink>();
  const scheduled = useSchedulablePosts(type === 'posts');
  const create = useCreateReviewLink();
  const posts = scheduled.data?.pages.flatMap((page) => page.posts) ?? [];

  function toggle(postId: string, on: boolean) {
    setChosen((current) => (on ? [...current, postId].slice(0, REVIEW_LINK_MAX_POSTS) : current.filter((id) => id !== postId)));
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const scope = type === 'posts' ? { type, postIds: chosen } : { type, from, to, timeZone: zone };
    create.mutate({ label, scope, expiresInDays: days }, { onSuccess: (link) => (setMade(link), setLabel(''), setChosen([])) });
  }

  const ready = label.trim() !== '' && (type === 'dates' ? from !== '' && to !== '' : chosen.length > 0);
  return (
    <section className="card" aria-labelledby={ids.title}>
      <h2 id={ids.title}>{t('review.links.create')}</h2>
      <form className="review-links-form" onSubmit={submit} noValidate>
        <div className="field">
          <label htmlFor={ids.label}>{t('review.links.label')}</label>
          <input id={ids.label} type="text" maxLength={80} value={label} onChange={(event) => setLabel(event.target.value)} aria-describedby={ids.labelHint} />
          <p id={ids.labelHint} className="review-links-hint">
            {t('review.links.labelHint')}
          </p>
        </div>
        <fieldset>
          <legend>{t('review.links.what')}</legend>
          <label className="review-links-choice">
            <input type="radio" name="scope" checked={type === 'posts'} onChange={() => setType('posts')} />
            {t('review.links.chosenPosts')}
          </label>
          <label className="review-links-choice">
            <input type="radio" name="scope" checked={type === 'dates'} onChange={() => setType('dates')} />
            {t('review.links.dates')}
          </label>
        </fieldset>
        {type === 'posts' ? (
          <fieldset>
            <legend>{t('review.links.pick')}</legend>
            {scheduled.isPending && <Spinner label={t('common.loading')} />}
            {scheduled.isError && <ErrorBox>{reasonOf(scheduled.error)}</ErrorBox>}
            {scheduled.isSuccess && posts.length === 0 && <p className="review-links-hint">{t('review.links.noScheduled')}</p>}
            {posts.length > 0 && (
              <ul className="review-links-posts">
                {posts.map((post) => (
                  <li key={post.postId}>
                    <label>
                      <input type="checkbox" checked={chosen.includes(post.postId)} onChange={(event) => toggle(post.postId, event.target.checked)} />
                      <span>
                        <strong>{post.scheduledFor ? format(post.scheduledFor) : ''}</strong>
                        <span className="review-links-excerpt">{excerpt(post.title ?? post.description)}</span>
                      </span>
                    </label>
                  </li>
                ))}
              </ul>
            )}
          </fieldset>
        ) : (
          <>
            <div className="review-links-dates">
              <div className="field">
                <label htmlFor={ids.from}>{t('review.links.from')}</label>
                <input id={ids.from} type="date" value={from} onChange={(event) => setFrom(event.target.value)} />
              </div>
              <div className="field">
                <label htmlFor={ids.to}>{t('review.links.to')}</label>
                <input id={ids.to} type="date" value={to} min={from} onChange={(event) => setTo(event.target.value)} />
              </div>
            </div>
            <p className="review-links-hint">{t('review.links.datesHint', { zone })}</p>
          </>
        )}
        <div className="field">
          <label htmlFor={ids.expiry}>{t('review.links.expiresIn')}</label>
          <select id={ids.expiry} value={days} onChange={(event) => setDays(Number(event.target.value))}>
            {EXPIRY_CHOICES.map((count) => (
              <option key={count} value={count}>
                {t('review.links.days', { count })}
              </option>
            ))}
          </select>
        </div>
        <div>
          <button type="submit" className="button primary" disabled={!ready || create.isPending}>
            {create.isPending ? t('review.links.creating') : t('review.links.submit')}
          </button>
        </div>
        {create.isError && <ErrorBox>{reasonOf(create.error)}</ErrorBox>}
      </form>
      {made && <MadeLink link={made} />}
    </section>
  );
}

function LinkRow({ link }: { link: ReviewLink }) {
  const { t, i18n } = useTranslation();
  const format = useDateFormat();
  const revoke = useRevokeReviewLink();
  const [confirming, setConfirming] = useState(false);
  const day = (date: string) => new Date(`${date}T12:00:00Z`).toLocaleDateString(i18n.resolvedLanguage, { dateStyle: 'medium', timeZone: 'UTC' });
  const scope = link.scope.type === 'posts' ? t('review.links.scopePosts', { count: link.scope.postIds.length }) : t('review.links.scopeDates', { from: day(link.scope.from), to: day(link.scope.to) });
  const ends =
    link.status === 'revoked'
      ? t('review.links.revokedOn', { date: format(link.revokedAt!) })
      : t(link.status === 'expired' ? 'review.links.expired' : 'review.links.expires', { date: format(link.expiresAt) });
  return (
    <li className="review-links-item">
      <div className="review-links-item-who">
        <strong>{link.label}</strong>
        <span>
          {scope} · {ends}
        </span>
        <span>{t('review.links.createdBy', { email: link.createdByEmail, date: format(link.createdAt) })}</span>
        <span>{link.lastOpenedAt ? t('review.links.opened', { date: format(link.lastOpenedAt) }) : t('review.links.neverOpened')}</span>
      </div>
      <span className="review-links-status" data-status={link.status}>
        {t(`review.links.status.${link.status}`)}
      </span>
      {link.status === 'active' && (
        <button type="button" className="button ghost" onClick={() => setConfirming(true)}>
          {t('review.links.revoke')}
        </button>
      )}
      {revoke.isError && <ErrorBox>{reasonOf(revoke.error)}</ErrorBox>}
      <ConfirmDialog
        open={confirming}
        title={t('review.links.revokeTitle', { label: link.label })}
        body={t('review.links.revokeBody')}
        confirmLabel={t('review.links.revoke')}
        cancelLabel={t('review.links.cancel')}
        busy={revoke.isPending}
        onConfirm={() => revoke.mutate(link.linkId, { onSettled: () => setConfirming(false) })}
        onCancel={() => setConfirming(false)}
      />
    </li>
  );
}

/** The workspace's review links: make one for chosen posts or some days, copy it once, see and revoke them. */
export function ReviewLinksPage() {
  const { t } = useTranslation();
  const workspace = useCurrentWorkspace();
  const allowed = workspace.data ? roleMay(workspace.data.role, 'manageWorkspace') : false;
  const links = useReviewLinks(allowed);
  const titleId = useId();
  return (
    <div className="review-links-page">
      <PageTitle>{t('review.links.title')}</PageTitle>
      <p className="review-links-hint">{t('review.links.intro')}</p>
      {workspace.isPending && <Spinner label={t('common.loading')} />}
      {workspace.isError && <ErrorBox>{reasonOf(workspace.error)}</ErrorBox>}
      {workspace.data && !allowed && <NoticeBox>{t('review.links.notAllowed')}</NoticeBox>}
      {allowed && (
        <>
          <CreateLink zone={workspace.data?.timeZone ?? browserTimeZone()} />
          <section className="card" aria-labelledby={titleId}>
            <h2 id={titleId}>{t('review.links.list')}</h2>
            {links.isPending && <Spinner label={t('common.loading')} />}
            {links.isError && <ErrorBox>{reasonOf(links.error)}</ErrorBox>}
            {links.data && links.data.links.length === 0 && <p className="review-links-hint">{t('review.links.none')}</p>}
            {links.data && links.data.links.length > 0 && (
              <ul className="review-links-list" aria-labelledby={titleId}>
                {links.data.links.map((link) => (
                  <LinkRow key={link.linkId} link={link} />
                ))}
              </ul>
            )}
          </section>
        </>
      )}
    </div>
  );
}
