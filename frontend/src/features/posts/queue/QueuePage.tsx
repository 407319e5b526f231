import { useEffect, useId, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { GripVertical, ListOrdered, X } from 'lucide-react';
import { DndContext, KeyboardSensor, PointerSensor, closestCenter, useSensor, useSensors, type Announcements, type DragEndEvent } from '@dnd-kit/core';
import { SortableContext, arrayMove, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { roleMay } from '../../../../../shared/api/authorization';
import { capabilities } from '../../../../../shared/platforms';
import type { Post } from '../../../../../shared/api/posts';
import { MAX_WEEKLY_SLOTS, type QueueChange, type QueueView } from '../../../../../shared/api/queue';
import type { QueueSlot } from '../../../../../shared/queue';
import { PageTitle } from '../../../components/ui/PageTitle';
import { ErrorBox, NoticeBox } from '../../../components/ui/Form';
import { EmptyState } from '../../../components/ui/EmptyState';
import { PageSkeleton } from '../../../components/ui/Skeleton';
import { ApiError } from '../../../lib/apiClient';
import { useCurrentWorkspace } from '../../workspaces';
import { useSchedulingTimeZone } from '../../settings';
import { useConnectedAccounts } from '../wizard/api/wizardApi';
import { formatInZone } from '../scheduling/schedule';
import { useQueue, useQueueChange, type QueueAccount, type QueueAction } from './api';
import './queue.css';

/** Weekday 0 = Monday … 6 = Sunday, as the slots count them. */
const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;

/** A post's words for a list row: its title, else its description's start. */
const excerptOf = (post: Post) => post.title ?? post.description;

/**
 * The Queue view (docs/queue.md): per account, its weekly slots (proposed, default or set), the
 * queued posts in order — reordered by drag or by keyboard (dnd-kit's keyboard sensor, with
 * announcements in the user's language) — the next slots (skip one, use it again), pause and
 * resume, "share next", and the posts that wait.
 */
export function QueuePage() {
  const { t } = useTranslation();
  const id = useId();
  const [params, setParams] = useSearchParams();
  const connections = useConnectedAccounts();
  const accounts = useMemo(() => (connections.data?.connections ?? []).filter((connection) => connection.status === 'connected'), [connections.data]);
  const chosenKey = params.get('account') ?? (accounts[0] ? `${accounts[0].platform}#${accounts[0].platformUserId}` : undefined);
  const chosen = accounts.find((connection) => `${connection.platform}#${connection.platformUserId}` === chosenKey);
  const account: QueueAccount | undefined = chosen ? { platform: chosen.platform, accountId: chosen.platformUserId } : undefined;
  const { zone } = useSchedulingTimeZone();
  const queue = useQueue(account, zone);
  const workspace = useCurrentWorkspace();
  const mayChange = workspace.data ? roleMay(workspace.data.role, 'publish') : false;

  return (
    <section className="queue-page">
      <PageTitle>{t('queue.title')}</PageTitle>
      <p className="hint queue-intro">{t('queue.intro')}</p>
      {connections.isError ? (
        <ErrorBox>{t('queue.loadFailed')}</ErrorBox>
      ) : connections.isPending ? (
        <PageSkeleton label={t('queue.loading')} />
      ) : accounts.length === 0 ? (
        <EmptyState icon={ListOrdered} title={t('queue.noAccounts')} hint={t('queue.noAccountsHint')} />
      ) : (
        <>
          <div className="queue-account">
            <label htmlFor={`${id}-account`}>{t('queue.account')}</label>
            <select id={`${id}-account`} className="select" value={chosenKey} onChange={(event) => setParams({ account: event.target.value }, { replace: true })}>
              {accounts.map((connection) => (
                <option key={connection.connectionId} value={`${connection.platform}#${connection.platformUserId}`}>
                  {`${capabilities[connection.platform].name} · ${connection.username ?? connection.displayName}`}
                </option>
              ))}
            </select>
          </div>
          {queue.isError ? (
            <ErrorBox>{queue.error instanceof ApiError ? queue.error.message : t('queue.loadFailed')}</ErrorBox>
          ) : queue.isPending || !account ? (
            <PageSkeleton label={t('queue.loading')} />
          ) : (
            <AccountQueue key={chosenKey} view={queue.data} account={account} mayChange={mayChange} />
          )}
        </>
      )}
    </section>
  );
}

function AccountQueue({ view, account, mayChange }: { view: QueueView; account: QueueAccount; mayChange: boolean }) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  const change = useQueueChange(account);
  const [outcome, setOutcome] = useState<string[]>([]);
  const when = (at: string) => formatInZone(at, view.timeZone, language);
  const queued = view.upcoming.flatMap((slot) => (slot.post ? [slot.post] : []));

  function act(action: QueueAction) {
    setOutcome([]);
    change.mutate(action, { onSuccess: (result: QueueChange) => setOutcome(result.outcomes.flatMap((entry) => (entry.message ? [entry.message] : []))) });
  }

  return (
    <div className="queue-body">
      <p className="queue-zone">{t(view.workspaceZone ? 'queue.zoneWorkspace' : 'queue.zoneOwn', { zone: view.timeZone.replaceAll('_', ' ') })}</p>
      {view.paused ? (
        <NoticeBox>
          <span>{t('queue.pausedNotice', { since: view.pausedAt ? when(view.pausedAt) : '' })}</span>
        </NoticeBox>
      ) : null}
      {mayChange && (
        <div className="queue-actions">
          <button type="button" className="button secondary" disabled={change.isPending} onClick={() => act({ kind: view.paused ? 'resume' : 'pause' })}>
            {view.paused ? t('queue.resume') : t('queue.pause')}
          </button>
        </div>
      )}
      {change.isError && <ErrorBox>{change.error instanceof ApiError ? change.error.message : t('common.genericError')}</ErrorBox>}
      {outcome.length > 0 && (
        <NoticeBox>
          {outcome.map((message) => (
            <p key={message}>{message}</p>
          ))}
        </NoticeBox>
      )}

      <section className="card queue-section" aria-labelledby="queue-posts-heading">
        <h2 id="queue-posts-heading">{t('queue.posts.title')}</h2>
        {queued.length === 0 ? (
          <p className="hint">{t('queue.posts.empty')}</p>
        ) : (
          <QueuedPosts posts={queued} when={when} mayChange={mayChange && !view.paused} busy={change.isPending} onOrder={(postIds) => act({ kind: 'order', postIds })} onNext={(postId) => act({ kind: 'next', postId })} />
        )}
      </section>

      {view.waiting.length > 0 && (
        <section className="card queue-section" aria-labelledby="queue-waiting-heading">
          <h2 id="queue-waiting-heading">{t('queue.waiting.title')}</h2>
          <ul className="queue-list">
            {view.waiting.map((post) => (
              <li key={post.postId} className="queue-row">
                <span className="queue-text">{excerptOf(post)}</span>
                <span className="hint">{post.queue?.waiting}</span>
              </li>
            ))}
          </ul>
        </section>
      )}

      <section className="card queue-section" aria-labelledby="queue-slots-heading">
        <h2 id="queue-slots-heading">{t('queue.upcoming.title')}</h2>
        {view.upcoming.length === 0 ? (
          <p className="hint">{t('queue.upcoming.none')}</p>
        ) : (
          <ul className="queue-list">
            {view.upcoming.map((slot) => (
              <li key={slot.at} className={`queue-row${slot.skipped ? ' skipped' : ''}`}>
                <time dateTime={slot.at} className="queue-time">
                  {when(slot.at)}
                </time>
                <span className="queue-text">{slot.skipped ? t('queue.upcoming.skipped') : slot.post ? excerptOf(slot.post) : t('queue.upcoming.free')}</span>
                {mayChange && !view.paused && (
                  <button
                    type="button"
                    className="button secondary small"
                    disabled={change.isPending}
                    aria-label={t(slot.skipped ? 'queue.upcoming.useAgainLabel' : 'queue.upcoming.skipLabel', { time: when(slot.at) })}
                    onClick={() => act({ kind: 'skip', at: slot.at, skip: !slot.skipped })}
                  >
                    {slot.skipped ? t('queue.upcoming.useAgain') : t('queue.upcoming.skip')}
                  </button>
                )}
              </li>
            ))}
          </ul>
        )}
      </section>

      <SlotsEditor view={view} mayChange={mayChange} busy={change.isPending} onSave={(slots) => act({ kind: 'slots', slots, timeZone: view.timeZone })} />
    </div>
  );
}

/** The queued posts in order: drag by the handle, or focus it and use Space and the arrow keys. */
function QueuedPosts({ posts, when, mayChange, busy, onOrder, onNext }: { posts: Post[]; when: (at: string) => string; mayChange: boolean; busy: boolean; onOrder: (postIds: string[]) => void; onNext: (postId: string) => void }) {
  const { t } = useTranslation();
  const [order, setOrder] = useState(() => posts.map((post) => post.postId));
  const incoming = posts.map((post) => post.postId).join(',');
  useEffect(() => setOrder(incoming.split(',')), [incoming]);
  const sensors = useSensors(useSensor(PointerSensor), useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }));
  const byId = new Map(posts.map((post) => [post.postId, post]));
  const position = (postId: string | number) => order.indexOf(String(postId)) + 1;
  const nameOf = (postId: string | number) => excerptOf(byId.get(String(postId))!).slice(0, 60);
  const announcements: Announcements = {
    onDragStart: ({ active }) => t('queue.drag.picked', { post: nameOf(active.id), position: position(active.id), total: order.length }),
    // Over its own place (just picked up): nothing new to say, so "picked up" is what is heard.
    onDragOver: ({ active, over }) =>
      over?.id === active.id ? undefined : over ? t('queue.drag.over', { post: nameOf(active.id), position: position(over.id), total: order.length }) : t('queue.drag.outside', { post: nameOf(active.id) }),
    onDragEnd: ({ active, over }) => (over ? t('queue.drag.dropped', { post: nameOf(active.id), position: position(over.id), total: order.length }) : t('queue.drag.outside', { post: nameOf(active.id) })),
    onDragCancel: ({ active }) => t('queue.drag.cancelled', { post: nameOf(active.id) }),
  };

  function onDragEnd({ active, over }: DragEndEvent) {
    if (!over || active.id === over.id) return;
    const next = arrayMove(order, order.indexOf(String(active.id)), order.indexOf(String(over.id)));
    setOrder(next);
    onOrder(next);
  }

  const rows = order.flatMap((postId) => (byId.get(postId) ? [byId.get(postId)!] : []));
  if (!mayChange) {
    return (
      <ol className="queue-list">
        {rows.map((post) => (
          <li key={post.postId} className="queue-row">
            <time dateTime={post.scheduledFor ?? undefined} className="queue-time">{post.scheduledFor ? when(post.scheduledFor) : ''}</time>
            <span className="queue-text">{excerptOf(post)}</span>
          </li>
        ))}
      </ol>
    );
  }
  return (
    <>
      <p className="hint" id="queue-drag-help">{t('queue.drag.help')}</p>
      <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd} accessibility={{ announcements, screenReaderInstructions: { draggable: t('queue.drag.instructions') } }}>
        <SortableContext items={order} strategy={verticalListSortingStrategy}>
          <ol className="queue-list">
            {rows.map((post, index) => (
              <SortablePost key={post.postId} post={post} when={when} first={index === 0} busy={busy} onNext={onNext} />
            ))}
          </ol>
        </SortableContext>
      </DndContext>
    </>
  );
}

