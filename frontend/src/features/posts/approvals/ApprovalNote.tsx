import { useTranslation } from 'react-i18next';
import type { Post } from '../../../../../shared/api/posts';
import { useDateFormat } from '../lists/useDateFormat';
import './approvals.css';

/** A post's approval as a badge beside its status (absent: the post was not submitted). */
export function ApprovalBadge({ post }: { post: Pick<Post, 'approval'> }) {
  const { t } = useTranslation();
  if (!post.approval) return null;
  return <span className={`post-status approval-state approval-${post.approval.state}`}>{t(`approvals.state.${post.approval.state}`)}</span>;
}

/**
 * What a submitted post waits for, and for whom, in words: never silent. `approverEmails`: who may
 * approve in this workspace (the Approvals page knows them; elsewhere the roles are named).
 */
export function ApprovalNote({ post, approverEmails }: { post: Pick<Post, 'approval' | 'scheduledFor'>; approverEmails?: readonly string[] }) {
  const { t } = useTranslation();
  const formatDate = useDateFormat();
  const approval = post.approval;
  if (!approval) return null;
  const approvers = approverEmails?.filter((email) => email !== approval.submittedByEmail);
  return (
    <div className="approval-note" data-state={approval.state}>
      <p>{t('approvals.submittedBy', { email: approval.submittedByEmail, date: formatDate(approval.submittedAt) })}</p>
      {approval.state === 'pending' && (
        <>
          <p>
            <strong>
              {approvers === undefined
                ? t('approvals.waitsForRole')
                : approvers.length
                  ? t('approvals.waitsFor', { approvers: approvers.join(', ') })
                  : t('approvals.waitsForNobody')}
            </strong>
          </p>
          <p className="hint">{post.scheduledFor ? t('approvals.publishesAt', { date: formatDate(post.scheduledFor) }) : t('approvals.publishesNow')}</p>
        </>
      )}
      {approval.state === 'changes_requested' && (
        <>
          <p>
            <strong>{t('approvals.changesAsked', { email: approval.decidedByEmail ?? '', note: approval.note ?? '' })}</strong>
          </p>
          <p className="hint">{t('approvals.waitsForAuthor', { email: approval.submittedByEmail })}</p>
        </>
      )}
      {(approval.state === 'approved' || approval.state === 'rejected') && approval.decidedByEmail && approval.decidedAt && (
        <p>{t('approvals.decidedBy', { state: t(`approvals.state.${approval.state}`), email: approval.decidedByEmail, date: formatDate(approval.decidedAt) })}</p>
      )}
      {approval.state === 'expired' && <p>{t('approvals.state.expired')}</p>}
    </div>
  );
}
