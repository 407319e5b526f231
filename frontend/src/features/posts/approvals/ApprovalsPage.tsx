import { useId, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ClipboardCheck } from 'lucide-react';
import { roleMay } from '../../../../../shared/api/authorization';
import type { Post } from '../../../../../shared/api/posts';
import { PageTitle } from '../../../components/ui/PageTitle';
import { ErrorBox, NoticeBox } from '../../../components/ui/Form';
import { EmptyState } from '../../../components/ui/EmptyState';
import { PageSkeleton } from '../../../components/ui/Skeleton';
import { useAuth } from '../../auth';
import { useCurrentWorkspace } from '../../workspaces';
import { PlatformChips, PostStatusBadge } from '../lists/components/postParts';
import { useDateFormat } from '../lists/useDateFormat';
import { ApprovalNote } from './ApprovalNote';
import { CommentThread } from './CommentThread';
import { PostPreviews } from './PostPreviews';
import { useApprovalQueue, useDecide, type Decision } from './api';
import './approvals.css';

/** The posts waiting for a decision: each with its previews, who waits for whom, the thread, and the decisions the caller may take. */
export function ApprovalsPage() {
  const { t } = useTranslation();
  const queue = useApprovalQueue();
  const [decided, setDecided] = useState<string>();
  return (
    <section className="approvals-page">
      <PageTitle>{t('approvals.title')}</PageTitle>
      <p className="hint">{t('approvals.intro')}</p>
      {decided && <NoticeBox>{decided}</NoticeBox>}
      {queue.isError ? (
        <ErrorBox>{t('approvals.loadFailed')}</ErrorBox>
      ) : queue.isPending ? (
        <PageSkeleton label={t('posts.loading')} />
      ) : queue.data.posts.length === 0 ? (
        <EmptyState icon={ClipboardCheck} title={t('approvals.empty')} />
      ) : (
        <ul className="approval-list">
          {queue.data.posts.map((post) => (
            <ApprovalCard key={post.postId} post={post} approverEmails={queue.data.approverEmails} onDecided={setDecided} />
          ))}
        </ul>
      )}
    </section>
  );
}

function ApprovalCard({ post, approverEmails, onDecided }: { post: Post; approverEmails: readonly string[]; onDecided: (message: string) => void }) {
  const { t } = useTranslation();
  const id = useId();
  const { user } = useAuth();
  const workspace = useCurrentWorkspace();
  const decide = useDecide();
  const formatDate = useDateFormat();
  const [comment, setComment] = useState('');
  const [missingComment, setMissingComment] = useState(false);
  const approval = post.approval!;
  const own = approval.submittedBy === user?.userId;
  const role = workspace.data?.role;
  const mayDecide = role !== undefined && roleMay(role, 'approve') && !own;

  function send(decision: Decision) {
    if (decision === 'changes' && !comment.trim()) {
      setMissingComment(true);
      return;
    }
    setMissingComment(false);
    decide.mutate(
      { postId: post.postId, decision, comment },
      {
        onSuccess: () =>
          onDecided(
            decision === 'approve'
              ? t('approvals.decided.approved', { when: post.scheduledFor ? t('approvals.atTime', { date: formatDate(post.scheduledFor) }) : t('approvals.now') })
              : t(`approvals.decided.${decision === 'changes' ? 'changes_requested' : 'rejected'}`),
          ),
      },
    );
  }

  return (
    <li className="card approval-card" aria-labelledby={`${id}-title`}>
      <div className="approval-card-head">
        <h2 id={`${id}-title`}>{post.title ?? post.description.split('\n')[0]}</h2>
        <div className="approval-card-badges">
          <PostStatusBadge post={post} />
        </div>
      </div>
      <PlatformChips platforms={post.platforms} />
      <ApprovalNote post={post} approverEmails={approverEmails} />
      <div className="approval-card-body">
        <section aria-label={t('approvals.previews')} className="approval-previews">
          <PostPreviews post={post} />
        </section>
        <div className="approval-side">
          {own && approval.state === 'changes_requested' && (
            <Link className="button primary" to={post.status === 'draft' ? `/dashboard?draft=${post.postId}` : '/dashboard/scheduled'}>
              {post.status === 'draft' ? t('approvals.editAndResubmit') : t('approvals.editScheduled')}
            </Link>
          )}
          {own && approval.state === 'pending' && <p className="hint">{t('approvals.ownSubmission')}</p>}
          {!own && role !== undefined && !roleMay(role, 'approve') && <p className="hint">{t('approvals.cannotDecide', { role: t(`workspaces.roles.${role}`) })}</p>}
          {mayDecide && (
            <div className="approval-decision">
              <label htmlFor={`${id}-comment`}>{t('approvals.comment')}</label>
              <textarea
                id={`${id}-comment`}
                rows={3}
                maxLength={1000}
                value={comment}
                aria-describedby={`${id}-comment-hint`}
                aria-invalid={missingComment || undefined}
                onChange={(event) => setComment(event.target.value)}
              />
              <p id={`${id}-comment-hint`} className="hint">
                {missingComment ? t('approvals.needComment') : approval.state === 'pending' ? t('approvals.commentHint') : t('approvals.commentHintReject')}
              </p>
              {decide.isError && <ErrorBox>{decide.error.message}</ErrorBox>}
              <div className="approval-actions">
                {approval.state === 'pending' && (
                  <button type="button" className="button primary" disabled={decide.isPending} onClick={() => send('approve')}>
                    {decide.isPending && decide.variables?.decision === 'approve' ? t('approvals.approving') : t('approvals.approve')}
                  </button>
                )}
                {approval.state === 'pending' && (
                  <button type="button" className="button secondary" disabled={decide.isPending} onClick={() => send('changes')}>
                    {decide.isPending && decide.variables?.decision === 'changes' ? t('approvals.asking') : t('approvals.askChanges')}
                  </button>
                )}
                <button type="button" className="button danger" disabled={decide.isPending} onClick={() => send('reject')}>
                  {decide.isPending && decide.variables?.decision === 'reject' ? t('approvals.rejecting') : t('approvals.reject')}
                </button>
              </div>
            </div>
          )}
          <CommentThread postId={post.postId} />
        </div>
      </div>
    </li>
  );
}