function SortablePost({ post, when, first, busy, onNext }: { post: Post; when: (at: string) => string; first: boolean; busy: boolean; onNext: (postId: string) => void }) {
  const { t } = useTranslation();
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: post.postId, disabled: busy });
  const excerpt = excerptOf(post);
  return (
    <li ref={setNodeRef} className={`queue-row sortable${isDragging ? ' dragging' : ''}`} style={{ transform: CSS.Transform.toString(transform), transition }}>
      <button type="button" className="queue-handle" ref={setActivatorNodeRef} {...attributes} {...listeners} aria-label={t('queue.drag.handle', { post: excerpt.slice(0, 60) })} aria-describedby="queue-drag-help">
        <GripVertical aria-hidden="true" size={18} />
      </button>
      <time dateTime={post.scheduledFor ?? undefined} className="queue-time">{post.scheduledFor ? when(post.scheduledFor) : ''}</time>
      <span className="queue-text">{excerpt}</span>
      {post.approval?.state === 'pending' && <span className="post-status approval-state">{t('queue.posts.awaitingApproval')}</span>}
      {!first && (
        <button type="button" className="button secondary small" disabled={busy} onClick={() => onNext(post.postId)} aria-label={t('queue.posts.shareNextLabel', { post: excerpt.slice(0, 60) })}>
          {t('queue.posts.shareNext')}
        </button>
      )}
    </li>
  );
}

