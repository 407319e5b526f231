import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { postDecision, roleMay, routeRules } from '../../../../../shared/api/authorization';
import type { Post } from '../../../../../shared/api/posts';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog';
import { newIdempotencyKey, type ApiCall } from '../../../lib/apiClient';
import { useApi } from '../../../lib/useApi';
import { useCurrentWorkspace } from '../../workspaces';
import { bulkRoutes, draftSubmission, runBulk, shiftedTime, type BulkAction, type BulkOutcome } from './bulkActions';
import './bulk.css';

const UNITS = { minutes: 1, hours: 60, days: 1440 } as const;
type Unit = keyof typeof UNITS;

/** Whether the caller's role may do this action, by the rule table (the server decides again). */
function useMay(): (kind: BulkAction['kind']) => boolean {
  const workspace = useCurrentWorkspace().data;
  return (kind) => {
    if (!workspace) return false;
    const rule = routeRules[bulkRoutes[kind]];
    if (rule.scope !== 'workspace' || !roleMay(workspace.role, rule.action)) return false;
    // "Submit for approval" only where a post of this role goes for approval (else it would publish).
    return kind !== 'submit' || postDecision(workspace.approvalRule, workspace.role) === 'submit';
  };
}

/** One request per post, with its own key: the same routes as the single-post actions. */
function performWith(api: ApiCall, action: BulkAction) {
  return (post: Post, idempotencyKey: string): Promise<unknown> => {
    switch (action.kind) {
      case 'reschedule':
        return api('reschedulePost', { path: { postId: post.postId }, body: { scheduledFor: shiftedTime(post.scheduledFor!, action.offsetMinutes), timeZone: post.timeZone ?? 'UTC' } }, { idempotencyKey });
      case 'duplicate':
        return api('duplicatePost', { path: { postId: post.postId } }, { idempotencyKey });
      case 'delete':
        return api('deletePost', { path: { postId: post.postId }, query: { deleteMedia: false } });
      case 'submit':
        return api('publishDraft', { path: { postId: post.postId }, body: draftSubmission(post) }, { idempotencyKey });
      case 'queue':
        return api('publishDraft', { path: { postId: post.postId }, body: { ...draftSubmission(post), queue: {} } }, { idempotencyKey });
    }
  };
}

