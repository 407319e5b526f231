import { useCallback, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Post } from '../../../../../shared/api/posts';
import { platformNames } from '../../../../../shared/platforms';
import { keptTexts, keptThreads, titleRuleFor, type NetworkTexts, type NetworkThreads } from '../../../../../shared/platformRules';
import { platformList } from '../../../components/ui/platformList';
import { instantToWallTime } from '../../../../../shared/scheduling';
import { ErrorBox } from '../../../components/ui/Form';
import { ApiError } from '../../../lib/apiClient';
import { useConnectedAccounts } from '../wizard/api/wizardApi';
import { platformCounts, useTextCounting } from '../wizard/components/DescriptionStep';
import { NetworkTextTabs } from '../wizard/components/NetworkTextTabs';
import { commentsWithheld, FirstCommentField, firstCommentBlocked } from '../wizard/components/FirstCommentField';
import { ThreadField, threadsBlocked } from '../wizard/components/ThreadField';
import { PlatformCountList } from '../wizard/components/PlatformCountList';
import { useCancelPost, useEditPost, useReschedulePost } from './api';
import { Dialog } from './Dialog';
import { Menu } from '../../../components/ui/Menu';
import { useDuplicateAndOpen } from '../drafts/DuplicateAction';
import { SchedulePicker } from './SchedulePicker';
import { resolveChoice, type ScheduleChoice } from './schedule';

/** The server's words for a failed change (its message and each field's), without repeats. */
export function errorLines(error: unknown, fallback: string): string[] {
  if (error instanceof ApiError) return [error.message, ...error.issues.map((issue) => issue.message)].filter((text, index, all) => all.indexOf(text) === index);
  return error ? [fallback] : [];
}

function Errors({ error }: { error: unknown }) {
  const { t } = useTranslation();
  const lines = errorLines(error, t('common.genericError'));
  if (!lines.length) return null;
  return (
    <ErrorBox>
      {lines.map((line) => (
        <p key={line}>{t('scheduling.saveFailed', { message: line })}</p>
      ))}
    </ErrorBox>
  );
}

/** Edit time: the post's wall time in its own zone, saved as a new instant (the execution is replaced). */
export function EditTimeDialog({ post, onClose }: { post: Post; onClose: () => void }) {
  const { t } = useTranslation();
  const reschedule = useReschedulePost();
  const zone = post.timeZone ?? 'UTC';
  const [choice, setChoice] = useState<ScheduleChoice>(() => ({ mode: 'schedule', ...instantToWallTime(post.scheduledFor ?? new Date(), zone), zone, zoneChosen: true, youtubeNative: post.youtubeNative }));
  const resolved = resolveChoice(choice);
  return (
    <Dialog title={t('scheduling.editTime.title')} onClose={onClose}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (!('at' in resolved)) return;
          reschedule.mutate({ postId: post.postId, scheduledFor: resolved.at.toISOString(), timeZone: choice.zone }, { onSuccess: onClose });
        }}
      >
        <SchedulePicker value={choice} onChange={setChoice} canSchedule allowNow={false} />
        <Errors error={reschedule.error} />
        <div className="dialog-actions">
          <button type="submit" className="button primary" disabled={!('at' in resolved) || reschedule.isPending}>
            {reschedule.isPending ? t('scheduling.editTime.saving') : t('scheduling.editTime.save')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}

