import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Post } from '../../../../../shared/api/posts';
import { isPlatform, platformNames, platformsInDisplayOrder, type Platform } from '../../../../../shared/platforms';
import { PageTitle } from '../../../components/ui/PageTitle';
import { ErrorBox } from '../../../components/ui/Form';
import { Link } from 'react-router';
import { CalendarClock, Send } from 'lucide-react';
import { EmptyState } from '../../../components/ui/EmptyState';
import { PageSkeleton } from '../../../components/ui/Skeleton';
import { useInvalidatePosts, usePostPages, usePublishingPosts, useRetryPost } from './api/postLists';
import { PostCard } from './components/PostCard';
import { PostDialog } from './components/PostDialog';
import '../scheduling/scheduling.css';
import { useInfiniteScroll } from '../../../components/ui/useInfiniteScroll';
import { PostsTabs } from '../drafts/PostsTabs';
import { CsvActions } from '../csv/CsvActions';
import { BulkBar } from '../bulk/BulkBar';
import { SelectAllShown } from '../bulk/SelectAllShown';
import { useBulkSelection } from '../bulk/useBulkSelection';

const DUE_SOON_MS = 120_000;
const newestFirst = (a: Post, b: Post) => b.createdAt.localeCompare(a.createdAt);
/** Scheduled Posts: the soonest first (as the API lists them). */
const soonestFirst = (a: Post, b: Post) => (a.scheduledFor ?? a.createdAt).localeCompare(b.scheduledFor ?? b.createdAt);

/**
 * Published Posts (every finished post, plus the ones publishing right now) or Scheduled Posts:
 * cards newest first, a platform filter, infinite scroll and live status while anything publishes.
 */
export function PostListPage({ list }: { list: 'published' | 'scheduled' }) {
  const { t } = useTranslation();
  const filterId = useId();
  const [platform, setPlatform] = useState<Platform>();

  const publishing = usePublishingPosts(platform, list === 'published');
  const publishingPosts = useMemo(() => publishing.data ?? [], [publishing.data]);
  // Scheduled Posts refresh often while a post is due within two minutes, so it leaves the list when it publishes.
  const [dueSoon, setDueSoon] = useState(false);
  const pages = usePostPages(list, platform, { live: publishingPosts.length > 0 || dueSoon });
  useEffect(() => {
    if (list !== 'scheduled') return;
    const check = () =>
      setDueSoon((pages.data?.pages[0]?.posts ?? []).some((post) => post.scheduledFor && new Date(post.scheduledFor).getTime() - Date.now() < DUE_SOON_MS));
    check();
    const timer = setInterval(check, 10_000);
    return () => clearInterval(timer);
  }, [list, pages.data]);
  // The unfiltered list (the same query when no filter is set) tells which platforms the user has posts on.
  const allPages = usePostPages(list, undefined, { live: false });
  const retry = useRetryPost();
  const invalidate = useInvalidatePosts();

  const posts = useMemo(() => {
    const listed = pages.data?.pages.flatMap((page) => page.posts) ?? [];
    const publishingIds = new Set(publishingPosts.map((post) => post.postId));
    return [...publishingPosts, ...listed.filter((post) => !publishingIds.has(post.postId))].sort(list === 'scheduled' ? soonestFirst : newestFirst);
  }, [pages.data, publishingPosts, list]);

  // A post that leaves "publishing" has finished: reload the list so it shows its final status.
  const previousPublishing = useRef<string[]>([]);
  useEffect(() => {
    const now = new Set(publishingPosts.map((post) => post.postId));
    if (previousPublishing.current.some((postId) => !now.has(postId))) void invalidate(list);
    previousPublishing.current = [...now];
  }, [publishingPosts, invalidate, list]);

  const presentPlatforms = useMemo(() => {
    const present = new Set<Platform>(platform ? [platform] : []);
    for (const page of allPages.data?.pages ?? []) for (const post of page.posts) for (const name of post.platforms) present.add(name);
    for (const post of publishingPosts) for (const name of post.platforms) present.add(name);
    return platformsInDisplayOrder.filter((name) => present.has(name));
  }, [allPages.data, publishingPosts, platform]);

  const [openPost, setOpenPost] = useState<Post>();
  const opener = useRef<HTMLElement | null>(null);
  const shownPost = openPost ? (posts.find((post) => post.postId === openPost.postId) ?? openPost) : undefined;
  const open = useCallback((post: Post, from: HTMLElement) => {
    opener.current = from;
    setOpenPost(post);
  }, []);
  const close = useCallback(() => {
    setOpenPost(undefined);
    opener.current?.focus();
  }, []);

  const { hasNextPage, isFetchingNextPage, fetchNextPage } = pages;
  const sentinel = useInfiniteScroll(pages);

  const loading = pages.isPending || (list === 'published' && publishing.isPending);
  const bulk = useBulkSelection(posts);

  return (
    <section className="post-list-page">
      <PageTitle>{list === 'published' ? t('pages.posts') : t('pages.scheduled')}</PageTitle>
      {list === 'published' && <PostsTabs />}
      <div className="toolbar post-list-toolbar">
        <label htmlFor={filterId}>{t('posts.filterLabel')}</label>
        <select
          id={filterId}
          className="platform-filter"
          value={platform ?? ''}
          onChange={(event) => setPlatform(isPlatform(event.target.value) ? event.target.value : undefined)}
        >
          <option value="">{t('posts.allPlatforms')}</option>
          {presentPlatforms.map((name) => (
            <option key={name} value={name}>
              {platformNames[name]}
            </option>
          ))}
        </select>
        <CsvActions list={list} platform={platform} canImport={list === 'scheduled'} />
      </div>
      {posts.length > 0 && <SelectAllShown checked={bulk.allSelected} onChange={(all) => (all ? bulk.selectAll() : bulk.clear())} />}
      <BulkBar selected={bulk.selected} onClear={bulk.clear} onDone={bulk.clear} />
      {retry.isError && <ErrorBox>{t('posts.retryFailed', { message: retry.error.message })}</ErrorBox>}
      {pages.isError ? (
        <ErrorBox>{t('posts.loadFailed')}</ErrorBox>
      ) : loading ? (
        <PageSkeleton label={t('posts.loading')} />
      ) : posts.length === 0 ? (
        <EmptyState
          icon={list === 'scheduled' ? CalendarClock : Send}
          title={t(`posts.empty.${list}`)}
          hint={t(`ui.emptyPosts.${list}Hint`)}
          action={
            <Link className="button primary" to="/dashboard">
              {t('ui.emptyPosts.action')}
            </Link>
          }
        />
      ) : (
        <ul className="post-grid">
          {posts.map((post) => (
            <PostCard
              key={post.postId}
              post={post}
              retrying={retry.isPending && retry.variables === post.postId}
              onOpen={open}
              onRetry={(target) => retry.mutate(target.postId)}
              selection={{ selected: bulk.selectedIds.has(post.postId), onToggle: bulk.toggle }}
            />
          ))}
        </ul>
      )}
      {hasNextPage && (
        <div ref={sentinel} className="post-list-more">
          <button type="button" className="button secondary" disabled={isFetchingNextPage} onClick={() => void fetchNextPage()}>
            {isFetchingNextPage ? t('posts.loadingMore') : t('posts.loadMore')}
          </button>
        </div>
      )}
      {shownPost && <PostDialog post={shownPost} onClose={close} />}
    </section>
  );
}
