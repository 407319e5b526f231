import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ContentItem, ContentKind } from '../../../../shared/api/content';
import { ErrorBox } from '../../components/ui/Form';
import { Film, Mic } from 'lucide-react';
import { EmptyState } from '../../components/ui/EmptyState';
import { PageSkeleton } from '../../components/ui/Skeleton';
import { PageTitle } from '../../components/ui/PageTitle';
import { ApiError } from '../../lib/apiClient';
import { useContentPages, useDeleteContent } from './api/content';
import { ConfirmDeleteDialog } from './components/ConfirmDialog';
import { ContentCard } from './components/ContentCard';
import { PlayerDialog } from './components/PlayerDialog';
import { ToastList, useToasts } from '../../components/ui/Toast';
import { sharedContentName, storeSharedContent } from './share';
import './content.css';
import { useInfiniteScroll } from '../../components/ui/useInfiniteScroll';

type Filter = 'all' | ContentKind;
const filters: readonly Filter[] = ['all', 'video', 'podcast'];

/** My Content: what the modules generated, filtered, played, downloaded, deleted, or shared into a new post. */
export function ContentPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const [filter, setFilter] = useState<Filter>('all');
  const pages = useContentPages(filter === 'all' ? undefined : filter);
  const remove = useDeleteContent();
  const { toasts, show, dismiss } = useToasts();
  const items = useMemo(() => pages.data?.pages.flatMap((page) => page.items) ?? [], [pages.data]);

  const formatDate = useMemo(() => {
    const format = new Intl.DateTimeFormat(i18n.resolvedLanguage ?? 'en', { dateStyle: 'medium', timeStyle: 'short' });
    return (iso: string) => format.format(new Date(iso));
  }, [i18n.resolvedLanguage]);

  useEffect(() => {
    if (pages.isError) show('error', t('content.toasts.loadFailed'));
  }, [pages.isError, show, t]);

  const opener = useRef<HTMLElement | null>(null);
  const [playing, setPlaying] = useState<ContentItem>();
  const [deleting, setDeleting] = useState<ContentItem>();
  const restoreFocus = () => {
    if (opener.current?.isConnected) opener.current.focus();
  };
  const closePlayer = useCallback(() => {
    setPlaying(undefined);
    restoreFocus();
  }, []);
  const cancelDelete = useCallback(() => {
    setDeleting(undefined);
    restoreFocus();
  }, []);

  const share = (item: ContentItem) => {
    if (!item.shareUrl) {
      show('error', t('content.toasts.shareUrlMissing'));
      return;
    }
    const name = sharedContentName(item, { module: (id) => t(`nav.${id}`), type: (type) => t(`content.type.${type}`) }, i18n.resolvedLanguage ?? 'en');
    storeSharedContent(item.shareUrl, name);
    navigate('/dashboard');
  };

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.contentId, {
      onSuccess: () => show('success', t('content.toasts.deleted')),
      onError: (error) =>
        show('error', error instanceof ApiError && error.status === 404 ? t('content.toasts.storagePathMissing') : t('content.toasts.deleteFailed')),
      onSettled: () => {
        setDeleting(undefined);
        if (playing?.contentId === deleting.contentId) setPlaying(undefined);
      },
    });
  };

  const { hasNextPage, isFetchingNextPage, fetchNextPage } = pages;
  const sentinel = useInfiniteScroll(pages);

  return (
    <section className="content-page">
      <PageTitle>{t('pages.content')}</PageTitle>
      <div className="content-filters" role="group" aria-label={t('content.filterLabel')}>
        {filters.map((name) => (
          <button key={name} type="button" className={`button ${filter === name ? 'primary' : 'secondary'}`} aria-pressed={filter === name} onClick={() => setFilter(name)}>
            {t(`content.filters.${name}`)}
          </button>
        ))}
      </div>
      {pages.isError ? (
        <ErrorBox>{t('content.toasts.loadFailed')}</ErrorBox>
      ) : pages.isPending ? (
        <PageSkeleton label={t('content.loading')} />
      ) : items.length === 0 ? (
        <EmptyState
          icon={filter === 'podcast' ? Mic : Film}
          title={t(`content.empty.${filter}.title`)}
          hint={t(`content.empty.${filter}.hint`)}
          action={
            <button type="button" className="button primary" onClick={() => navigate('/dashboard')}>
              {t('content.goToDashboard')}
            </button>
          }
        />
      ) : (
        <ul className="content-grid">
          {items.map((item) => (
            <ContentCard
              key={item.contentId}
              item={item}
              formatDate={formatDate}
              onOpen={(chosen, from) => {
                opener.current = from;
                setPlaying(chosen);
              }}
              onShare={share}
              onDelete={(chosen, from) => {
                opener.current = from;
                setDeleting(chosen);
              }}
            />
          ))}
        </ul>
      )}
      {hasNextPage && (
        <div ref={sentinel} className="content-more">
          <button type="button" className="button secondary" disabled={isFetchingNextPage} onClick={() => void fetchNextPage()}>
            {isFetchingNextPage ? t('content.loadingMore') : t('content.loadMore')}
          </button>
        </div>
      )}
      {playing && !deleting && <PlayerDialog item={playing} onClose={closePlayer} onShare={share} />}
      {deleting && <ConfirmDeleteDialog name={deleting.fileName} busy={remove.isPending} onConfirm={confirmDelete} onCancel={cancelDelete} />}
      <ToastList toasts={toasts} onDismiss={dismiss} regionLabel={t('content.toasts.region')} dismissLabel={t('content.toasts.dismiss')} />
    </section>
  );
}
