import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { COMMENT_MAX_LENGTH } from '../../../../../shared/api/approvals';
import { ErrorBox } from '../../../components/ui/Form';
import { useMembers } from '../../workspaces';
import { useDateFormat } from '../lists/useDateFormat';
import { useAddComment, usePostComments } from './api';

/** The `@partial` being typed at the end of the text, if any. */
const typedMention = (text: string) => /(?:^|\s)@([^\s@]*)$/.exec(text)?.[1];

/**
 * A post's comments, oldest first, and a box to add one. Typing @ offers the workspace's members
 * (by e-mail); a member named so is notified.
 */
export function CommentThread({ postId }: { postId: string }) {
  const { t } = useTranslation();
  const id = useId();
  const comments = usePostComments(postId);
  const add = useAddComment(postId);
  const [text, setText] = useState('');
  const partial = typedMention(text);
  const members = useMembers(partial !== undefined);
  const formatDate = useDateFormat();
  const offered = partial === undefined ? [] : (members.data?.members ?? []).filter((member) => member.email.toLowerCase().includes(partial.toLowerCase())).slice(0, 6);

  function mention(email: string) {
    setText((current) => current.replace(/@([^\s@]*)$/, `@${email} `));
    document.getElementById(`${id}-text`)?.focus();
  }

  return (
    <section className="comment-thread" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>{t('approvals.comments.title')}</h3>
      {comments.isError && <ErrorBox>{t('approvals.comments.loadFailed')}</ErrorBox>}
      {comments.data && comments.data.comments.length === 0 && <p className="hint">{t('approvals.comments.empty')}</p>}
      {comments.data && comments.data.comments.length > 0 && (
        <ol className="comment-list">
          {comments.data.comments.map((comment) => (
            <li key={comment.commentId} className="comment">
              <p className="comment-meta">
                <strong>{comment.authorEmail}</strong>
                {comment.decision && <span className={`post-status approval-state approval-${comment.decision}`}>{t(`approvals.comments.decision.${comment.decision}`)}</span>}
                <time dateTime={comment.createdAt}>{formatDate(comment.createdAt)}</time>
              </p>
              <p className="comment-text">{comment.text}</p>
            </li>
          ))}
        </ol>
      )}
      <form
        className="comment-form"
        onSubmit={(event) => {
          event.preventDefault();
          if (!text.trim()) return;
          add.mutate(text.trim(), { onSuccess: () => setText('') });
        }}
      >
        <label htmlFor={`${id}-text`}>{t('approvals.comments.label')}</label>
        <textarea
          id={`${id}-text`}
          value={text}
          maxLength={COMMENT_MAX_LENGTH}
          rows={2}
          aria-describedby={`${id}-hint`}
          onChange={(event) => setText(event.target.value)}
        />
        <p id={`${id}-hint`} className="hint">
          {t('approvals.comments.hint')}
        </p>
        {offered.length > 0 && (
          <ul className="mention-list" aria-label={t('approvals.comments.mentionList')}>
            {offered.map((member) => (
              <li key={member.userId}>
                <button type="button" className="button ghost small" onClick={() => mention(member.email)}>
                  @{member.email}
                </button>
              </li>
            ))}
          </ul>
        )}
        {add.isError && <ErrorBox>{add.error.message}</ErrorBox>}
        <button type="submit" className="button secondary small" disabled={add.isPending || !text.trim()}>
          {add.isPending ? t('approvals.comments.sending') : t('approvals.comments.send')}
        </button>
      </form>
    </section>
  );
}
