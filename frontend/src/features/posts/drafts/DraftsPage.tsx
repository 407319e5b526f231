import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { FilePen } from 'lucide-react';
import type { Post } from '../../../../../shared/api/posts';
import { PageTitle } from '../../../components/ui/PageTitle';
import { ErrorBox, NoticeBox } from '../../../components/ui/Form';
import { EmptyState } from '../../../components/ui/EmptyState';
import { PageSkeleton } from '../../../components/ui/Skeleton';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog';
import { useInfiniteScroll } from '../../../components/ui/useInfiniteScroll';
import { usePostPages } from '../lists/api/postLists';
import { PlatformChips } from '../lists/components/postParts';
import { useDateFormat } from '../lists/useDateFormat';
import { PostsTabs } from './PostsTabs';
import { ApprovalBadge, ApprovalNote } from '../approvals/ApprovalNote';
import { useDeleteDraft } from './api';
import { DuplicatePostMenu } from './DuplicateAction';
import { BulkBar } from '../bulk/BulkBar';
import { SelectAllShown } from '../bulk/SelectAllShown';
import { SelectPost, useBulkSelection } from '../bulk/useBulkSelection';
import './drafts.css';

/** The user's drafts (the server's, newest save first): open one in the wizard, duplicate or delete it. */
export function DraftsPage() {
  const { t } = useTranslation();
  const pages = usePostPages('draft', undefined, { live: false });
  const remove = useDeleteDraft();
  const [confirming, setConfirming] = useState<Post>();
  const [deleted, setDeleted] = useState(false);
  const sentinel = useInfiniteScroll(pages);
  const drafts = useMemo(() => pages.data?.pages.flatMap((page) => page.posts) ?? [], [pages.data]);
  const bulk = useBulkSelection(drafts);

  return (
    <section className="post-list-page drafts-page">
      <PageTitle>{t('composer.drafts.title')}</PageTitle>
      <PostsTabs />
      {deleted && <NoticeBox>{t('composer.drafts.deleted')}</NoticeBox>}
      {drafts.length > 0 && <SelectAllShown checked={bulk.allSelected} onChange={(all) => (all ? bulk.selectAll() : bulk.clear())} />}
      <BulkBar selected={bulk.selected} onClear={bulk.clear} onDone={bulk.clear} />
      {remove.isError && <ErrorBox>{t('composer.drafts.deleteFailed', { message: remove.error.message })}</ErrorBox>}
      {pages.isError ? (
        <ErrorBox>{t('composer.drafts.listFailed')}</ErrorBox>
      ) : pages.isPending ? (
        <PageSkeleton label={t('posts.loading')} />
      ) : drafts.length === 0 ? (
        <EmptyState
          icon={FilePen}
          title={t('composer.drafts.empty')}
          hint={t('composer.drafts.emptyHint')}
          action={
            <Link className="button primary" to="/dashboard">
              {t('composer.drafts.emptyAction')}
            </Link>
          }
        />
      ) : (
        <ul className="post-grid">
          {drafts.map((draft) => (
            <DraftCard
              key={draft.postId}
              draft={draft}
              selected={bulk.selectedIds.has(draft.postId)}
              onToggle={bulk.toggle}
              onDelete={() => {
                setDeleted(false);
                setConfirming(draft);
              }}
            />
          ))}
        </ul>
      )}
      {pages.hasNextPage && (
        <div ref={sentinel} className="post-list-more">
          <button type="button" className="button secondary" disabled={pages.isFetchingNextPage} onClick={() => void pages.fetchNextPage()}>
            {pages.isFetchingNextPage ? t('posts.loadingMore') : t('composer.drafts.loadMore')}
          </button>
        </div>
      )}
      <ConfirmDialog
        open={confirming !== undefined}
        title={t('composer.drafts.deleteTitle')}
        body={t('composer.drafts.deleteBody')}
        confirmLabel={t('composer.drafts.deleteConfirm')}
        cancelLabel={t('composer.drafts.keep')}
        busy={remove.isPending}
        onConfirm={() => {
          if (!confirming) return;
          remove.mutate(confirming.postId, {
            onSuccess: () => {
              setConfirming(undefined);
              setDeleted(true);
            },
            onError: () => setConfirming(undefined),
          });
        }}
        onCancel={() => setConfirming(undefined)}
      />
    </section>
  );
}

function DraftCard({ draft, selected, onToggle, onDelete }: { draft: Post; selected: boolean; onToggle: (postId: string, range: boolean) => void; onDelete: () => void }) {
  const { t } = useTranslation();
  const formatDate = useDateFormat();
  const name = draft.title?.trim() || t('composer.drafts.untitled');
  return (
    <li className="card post-card draft-card" aria-label={name} data-selected={selected}>
      <SelectPost post={draft} selected={selected} onToggle={onToggle} />
      <div className="draft-card-head">
        <h2 className="draft-card-title">{name}</h2>
        <DuplicatePostMenu post={draft} />
      </div>
      <time className="post-date" dateTime={draft.updatedAt}>
        {t('composer.drafts.savedOn', { date: formatDate(draft.updatedAt) })}
      </time>
      <p className={`post-content${draft.description.trim() ? '' : ' hint'}`}>{draft.description.trim() ? draft.description : t('composer.drafts.noText')}</p>
      {draft.platforms.length > 0 ? <PlatformChips platforms={draft.platforms} /> : <p className="hint">{t('composer.drafts.noAccounts')}</p>}
      <p className="hint">{draft.media.length > 0 ? t('composer.drafts.files', { count: draft.media.length }) : t('composer.drafts.noFiles')}</p>
      {draft.fromFeed && <FeedOriginNote origin={draft.fromFeed} />}
      {draft.approval && <ApprovalBadge post={draft} />}
      {draft.approval && <ApprovalNote post={draft} />}
      <div className="draft-card-actions">
        <Link className="button primary small" to={`/dashboard?draft=${draft.postId}`} aria-label={t('composer.drafts.openAria', { name })}>
          {t('composer.drafts.open')}
        </Link>
        <button type="button" className="button danger-outline small" onClick={onDelete} aria-label={t('composer.drafts.deleteAria', { name })}>
          {t('composer.drafts.delete')}
        </button>
      </div>
    </li>
  );
}

/** Where a feed's draft came from: the feed, the item's link, and, when its image could not be taken, why (the server's words). */
function FeedOriginNote({ origin }: { origin: NonNullable<Post['fromFeed']> }) {
  const { t } = useTranslation();
  return (
    <div className="draft-feed-origin">
      <p className="hint">{t('feeds.origin', { feed: origin.feedTitle ?? '' })}</p>
      {origin.link && (
        <a href={origin.link} target="_blank" rel="noreferrer noopener">
          {t('feeds.originLink')}
        </a>
      )}
      {origin.imageUrl && origin.imageNote && (
        <p className="hint">
          {t('feeds.imageNotTaken', { reason: origin.imageNote })}{' '}
          <a href={origin.imageUrl} target="_blank" rel="noreferrer noopener">
            {t('feeds.image')}
          </a>
        </p>
      )}
    </div>
  );
}