/** The weekly slots: a weekday and a time each, in the queue's zone; saving re-plans the queued posts. */
function SlotsEditor({ view, mayChange, busy, onSave }: { view: QueueView; mayChange: boolean; busy: boolean; onSave: (slots: QueueSlot[]) => void }) {
  const { t } = useTranslation();
  const id = useId();
  const [slots, setSlots] = useState<QueueSlot[]>(view.slots);
  const saved = view.slots.map((slot) => `${slot.weekday}/${slot.time}`).join(',');
  useEffect(() => setSlots(saved ? saved.split(',').map((entry) => ({ weekday: Number(entry.split('/')[0]), time: entry.split('/')[1]! })) : []), [saved]);
  const changed = slots.map((slot) => `${slot.weekday}/${slot.time}`).join(',') !== saved;
  const set = (index: number, next: Partial<QueueSlot>) => setSlots((current) => current.map((slot, at) => (at === index ? { ...slot, ...next } : slot)));
  return (
    <section className="card queue-section" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{t('queue.slots.title')}</h2>
      {view.source === 'defaults' && <NoticeBox>{t('queue.slots.defaults')}</NoticeBox>}
      {view.source === 'best_times' && <p className="hint">{t('queue.slots.bestTimes')}</p>}
      {slots.length === 0 && <p className="hint">{t('queue.slots.none')}</p>}
      <ul className="queue-slots">
        {slots.map((slot, index) => (
          <li key={index} className="queue-slot">
            <label>
              <span className="visually-hidden">{t('queue.slots.weekday', { number: index + 1 })}</span>
              <select className="select" value={slot.weekday} disabled={!mayChange} onChange={(event) => set(index, { weekday: Number(event.target.value) })}>
                {WEEKDAYS.map((weekday, index) => (
                  <option key={weekday} value={index}>
                    {t(`queue.weekdays.${weekday}`)}
                  </option>
                ))}
              </select>
            </label>
            <label>
              <span className="visually-hidden">{t('queue.slots.time', { number: index + 1 })}</span>
              <input type="time" value={slot.time} disabled={!mayChange} required onChange={(event) => set(index, { time: event.target.value })} />
            </label>
            {mayChange && (
              <button type="button" className="icon-button" onClick={() => setSlots((current) => current.filter((_, at) => at !== index))} aria-label={t('queue.slots.removeLabel', { weekday: t(`queue.weekdays.${WEEKDAYS[slot.weekday]!}`), time: slot.time })} title={t('queue.slots.remove')}>
                <X aria-hidden="true" size={16} />
              </button>
            )}
          </li>
        ))}
      </ul>
      {mayChange && (
        <div className="queue-actions">
          <button type="button" className="button secondary" disabled={slots.length >= MAX_WEEKLY_SLOTS} onClick={() => setSlots((current) => [...current, { weekday: 0, time: '09:00' }])}>
            {t('queue.slots.add')}
          </button>
          <button type="button" className="button primary" disabled={busy || (!changed && view.source !== 'defaults' && view.source !== 'best_times')} onClick={() => onSave(slots)}>
            {busy ? t('queue.slots.saving') : t('queue.slots.save')}
          </button>
        </div>
      )}
    </section>
  );
}