/** Edit post: the description and each network's own text, the title (where a chosen platform takes one) and the accounts (media and time stay). */
export function EditPostDialog({ post, onClose }: { post: Post; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const edit = useEditPost();
  const connections = useConnectedAccounts();
  const [description, setDescription] = useState(post.description);
  const [texts, setTexts] = useState<NetworkTexts>(() => post.texts ?? {});
  const [threads, setThreads] = useState<NetworkThreads>(() => post.threads ?? {});
  const [title, setTitle] = useState(post.title ?? '');
  const [firstComment, setFirstComment] = useState(post.firstComment ?? '');
  const [chosen, setChosen] = useState<ReadonlySet<string>>(() => new Set(post.targets.map((target) => `${target.platform}#${target.accountId}`)));
  const accounts = (connections.data?.connections ?? []).filter((connection) => connection.status === 'connected' || chosen.has(`${connection.platform}#${connection.platformUserId}`));
  const targets = accounts.filter((account) => chosen.has(`${account.platform}#${account.platformUserId}`));
  const platforms = [...new Set(targets.map((target) => target.platform))];
  const titleRule = titleRuleFor(platforms);
  const titled = titleRule ? platformList(titleRule.platforms, i18n.resolvedLanguage ?? 'en') : '';
  // X's counting (twitter-text) loads on demand, here as in the wizard: Save waits for it.
  const counting = useTextCounting(platforms);
  const counts = platformCounts(description, platforms, texts, threads, targets);
  const problem = !targets.length
    ? t('scheduling.editPost.needAccount')
    : !description.trim()
      ? t('scheduling.editPost.needDescription')
      : titleRule?.required && !title.trim()
        ? t('scheduling.editPost.needTitle', { platforms: titled })
        : counting.state !== 'ready'
          ? t('wizard.description.waitForCounting')
          : counts.some((entry) => entry.over && entry.thread === undefined)
            ? t('wizard.description.tooLong')
            : threadsBlocked(threads, platforms)
              ? t('composer.thread.blocked')
              : firstCommentBlocked(firstComment, platforms)
                ? t('composer.firstComment.blocked')
              : undefined;
  const sentTexts = keptTexts(texts, platforms);
  // Kept accounts keep their choices (a YouTube video made for kids takes no comment); a native YouTube schedule keeps the video private until then.
  const keptOptions = (account: { platform: string; platformUserId: string }) =>
    post.targets.find((existing) => existing.platform === account.platform && existing.accountId === account.platformUserId)?.options ?? undefined;
  const withheld = commentsWithheld(targets, keptOptions, { nativeSchedule: post.youtubeNative });

  return (
    <Dialog title={t('scheduling.editPost.title')} onClose={onClose} wide>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (problem) return;
          edit.mutate(
            {
              postId: post.postId,
              description,
              ...(sentTexts ? { texts: sentTexts } : {}),
              // Always sent: none removes the threads (absent would keep them).
              threads: keptThreads(threads, platforms) ?? {},
              ...(titleRule ? { title: title.trim() } : {}),
              // Always sent: blank removes the comment (absent would keep it).
              firstComment: firstComment.trim(),
              // Each kept account keeps the choices made for it (its network's post options); an added TikTok or YouTube account is refused in words.
              targets: targets.map((target) => {
                const kept = post.targets.find((existing) => existing.platform === target.platform && existing.accountId === target.platformUserId)?.options;
                return { platform: target.platform, accountId: target.platformUserId, ...(kept ? { options: kept } : {}) };
              }),
            },
            { onSuccess: onClose },
          );
        }}
      >
        <NetworkTextTabs
          description={description}
          chosen={platforms}
          texts={texts}
          onTexts={setTexts}
          base={
            <>
              <label htmlFor={`${id}-description`}>{t('scheduling.editPost.description')}</label>
              <textarea id={`${id}-description`} className="edit-description" rows={5} value={description} onChange={(event) => setDescription(event.target.value)} />
            </>
          }
        />
        <PlatformCountList counts={counts} counting={counting} className="edit-counts" />
        {titleRule && (
          <>
            <label htmlFor={`${id}-title`}>{t('scheduling.editPost.platformTitle', { platforms: titled })}</label>
            <input id={`${id}-title`} type="text" value={title} maxLength={titleRule.max} onChange={(event) => setTitle(event.target.value)} />
          </>
        )}
        <ThreadField chosen={platforms} description={description} texts={texts} threads={threads} onChange={setThreads} />
        <FirstCommentField comment={firstComment} chosen={platforms} withheld={withheld} accounts={targets} onChange={setFirstComment} />
        <fieldset className="edit-accounts">
          <legend>{t('scheduling.editPost.accounts')}</legend>
          {accounts.map((account) => {
            const key = `${account.platform}#${account.platformUserId}`;
            return (
              <label key={key}>
                <input
                  type="checkbox"
                  checked={chosen.has(key)}
                  onChange={() =>
                    setChosen((current) => {
                      const next = new Set(current);
                      if (next.has(key)) next.delete(key);
                      else next.add(key);
                      return next;
                    })
                  }
                />
                {t('scheduling.editPost.account', { platform: platformNames[account.platform], account: account.username ?? account.displayName })}
              </label>
            );
          })}
        </fieldset>
        {problem && <p className="hint">{problem}</p>}
        <Errors error={edit.error} />
        <div className="dialog-actions">
          <button type="submit" className="button primary" disabled={Boolean(problem) || edit.isPending}>
            {edit.isPending ? t('scheduling.editPost.saving') : t('scheduling.editPost.save')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}

export function CancelDialog({ post, onClose }: { post: Post; onClose: () => void }) {
  const { t } = useTranslation();
  const cancel = useCancelPost();
  return (
    <Dialog title={t('scheduling.cancel.title')} onClose={onClose}>
      <p>{t('scheduling.cancel.body')}</p>
      <Errors error={cancel.error} />
      <div className="dialog-actions">
        <button type="button" className="button secondary" onClick={onClose}>
          {t('scheduling.cancel.keep')}
        </button>
        <button type="button" className="button danger" disabled={cancel.isPending} onClick={() => cancel.mutate(post.postId, { onSuccess: onClose })}>
          {cancel.isPending ? t('scheduling.cancel.cancelling') : t('scheduling.cancel.confirm')}
        </button>
      </div>
    </Dialog>
  );
}

type Open = 'time' | 'post' | 'cancel' | undefined;

/** A scheduled post's actions: Edit time on the card, Edit post and Cancel in its "more" menu; each opens a dialog, and focus returns to what opened it. */
export function ScheduledActions({ post }: { post: Post }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<Open>();
  const opener = useRef<HTMLButtonElement | null>(null);
  const menuTrigger = useRef<HTMLButtonElement | null>(null);
  const duplicate = useDuplicateAndOpen();
  const close = useCallback(() => {
    setOpen(undefined);
    opener.current?.focus();
  }, []);
  const name = post.title ?? post.description.slice(0, 40);
  const openFromMenu = (which: Exclude<Open, undefined>) => {
    opener.current = menuTrigger.current;
    setOpen(which);
  };
  return (
    <div className="scheduled-actions">
      <button
        type="button"
        className="button secondary small"
        aria-label={t('scheduling.actions.editTimeOf', { title: name })}
        onClick={(event) => {
          opener.current = event.currentTarget;
          setOpen('time');
        }}
      >
        {t('scheduling.actions.editTime')}
      </button>
      <Menu
        label={t('scheduling.actions.moreOf', { title: name })}
        triggerRef={menuTrigger}
        items={[
          { label: t('scheduling.actions.editPost'), onSelect: () => openFromMenu('post') },
          { label: t('composer.drafts.duplicate'), onSelect: () => duplicate.run(post), disabled: duplicate.duplicate.isPending },
          { label: t('scheduling.actions.cancelPost'), onSelect: () => openFromMenu('cancel'), danger: true },
        ]}
      />
      {duplicate.duplicate.isError && <ErrorBox>{t('composer.drafts.duplicateFailed', { message: duplicate.duplicate.error.message })}</ErrorBox>}
      {open === 'time' && <EditTimeDialog post={post} onClose={close} />}
      {open === 'post' && <EditPostDialog post={post} onClose={close} />}
      {open === 'cancel' && <CancelDialog post={post} onClose={close} />}
    </div>
  );
}
