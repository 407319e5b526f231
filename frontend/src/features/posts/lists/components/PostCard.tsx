import { useTranslation } from 'react-i18next';
import type { Post } from '../../../../../../shared/api/posts';
import { ApprovalNote } from '../../approvals/ApprovalNote';
import { PlatformChips, PostStatusBadge, ScheduleNotes, TargetList, canRetry } from './postParts';
import { useDateFormat } from '../useDateFormat';
import { ScheduledActions } from '../../scheduling/ScheduledActions';
import { PostThumbnail } from './PostMedia';
import { DuplicatePostMenu } from '../../drafts/DuplicateAction';
import { useHoverOrFocus } from '../../../../lib/useHoverOrFocus';
import { SelectPost } from '../../bulk/useBulkSelection';

export function PostCard({
  post,
  retrying,
  onOpen,
  onRetry,
  selection,
}: {
  post: Post;
  retrying: boolean;
  onOpen: (post: Post, opener: HTMLElement) => void;
  onRetry: (post: Post) => void;
  /** Bulk actions: whether it is selected, and what choosing it does (a range with Shift). */
  selection?: { selected: boolean; onToggle: (postId: string, range: boolean) => void };
}) {
  const { t } = useTranslation();
  const formatDate = useDateFormat();
  const title = post.title ?? t('posts.untitled');
  // Hovering the card or focusing it plays a video's preview (as in My Content).
  const preview = useHoverOrFocus();
  return (
    <li className="card post-card" aria-label={title} data-selected={selection?.selected ?? false} {...preview.handlers}>
      {selection && <SelectPost post={post} selected={selection.selected} onToggle={selection.onToggle} />}
      <PostThumbnail post={post} previewing={preview.active} />
      <PlatformChips platforms={post.platforms} />
      <time className="post-date" dateTime={post.createdAt}>
        {formatDate(post.createdAt)}
      </time>
      {post.scheduledFor && post.status === 'scheduled' && (
        <span className="post-scheduled-for">{t('posts.scheduledFor', { date: formatDate(post.scheduledFor) })}</span>
      )}
      {/* The button stretches over the whole card (CSS), so clicking anywhere on it opens the post. */}
      <button
        type="button"
        className="post-card-open"
        onClick={(event) => onOpen(post, event.currentTarget)}
      >
        <span className="post-content">{post.description}</span>
      </button>
      <PostStatusBadge post={post} />
      {(post.approval?.state === 'pending' || post.approval?.state === 'changes_requested') && <ApprovalNote post={post} />}
      <ScheduleNotes post={post} />
      <TargetList targets={post.targets} post={post} />
      {post.status === 'scheduled' && <ScheduledActions post={post} />}
      {post.status !== 'scheduled' && <DuplicatePostMenu post={post} />}
      {canRetry(post) && (
        <button type="button" className="button secondary" disabled={retrying} onClick={() => onRetry(post)}>
          {retrying ? t('posts.retrying') : t('posts.retry')}
        </button>
      )}
    </li>
  );
}
