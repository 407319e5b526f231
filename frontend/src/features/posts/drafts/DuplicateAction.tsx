import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Post } from '../../../../../shared/api/posts';
import { ErrorBox } from '../../../components/ui/Form';
import { Menu } from '../../../components/ui/Menu';
import { useDuplicatePost } from './api';
import './drafts.css';

/** Duplicates the post into a new draft and opens it in the wizard; a failure is said in words. */
export function useDuplicateAndOpen() {
  const navigate = useNavigate();
  const duplicate = useDuplicatePost();
  return { duplicate, run: (post: Post) => duplicate.mutate(post.postId, { onSuccess: (draft) => navigate(`/dashboard?draft=${draft.postId}`) }) };
}

/** The post modal's Duplicate button. */
export function DuplicatePostButton({ post }: { post: Post }) {
  const { t } = useTranslation();
  const { duplicate, run } = useDuplicateAndOpen();
  return (
    <>
      <button type="button" className="button secondary small" disabled={duplicate.isPending} onClick={() => run(post)}>
        {duplicate.isPending ? t('composer.drafts.duplicating') : t('composer.drafts.duplicate')}
      </button>
      {duplicate.isError && <ErrorBox>{t('composer.drafts.duplicateFailed', { message: duplicate.error.message })}</ErrorBox>}
    </>
  );
}

/** A card's "More actions" menu with Duplicate (cards without a menu of their own). */
export function DuplicatePostMenu({ post }: { post: Post }) {
  const { t } = useTranslation();
  const { duplicate, run } = useDuplicateAndOpen();
  return (
    <div className="post-card-menu">
      <Menu
        label={t('composer.drafts.moreActions', { title: post.title ?? post.description.slice(0, 40) })}
        items={[{ label: duplicate.isPending ? t('composer.drafts.duplicating') : t('composer.drafts.duplicate'), onSelect: () => run(post), disabled: duplicate.isPending }]}
      />
      {duplicate.isError && <ErrorBox>{t('composer.drafts.duplicateFailed', { message: duplicate.error.message })}</ErrorBox>}
    </div>
  );
}
