import { useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { Post } from '../../../../../../shared/api/posts';
import { MediaTile, PlatformChips, PostStatusBadge, TargetList } from './postParts';
import { TargetMetrics } from '../../../analytics';
import { useDialog } from '../../../../components/ui/useDialog';
import { DeletePostAction } from '../../deletion/DeletePostAction';

/** The full-screen view of one post; Escape or the close button closes it and focus returns to the opener. */
export function PostDialog({ post, onClose }: { post: Post; onClose: () => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);

  useDialog(dialogRef, onClose, '.post-dialog-close');

  return (
    <div className="post-dialog-backdrop">
      <div ref={dialogRef} className="post-dialog" role="dialog" aria-modal="true" aria-labelledby={titleId}>
        <button type="button" className="close-button post-dialog-close" aria-label={t('posts.close')} onClick={onClose}>
          ×
        </button>
        <MediaTile post={post} large />
        <div className="post-dialog-details">
          <h2 id={titleId}>{post.title ?? t('posts.untitled')}</h2>
          <p className="post-dialog-description">{post.description.trim() ? post.description : t('posts.noDescription')}</p>
          <PlatformChips platforms={post.platforms} />
          <PostStatusBadge post={post} />
          <TargetList targets={post.targets} post={post} actions />
          <TargetMetrics postId={post.postId} targets={post.targets} />
          <DeletePostAction post={post} onDeleted={onClose} />
        </div>
      </div>
    </div>
  );
}