function Outcomes({ outcomes, posts }: { outcomes: BulkOutcome[]; posts: readonly Post[] }) {
  const { t } = useTranslation();
  const titleOf = (postId: string) => {
    const post = posts.find((one) => one.postId === postId);
    return post ? (post.title ?? (post.description || t('posts.untitled'))) : postId;
  };
  const failed = outcomes.filter((outcome) => !outcome.ok).length;
  return (
    <div className="bulk-outcomes">
      <h3>{t('bulk.outcome')}</h3>
      <p>{t('bulk.outcomeSummary', { done: outcomes.length - failed, failed })}</p>
      <ul>
        {outcomes.map((outcome) => (
          <li key={outcome.postId} data-ok={outcome.ok}>
            <span className="bulk-outcome-post">{titleOf(outcome.postId)}</span>
            <span>{outcome.ok ? t('bulk.done') : t('bulk.notDone', { reason: 'notApplicable' in outcome ? t(`bulk.${outcome.notApplicable}`) : outcome.reason })}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * The bar over a list with selected posts: how many, and what to do with them — move by an
 * offset, duplicate, delete, submit for approval (each as the caller's role may) — then each
 * post's outcome in words.
 */
export function BulkBar({ selected, onClear, onDone }: { selected: readonly Post[]; onClear: () => void; onDone: () => void }) {
  const { t } = useTranslation();
  const ids = { amount: useId(), unit: useId(), direction: useId(), title: useId() };
  const may = useMay();
  const queryClient = useQueryClient();
  const [moving, setMoving] = useState(false);
  const [amount, setAmount] = useState(1);
  const [unit, setUnit] = useState<Unit>('days');
  const [direction, setDirection] = useState<1 | -1>(1);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [running, setRunning] = useState<{ done: number; count: number }>();
  const [outcome, setOutcome] = useState<{ outcomes: BulkOutcome[]; posts: Post[] }>();
  const api = useApi();

  async function run(next: BulkAction) {
    const posts = [...selected];
    setRunning({ done: 0, count: posts.length });
    setOutcome(undefined);
    const outcomes = await runBulk(posts, next, performWith(api, next), { newKey: newIdempotencyKey, onProgress: (done) => setRunning({ done, count: posts.length }) });
    setRunning(undefined);
    setMoving(false);
    setConfirmDelete(false);
    setOutcome({ outcomes, posts });
    await queryClient.invalidateQueries({ queryKey: ['posts'] });
    onDone();
  }

  if (selected.length === 0 && !outcome) return null;
  const busy = running !== undefined;
  return (
    <section className="bulk-bar card" aria-labelledby={ids.title}>
      <div className="bulk-bar-row">
        <h2 id={ids.title} className="bulk-count">
          {t('bulk.selected', { count: selected.length })}
        </h2>
        {selected.length > 0 && (
          <div className="bulk-actions" role="group" aria-label={t('bulk.actions')}>
            {may('reschedule') && (
              <button type="button" className="button secondary" disabled={busy} aria-expanded={moving} onClick={() => setMoving((open) => !open)}>
                {t('bulk.reschedule')}
              </button>
            )}
            {may('queue') && (
              <button type="button" className="button secondary" disabled={busy} onClick={() => void run({ kind: 'queue' })}>
                {t('bulk.queue')}
              </button>
            )}
            {may('duplicate') && (
              <button type="button" className="button secondary" disabled={busy} onClick={() => void run({ kind: 'duplicate' })}>
                {t('bulk.duplicate')}
              </button>
            )}
            {may('submit') && (
              <button type="button" className="button secondary" disabled={busy} onClick={() => void run({ kind: 'submit' })}>
                {t('bulk.submit')}
              </button>
            )}
            {may('delete') && (
              <button type="button" className="button danger" disabled={busy} onClick={() => setConfirmDelete(true)}>
                {t('bulk.delete')}
              </button>
            )}
            <button type="button" className="button ghost" disabled={busy} onClick={() => (onClear(), setOutcome(undefined))}>
              {t('bulk.clear')}
            </button>
          </div>
        )}
      </div>
      {moving && selected.length > 0 && (
        <form
          className="bulk-move"
          onSubmit={(event) => {
            event.preventDefault();
            void run({ kind: 'reschedule', offsetMinutes: direction * amount * UNITS[unit] });
          }}
        >
          <span className="bulk-move-label">{t('bulk.offset')}</span>
          <label htmlFor={ids.amount} className="visually-hidden">
            {t('bulk.offset')}
          </label>
          <input id={ids.amount} type="number" min={1} max={999} value={amount} onChange={(event) => setAmount(Math.max(1, Number(event.target.value) || 1))} />
          <select aria-label={t('bulk.offsetUnit')} id={ids.unit} value={unit} onChange={(event) => setUnit(event.target.value as Unit)}>
            {(Object.keys(UNITS) as Unit[]).map((name) => (
              <option key={name} value={name}>
                {t(`bulk.offsetUnits.${name}`)}
              </option>
            ))}
          </select>
          <select aria-label={t('bulk.offsetDirection')} id={ids.direction} value={direction} onChange={(event) => setDirection(Number(event.target.value) as 1 | -1)}>
            <option value={1}>{t('bulk.later')}</option>
            <option value={-1}>{t('bulk.earlier')}</option>
          </select>
          <button type="submit" className="button primary" disabled={busy}>
            {t('bulk.apply')}
          </button>
        </form>
      )}
      <p className="bulk-progress" role="status" aria-live="polite">
        {running ? t('bulk.working', { done: running.done, count: running.count }) : ''}
      </p>
      {outcome && <Outcomes outcomes={outcome.outcomes} posts={outcome.posts} />}
      <ConfirmDialog
        open={confirmDelete}
        title={t('bulk.deleteTitle', { count: selected.length })}
        body={t('bulk.deleteBody')}
        confirmLabel={t('bulk.confirmDelete')}
        cancelLabel={t('bulk.keep')}
        busy={busy}
        onConfirm={() => void run({ kind: 'delete' })}
        onCancel={() => setConfirmDelete(false)}
      />
    </section>
  );
}
