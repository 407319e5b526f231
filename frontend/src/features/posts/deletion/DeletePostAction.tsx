import { useId, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Post } from '../../../../../shared/api/posts';
import { useApi } from '../../../lib/useApi';
import { ErrorBox } from '../../../components/ui/Form';
import { ApiError } from '../../../lib/apiClient';

/** Deletes a post from OneClick's history (optionally its media); the lists and the storage figure reload. */
function useDeletePost() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ postId, deleteMedia }: { postId: string; deleteMedia: boolean }) =>
      api('deletePost', { path: { postId }, query: { deleteMedia } }),
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: ['posts'] }), queryClient.invalidateQueries({ queryKey: ['storage'] })]),
  });
}

/**
 * The post modal's Delete: asks first (in the modal, so Escape still closes only the modal),
 * says that the platforms keep what was published, and offers to delete the media too.
 * A post being published has no Delete; a scheduled one is told to be cancelled first.
 */
export function DeletePostAction({ post, onDeleted }: { post: Post; onDeleted: () => void }) {
  const { t } = useTranslation();
  const [confirming, setConfirming] = useState(false);
  const [deleteMedia, setDeleteMedia] = useState(true);
  const remove = useDeletePost();
  const headingId = useId();
  if (post.status === 'publishing') return null;
  if (!confirming) {
    return (
      <button type="button" className="button danger-outline small" onClick={() => setConfirming(true)}>
        {t('media.deletePost.action')}
      </button>
    );
  }
  if (post.status === 'scheduled') {
    return (
      <section className="delete-post-confirm" role="group" aria-labelledby={headingId}>
        <h3 id={headingId}>{t('media.deletePost.title')}</h3>
        <p>{t('media.deletePost.cancelFirst')}</p>
        <button type="button" className="button secondary small" onClick={() => setConfirming(false)}>
          {t('media.deletePost.keep')}
        </button>
      </section>
    );
  }
  return (
    <section className="delete-post-confirm" role="group" aria-labelledby={headingId} data-testid="delete-post-confirm">
      <h3 id={headingId}>{t('media.deletePost.title')}</h3>
      <p>{t('media.deletePost.historyOnly')}</p>
      {post.media.length > 0 && (
        <label className="checkbox-field">
          <input type="checkbox" checked={deleteMedia} onChange={(event) => setDeleteMedia(event.target.checked)} />{' '}
          {t('media.deletePost.alsoMedia', { count: post.media.length })}
        </label>
      )}
      {remove.error ? (
        <ErrorBox>
          <p>{remove.error instanceof ApiError ? remove.error.message : t('common.genericError')}</p>
        </ErrorBox>
      ) : null}
      <div className="dialog-actions">
        <button type="button" className="button secondary small" onClick={() => setConfirming(false)}>
          {t('media.deletePost.keep')}
        </button>
        <button
          type="button"
          className="button danger small"
          disabled={remove.isPending}
          onClick={() => remove.mutate({ postId: post.postId, deleteMedia: deleteMedia && post.media.length > 0 }, { onSuccess: onDeleted })}
        >
          {remove.isPending ? t('media.deletePost.deleting') : t('media.deletePost.confirm')}
        </button>
      </div>
    </section>
  );
}
