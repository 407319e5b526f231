import { useTranslation } from 'react-i18next';
import type { Post } from '../../../../../../shared/api/posts';
import { platformNames, platformsInDisplayOrder } from '../../../../../../shared/platforms';
import { PlatformMark } from '../../../../components/ui/PlatformMark';
import { PlatformChips, PostStatusBadge, TargetList } from './postParts';
import { TargetMetrics } from '../../../analytics';
import { Dialog, DialogTitle } from '../../../../components/ui/Dialog';
import { DeletePostAction } from '../../deletion/DeletePostAction';
import { PostMediaViewer } from './PostMedia';
import { DuplicatePostButton } from '../../drafts/DuplicateAction';
import { ApprovalNote } from '../../approvals/ApprovalNote';
import { CommentThread } from '../../approvals/CommentThread';
import { ClientReviews } from '../../review/ClientReviews';
import { useCurrentWorkspace } from '../../../workspaces';
import '../../wizard/components/networkTexts.css';

/** The full-screen view of one post (its videos play, with a full-screen button; images large); Escape or the close button closes it and focus returns to the opener. */
export function PostDialog({ post, onClose }: { post: Post; onClose: () => void }) {
  const { t } = useTranslation();
  const shared = useCurrentWorkspace().data?.personal === false;
  return (
    <Dialog closeLabel={t('posts.close')} onClose={onClose} size="full" className="post-dialog" initialFocus="close">
      <PostMediaViewer post={post} />
      <div className="post-dialog-details">
        <DialogTitle>{post.title ?? t('posts.untitled')}</DialogTitle>
        <p className="post-dialog-description">{post.description.trim() ? post.description : t('posts.noDescription')}</p>
        {post.texts && (
          <dl className="review-network-texts" aria-label={t('composer.texts.reviewHeading')}>
            {platformsInDisplayOrder
              .filter((platform) => post.texts?.[platform])
              .map((platform) => (
                <div key={platform}>
                  <dt>
                    <PlatformMark platform={platform} size="sm" /> {platformNames[platform]} · {t('composer.texts.reviewOwn')}
                  </dt>
                  <dd className="post-dialog-description">{post.texts?.[platform]}</dd>
                </div>
              ))}
          </dl>
        )}
        <PlatformChips platforms={post.platforms} />
        <PostStatusBadge post={post} />
        <ApprovalNote post={post} />
        <TargetList targets={post.targets} post={post} actions />
        <ClientReviews reviews={post.clientReviews} />
        <TargetMetrics postId={post.postId} targets={post.targets} />
        <DuplicatePostButton post={post} />
        <DeletePostAction post={post} onDeleted={onClose} />
        {/* Comments are for the others in a shared workspace: a personal one has no one to read them. */}
        {shared && <CommentThread postId={post.postId} />}
      </div>
    </Dialog>
  );
}
