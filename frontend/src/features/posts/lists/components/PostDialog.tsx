import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { Post } from '../../../../../../shared/api/posts';
import { MediaTile, PlatformChips, PostStatusBadge, TargetList } from './postParts';
import { TargetMetrics } from '../../../analytics/TargetMetrics';

/** The full-screen view of one post; Escape or the close button closes it and focus returns to the opener. */
export function PostDialog({ post, onClose }: { post: Post; onClose: () => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    closeRef.current?.focus();
    function onKeyDown(event: KeyboardEvent) {
      if (event.key === 'Escape') {
        event.preventDefault();
        onClose();
        return;
      }
      if (event.key !== 'Tab' || !dialogRef.current) return;
      const focusable = dialogRef.current.querySelectorAll<HTMLElement>('a[href], button:not([disabled])');
      const first = focusable[0];
      const last = focusable[focusable.length - 1];
      if (!first || !last) return;
      if (event.shiftKey && document.activeElement === first) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && document.activeElement === last) {
        event.preventDefault();
        first.focus();
      }
    }
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [onClose]);

  return (
    <div className="post-dialog-backdrop">
      <div ref={dialogRef} className="post-dialog" role="dialog" aria-modal="true" aria-labelledby={titleId}>
        <button ref={closeRef} type="button" className="close-button post-dialog-close" aria-label={t('posts.close')} onClick={onClose}>
          ×
        </button>
        <MediaTile post={post} large />
        <div className="post-dialog-details">
          <h2 id={titleId}>{post.title ?? t('posts.untitled')}</h2>
          <p className="post-dialog-description">{post.description.trim() ? post.description : t('posts.noDescription')}</p>
          <PlatformChips platforms={post.platforms} />
          <PostStatusBadge post={post} />
          <TargetList targets={post.targets} />
          <TargetMetrics postId={post.postId} targets={post.targets} />
        </div>
      </div>
    </div>
  );
}
