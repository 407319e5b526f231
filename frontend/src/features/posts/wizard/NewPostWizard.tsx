import { commentsWithheld, FirstCommentField, firstCommentBlocked } from './components/FirstCommentField';
import { ThreadField, threadsBlocked } from './components/ThreadField';
import { useEffect, useEffectEvent, useMemo, useRef, useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { platformsInDisplayOrder } from '../../../../../shared/platforms';
import { keptTexts, keptThreads, nativeSchedulersAmong, titleRuleFor, type NetworkTexts, type NetworkThreads } from '../../../../../shared/platformRules';
import { platformList } from '../../../components/ui/platformList';
import { ErrorBox, NoticeBox } from '../../../components/ui/Form';
import { PageTitle } from '../../../components/ui/PageTitle';
import { ApiError } from '../../../lib/apiClient';
import { useConnectedAccounts, usePost, usePublishPost, useSaveDraft } from './api/wizardApi';
import { DescriptionStep, platformCounts, useTextCounting } from './components/DescriptionStep';
import { accountKey, PlatformStep } from './components/PlatformStep';
import { ReviewStep } from './components/ReviewStep';
import { UploadStep } from './components/UploadStep';
import { clearDraft, loadDraft, saveDraft, wizardDraftOf } from './draft';
import { useMediaUploads } from './useMediaUploads';
import { sentAltText, takesAltText } from '../../../../../shared/media';
import { afterPublishNotices, PostDeclarations, PostOptionsSection } from './options/PostOptionsSection';
import { usePostOptions } from './options/usePostOptions';
import { postOptionRules } from '../../../../../shared/platforms/postOptions';
import { useMe } from '../../auth';
import { useCurrentWorkspace } from '../../workspaces';
import { postDecision } from '../../../../../shared/api/authorization';
import { connectErrorText, useStartConnection } from '../../accounts';
import { isPlatform, platformNames, type Platform } from '../../../../../shared/platforms';
import type { LocalPostOptions } from '../../../../../shared/platforms/localPost';
import type { CreatedPost, SaveDraft } from '../../../../../shared/api/posts';
import { SchedulePicker } from '../scheduling/SchedulePicker';
import { ScheduleSuggestion } from '../scheduling/ScheduleSuggestion';
import { defaultChoice, formatInZone, resolveChoice, type ScheduleChoice } from '../scheduling/schedule';
import { QueueChoice } from '../queue/QueueChoice';

/** The order the wizard shows platforms in (the platform data's display order). */
const platformOrder = platformsInDisplayOrder;
const stepNames = ['upload', 'platforms', 'description', 'review'] as const;
const TOTAL_STEPS = stepNames.length;
const REDIRECT_AFTER_PUBLISH_MS = 2000;
const sharedContentKey = 'sharedContentUrl';
/** The name My Content gave the shared file (its module, type and date), without the extension. */
const sharedContentNameKey = 'sharedContentName';

/** A file name for shared content: the URL's last path segment. */
function sharedFileName(url: string, contentType: string): string {
  const last = decodeURIComponent(new URL(url, window.location.href).pathname.split('/').pop() ?? '');
  if (/\.[a-z0-9]{2,4}$/i.test(last)) return last;
  const extension = contentType.split('/')[1]?.replace('quicktime', 'mov').replace('jpeg', 'jpg') ?? 'mp4';
  return `${last || 'shared'}.${extension}`;
}

/**
 * The wizard. `?draft=<postId>` opens a server draft: it is loaded, becomes the tab's wizard state
 * (the sessionStorage safety net) and the form starts from it.
 */
export function NewPostWizard() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const draftId = params.get('draft') ?? undefined;
  const opened = usePost(draftId);
  const [formKey, setFormKey] = useState(0);
  const openedDraft = opened.data?.status === 'draft' ? opened.data : undefined;
  useEffect(() => {
    if (!openedDraft) return;
    saveDraft(wizardDraftOf(openedDraft));
    setFormKey((key) => key + 1);
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('draft');
        return next;
      },
      { replace: true },
    );
  }, [openedDraft, setParams]);
  if (!draftId) return <WizardForm key={formKey} />;
  return (
    <section className="wizard">
      <PageTitle>{t('wizard.title')}</PageTitle>
      {opened.isError ? (
        <ErrorBox>{t('composer.drafts.loadFailed', { message: opened.error.message })}</ErrorBox>
      ) : opened.data && !openedDraft ? (
        <ErrorBox>{t('composer.drafts.notADraft')}</ErrorBox>
      ) : (
        <NoticeBox>{t('composer.drafts.loading')}</NoticeBox>
      )}
    </section>
  );
}

function WizardForm() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const [params, setParams] = useSearchParams();
  const me = useMe();
  // The workspace's approval rule and the caller's role decide the final button: publish, submit, or refused;
  // its plan (a shared workspace's is its owner's), not the member's own, decides whether it can schedule.
  const workspace = useCurrentWorkspace();
  const canSchedule = (workspace.data?.membership ?? me.data?.membership)?.canSchedule ?? false;
  const [draft] = useState(loadDraft);
  const [schedule, setSchedule] = useState<ScheduleChoice>(() => draft?.schedule ?? defaultChoice());
  const [step, setStep] = useState(draft?.step ?? 1);
  const [selected, setSelected] = useState<ReadonlySet<string>>(() => new Set(draft?.accounts ?? []));
  const [description, setDescription] = useState(draft?.description ?? '');
  // Networks' own texts; one for a network not chosen (any more) is kept in the draft, sent only for chosen ones.
  const [texts, setTexts] = useState<NetworkTexts>(() => draft?.texts ?? {});
  // Networks going as a thread, with their posts (kept like the texts: sent only for chosen networks).
  const [threads, setThreads] = useState<NetworkThreads>(() => draft?.threads ?? {});
  const [title, setTitle] = useState(draft?.title ?? '');
  const [firstComment, setFirstComment] = useState(draft?.firstComment ?? '');
  const [sharedStatus, setSharedStatus] = useState<'loading' | 'loaded' | 'failed'>();
  const uploads = useMediaUploads(draft?.media ?? []);
  const connections = useConnectedAccounts();
  const publish = usePublishPost();
  const decision = workspace.data ? postDecision(workspace.data.approvalRule, workspace.data.role) : 'publish';
  const saveServerDraft = useSaveDraft();
  const startConnection = useStartConnection();
  const [serverDraftId, setServerDraftId] = useState(draft?.serverDraftId);
  const [savedAt, setSavedAt] = useState<Date>();
  const [published, setPublished] = useState(false);
  const headingRef = useRef<HTMLDivElement>(null);

  const allAccounts = useMemo(
    () => [...(connections.data?.connections ?? [])].sort((a, b) => platformOrder.indexOf(a.platform) - platformOrder.indexOf(b.platform)),
    [connections.data],
  );
  const accounts = useMemo(() => allAccounts.filter((connection) => connection.status === 'connected'), [allAccounts]);
  const chosenAccounts = accounts.filter((account) => selected.has(accountKey(account)));
  const postOptions = usePostOptions(chosenAccounts, draft?.options);
  const chosenPlatforms = platformOrder.filter((platform) => chosenAccounts.some((account) => account.platform === platform));
  const uploaded = uploads.items.filter((item) => item.status === 'done' && item.media);
  const uploading = uploads.items.some((item) => item.status === 'uploading');
  const language = i18n.resolvedLanguage ?? 'en';
  const titleRule = titleRuleFor(chosenPlatforms);
  const nativeSchedulers = nativeSchedulersAmong(chosenPlatforms);
  const textCounting = useTextCounting(chosenPlatforms);
  const overLimit = platformCounts(description, chosenPlatforms, texts, threads, chosenAccounts).some((entry) => entry.over && entry.thread === undefined);
  const sentTexts = keptTexts(texts, chosenPlatforms);
  const sentThreads = keptThreads(threads, chosenPlatforms);
  const sentComment = firstComment.trim();

  // Shared content from "My Content": fetched, then uploaded like a chosen file. The stored address
  // is forgotten once the file is in hand or the server has refused it; a fetch that ends without an
  // answer (the page reloaded or closed mid-way, the network gone) keeps it, so the wizard fetches it
  // again next time instead of losing it. A fetch whose wizard went away is aborted: the file comes once.
  const { addFiles } = uploads;
  const addSharedFile = useEffectEvent((file: File) => {
    addFiles([file]);
    setSharedStatus('loaded');
  });
  useEffect(() => {
    const url = localStorage.getItem(sharedContentKey);
    if (!url) return;
    const sharedName = localStorage.getItem(sharedContentNameKey);
    const forget = () => {
      localStorage.removeItem(sharedContentKey);
      localStorage.removeItem(sharedContentNameKey);
    };
    const fetching = new AbortController();
    setSharedStatus('loading');
    // Past the browser's cache: S3 answers a request without an Origin header (the card's player
    // makes one) with no CORS headers and no Vary, and a cached copy of that answer fails this
    // CORS request.
    fetch(url, { signal: fetching.signal, cache: 'no-store' })
      .then(async (response) => {
        const blob = response.ok ? await response.blob() : undefined;
        // Forgotten and settled together, or not at all: an effect cleaned up in between leaves
        // the address to the next one.
        if (fetching.signal.aborted) return;
        forget();
        if (!blob) {
          setSharedStatus('failed');
          return;
        }
        const fileName = sharedFileName(url, blob.type);
        const named = sharedName ? `${sharedName}.${fileName.split('.').pop()!}` : fileName;
        addSharedFile(new File([blob], named, { type: blob.type }));
      })
      .catch(() => {
        if (!fetching.signal.aborted) setSharedStatus('failed');
      });
    return () => fetching.abort();
  }, []);

  useEffect(() => {
    if (published) return;
    saveDraft({
      step,
      media: uploaded.map((item) => ({ name: item.name, size: item.size, media: item.media!, ...(item.altText && takesAltText(item.kind) ? { altText: item.altText } : {}) })),
      accounts: [...selected],
      description,
      texts,
      ...(Object.keys(threads).length ? { threads } : {}),
      title,
      ...(firstComment ? { firstComment } : {}),
      options: postOptions.choices,
      schedule,
      ...(serverDraftId ? { serverDraftId } : {}),
    });
  }, [step, uploaded, selected, description, texts, threads, title, firstComment, postOptions.choices, schedule, published, serverDraftId]);

  // Back from a platform's consent page (Connect on step 2): the outcome rides on the query string.
  const [connectResult] = useState(() => {
    const platform = params.get('platform');
    if (!platform || !isPlatform(platform)) return undefined;
    if (params.get('status') === 'connected') return { platform, connected: true as const };
    if (params.get('error') === 'auth_failed') return { platform, connected: false as const, code: params.get('error_code') };
    return undefined;
  });
  useEffect(() => {
    if (connectResult) setParams({}, { replace: true });
  }, [connectResult, setParams]);
  // The account just connected is chosen for this post when it is the platform's only one.
  const [autoChosen, setAutoChosen] = useState(false);
  const justConnected = useMemo(
    () => (connectResult?.connected ? accounts.filter((account) => account.platform === connectResult.platform) : []),
    [connectResult, accounts],
  );
  useEffect(() => {
    if (autoChosen || justConnected.length !== 1) return;
    setAutoChosen(true);
    const key = accountKey(justConnected[0]!);
    setSelected((current) => (current.has(key) ? current : new Set([...current, key])));
  }, [autoChosen, justConnected]);
  const [connectError, setConnectError] = useState<string>();
  const connectMessage = connectError
    ? { kind: 'error' as const, text: connectError }
    : connectResult && !connectResult.connected
      ? { kind: 'error' as const, text: connectErrorText(t, connectResult.code, connectResult.platform, connections.data?.usage.maxAccounts) }
      : connectResult && justConnected.length > 0
        ? {
            kind: 'notice' as const,
            text: t(justConnected.length === 1 ? 'composer.platforms.connectedNotice' : 'composer.platforms.connectedChoose', { platform: platformNames[connectResult.platform] }),
          }
        : undefined;

  function connect(platform: Platform, server?: string) {
    setConnectError(undefined);
    startConnection.mutate(
      { platform, returnTo: location.pathname, ...(server ? { server } : {}) },
      { onError: (error) => setConnectError(t('composer.platforms.connectFailed', { message: error.message || t('common.genericError') })) },
    );
  }

  // Accounts the draft chose that are no longer connected: said, never dropped silently.
  const lostAccounts = connections.data
    ? [...selected].filter((key) => !accounts.some((account) => accountKey(account) === key))
    : [];
  const lostNames = new Intl.ListFormat(i18n.resolvedLanguage ?? 'en').format(
    lostAccounts.map((key) => {
      const [platform, accountId] = key.split('#') as [string, string];
      return `${isPlatform(platform) ? platformNames[platform] : platform} (${accountId})`;
    }),
  );

  const draftInput: SaveDraft = {
    description,
    ...(keptTexts(texts, platformOrder) ? { texts: keptTexts(texts, platformOrder) } : {}),
    ...(keptThreads(threads, platformOrder) ? { threads: keptThreads(threads, platformOrder) } : {}),
    ...(title.trim() ? { title } : {}),
    ...(sentComment ? { firstComment: sentComment } : {}),
    media: uploaded.map((item) => ({ key: item.media!.key, name: item.name, ...(sentAltText(item) ? { altText: sentAltText(item) } : {}) })),
    targets: [...selected].flatMap((key) => {
      const [platform, accountId] = key.split('#') as [string, string];
      const options = postOptions.choices[key];
      return isPlatform(platform) && accountId ? [{ platform, accountId, ...(options && Object.keys(options).length ? { options } : {}) }] : [];
    }),
  };
  const nothingToSave = !description.trim() && !title.trim() && draftInput.media.length === 0 && draftInput.targets.length === 0;

  function saveAsDraft() {
    saveServerDraft.mutate(
      { draft: draftInput, draftId: serverDraftId },
      {
        onSuccess: (saved) => {
          setServerDraftId(saved.postId);
          setSavedAt(new Date());
        },
      },
    );
  }

  const scheduling = schedule.mode === 'schedule' && canSchedule;
  // "Add to queue": each chosen account's next free time (docs/queue.md); the answer says which.
  const queueing = schedule.mode === 'queue' && canSchedule;
  const queuedPosts = (publish.data as CreatedPost | undefined)?.queuedPosts;
  const resolved = resolveChoice(schedule);
  const scheduledAt = scheduling && 'at' in resolved ? resolved.at : undefined;
  const nativeSchedule = Boolean(scheduledAt && nativeSchedulers.length && schedule.youtubeNative);
  // The accounts that will not get the first comment, and why (a connection without the permission, YouTube's made for kids…).
  // The format chosen for each network's first account (an Instagram story), which its preview shows.
  const previewFormats = Object.fromEntries(
    chosenPlatforms.flatMap((platform) => {
      const account = chosenAccounts.find((candidate) => candidate.platform === platform);
      const format = account ? postOptions.optionsFor(account)?.['format'] : undefined;
      return typeof format === 'string' ? [[platform, format]] : [];
    }),
  ) as Partial<Record<Platform, string>>;
  // The document's title for each network that posts the post's document (LinkedIn), which its preview's card shows.
  const previewDocumentTitles = Object.fromEntries(
    chosenPlatforms.flatMap((platform) => {
      const account = chosenAccounts.find((candidate) => candidate.platform === platform);
      const field = postOptionRules[platform]?.documentTitle?.field;
      const documentTitle = account && field ? postOptions.optionsFor(account)?.[field] : undefined;
      return typeof documentTitle === 'string' ? [[platform, documentTitle]] : [];
    }),
  ) as Partial<Record<Platform, string>>;
  // A local post's parts for each network whose preview shows them, as the form holds them.
  const previewLocalPosts = Object.fromEntries(
    chosenPlatforms.flatMap((platform) => {
      const account = chosenAccounts.find((candidate) => candidate.platform === platform);
      const options = account && postOptionRules[platform]?.localPost ? postOptions.optionsFor(account) : undefined;
      return options ? [[platform, options as Partial<LocalPostOptions>]] : [];
    }),
  ) as Partial<Record<Platform, Partial<LocalPostOptions>>>;
  const commentWithheld = commentsWithheld(chosenAccounts, (account) => postOptions.optionsFor(account), { nativeSchedule });

  useEffect(() => {
    // Added to the queue: the times it got stay in view, with a link to the queue.
    if (!published || queueing) return;
    const timer = setTimeout(() => navigate(decision === 'submit' ? '/dashboard/approvals' : scheduling ? '/dashboard/scheduled' : '/dashboard/posts'), REDIRECT_AFTER_PUBLISH_MS);
    return () => clearTimeout(timer);
  }, [published, navigate, scheduling, queueing, decision]);

  const blocker = (() => {
    if (step === 1) return uploading ? t('wizard.upload.waitForUploads') : uploaded.length === 0 ? t('wizard.upload.needFile') : undefined;
    if (step === 2) return chosenAccounts.length === 0 ? t('wizard.platforms.needAccount') : undefined;
    if (step === 3) {
      if (!description.trim()) return t('wizard.description.needDescription');
      if (titleRule?.required && !title.trim()) return t('wizard.description.needTitle', { platforms: platformList(titleRule.platforms, language) });
      if (textCounting.state !== 'ready') return t('wizard.description.waitForCounting');
      if (overLimit) return t('wizard.description.tooLong');
      if (threadsBlocked(threads, chosenPlatforms)) return t('composer.thread.blocked');
      if (firstCommentBlocked(firstComment, chosenPlatforms)) return t('composer.firstComment.blocked');
    }
    return undefined;
  })();

  function goTo(target: number) {
    setStep(target);
    headingRef.current?.focus();
  }

  function toggle(key: string) {
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });
  }

  function submit() {
    publish.mutate(
      {
        draftId: serverDraftId,
        post: {
        description,
        ...(sentTexts ? { texts: sentTexts } : {}),
        ...(sentThreads ? { threads: sentThreads } : {}),
        ...(sentComment ? { firstComment: sentComment } : {}),
        ...(titleRule ? { title: title.trim() } : {}),
        media: uploaded.map((item) => ({ key: item.media!.key, ...(sentAltText(item) ? { altText: sentAltText(item) } : {}) })),
        targets: chosenAccounts.map((account) => {
          const options = postOptions.optionsFor(account);
          return { platform: account.platform, accountId: account.platformUserId, ...(options ? { options } : {}) };
        }),
        ...(scheduledAt
          ? { scheduledFor: scheduledAt.toISOString(), timeZone: schedule.zone, ...(nativeSchedulers.length && schedule.youtubeNative ? { youtubeNative: true } : {}) }
          : {}),
        ...(queueing ? { queue: { sameTimeForAll: Boolean(schedule.sameTimeForAll) && chosenAccounts.length > 1 }, timeZone: schedule.zone } : {}),
        },
      },
      {
        onSuccess: () => {
          clearDraft();
          setPublished(true);
        },
      },
    );
  }

  const publishError =
    publish.error instanceof ApiError
      ? [publish.error.message, ...publish.error.issues.map((issue) => issue.message)].filter((text, index, all) => all.indexOf(text) === index)
      : publish.error
        ? [t('common.genericError')]
        : [];

  return (
    <section className="wizard">
      <PageTitle>{t('wizard.title')}</PageTitle>
      {sharedStatus === 'loading' && <NoticeBox>{t('wizard.shared.loading')}</NoticeBox>}
      {sharedStatus === 'loaded' && <NoticeBox>{t('wizard.shared.loaded')}</NoticeBox>}
      {sharedStatus === 'failed' && <ErrorBox>{t('wizard.shared.failed')}</ErrorBox>}

      <nav aria-label={t('wizard.progressLabel')} className="wizard-progress">
        <p className="wizard-step-count" aria-live="polite">
          {t('wizard.stepOf', { step, total: TOTAL_STEPS })}
        </p>
        <ol>
          {stepNames.map((name, index) => {
            const number = index + 1;
            const state = number < step ? 'done' : number === step ? 'current' : 'todo';
            return (
              <li key={name} className={`wizard-progress-item ${state}`}>
                {number < step ? (
                  <button type="button" onClick={() => goTo(number)} aria-label={t('wizard.goToStep', { step: number, name: t(`wizard.stepNames.${name}`) })}>
                    <span className="wizard-progress-bar" aria-hidden="true" />
                    {t(`wizard.stepNames.${name}`)}
                  </button>
                ) : (
                  <span aria-current={number === step ? 'step' : undefined}>
                    <span className="wizard-progress-bar" aria-hidden="true" />
                    {t(`wizard.stepNames.${name}`)}
                  </span>
                )}
              </li>
            );
          })}
        </ol>
      </nav>

      <div className="wizard-body card" ref={headingRef} tabIndex={-1}>
        {step === 1 && (
          <UploadStep
            items={uploads.items}
            rejected={uploads.rejected}
            onFiles={uploads.addFiles}
            onRemove={uploads.remove}
            onRetry={uploads.retry}
            onAltText={uploads.setAltText}
          />
        )}
        {step === 2 && (
          <>
            {lostAccounts.length > 0 && <NoticeBox>{t('composer.platforms.noLongerConnected', { names: lostNames })}</NoticeBox>}
            <PlatformStep
              accounts={allAccounts}
              availablePlatforms={connections.data?.availablePlatforms}
              usage={connections.data?.usage}
              loading={connections.isPending}
              failed={connections.isError}
              selected={selected}
              onToggle={toggle}
              onConnect={connect}
              connecting={startConnection.isPending ? (typeof startConnection.variables === 'string' ? startConnection.variables : startConnection.variables?.platform) : undefined}
              connectMessage={connectMessage}
              media={uploaded}
            />
          </>
        )}
        {step === 3 && (
          <DescriptionStep
            description={description}
            texts={texts}
            threads={threads}
            title={title}
            chosenPlatforms={chosenPlatforms}
            chosenAccounts={chosenAccounts}
            media={uploaded}
            onDescription={setDescription}
            onTexts={setTexts}
            onTitle={setTitle}
            previewFormats={previewFormats}
            previewDocumentTitles={previewDocumentTitles}
            previewLocalPosts={previewLocalPosts}
            afterEditor={
              <>
                <PostOptionsSection state={postOptions} media={uploaded} nativeSchedule={nativeSchedule} only="composer" />
                <ThreadField chosen={chosenPlatforms} description={description} texts={texts} threads={threads} onChange={setThreads} />
                <FirstCommentField comment={firstComment} chosen={chosenPlatforms} withheld={commentWithheld} accounts={chosenAccounts} onChange={setFirstComment} />
              </>
            }
          />
        )}
        {step === 4 && (
          <>
            <ReviewStep
              media={uploaded}
              chosenPlatforms={chosenPlatforms}
              description={description}
              texts={sentTexts}
              threads={sentThreads}
              firstComment={sentComment || undefined}
              commentWithheld={commentWithheld}
              chosenAccounts={chosenAccounts}
              title={titleRule ? title : undefined}
              {...(scheduledAt ? { publishTime: formatInZone(scheduledAt, schedule.zone, language) } : queueing ? { publishTime: t('queue.wizard.reviewTime') } : {})}
            />
            <PostOptionsSection state={postOptions} media={uploaded} nativeSchedule={nativeSchedule} />
            <SchedulePicker
              value={schedule}
              onChange={setSchedule}
              canSchedule={canSchedule}
              nativeSchedulers={nativeSchedulers}
              queueChoice={
                <QueueChoice
                  accounts={chosenAccounts.map((account) => ({ platform: account.platform, platformUserId: account.platformUserId, name: account.username ?? account.displayName }))}
                  sameTimeForAll={Boolean(schedule.sameTimeForAll)}
                  onSameTimeForAll={(sameTimeForAll) => setSchedule((current) => ({ ...current, sameTimeForAll }))}
                  zone={schedule.zone}
                  added={published ? queuedPosts : undefined}
                />
              }
            />
            {!queueing && <ScheduleSuggestion value={schedule} onChange={setSchedule} canSchedule={canSchedule} />}
            {publishError.length > 0 && (
              <ErrorBox>
                {publishError.map((message) => (
                  <p key={message}>{message}</p>
                ))}
              </ErrorBox>
            )}
          </>
        )}
      </div>

      {serverDraftId && !published && <p className="hint wizard-draft-note">{t('composer.drafts.editing')}</p>}
      <div className="wizard-actions">
        {step > 1 && (
          <button type="button" className="button secondary" onClick={() => goTo(step - 1)} disabled={publish.isPending || published}>
            {t('wizard.previous')}
          </button>
        )}
        {step < TOTAL_STEPS ? (
          <button type="button" className="button primary" onClick={() => goTo(step + 1)} disabled={Boolean(blocker)} aria-describedby={blocker ? 'wizard-blocker' : undefined}>
            {t('wizard.next')}
          </button>
        ) : (
          <button
            type="button"
            className="button primary"
            onClick={submit}
            disabled={publish.isPending || published || decision === 'refuse' || (scheduling && !scheduledAt) || Boolean(postOptions.blocker) || postOptions.pending}
            aria-describedby={decision === 'refuse' ? 'wizard-refused' : postOptions.blocker ? 'wizard-options-blocker' : undefined}
          >
            {decision === 'submit'
              ? published
                ? t('approvals.wizard.submitted')
                : publish.isPending
                  ? t('approvals.wizard.submitting')
                  : t('approvals.wizard.submit')
              : queueing
              ? published
                ? t('queue.wizard.submitted')
                : publish.isPending
                  ? t('queue.wizard.submitting')
                  : t('queue.wizard.submit')
              : scheduling
              ? published
                ? t('scheduling.submit.scheduled')
                : publish.isPending
                  ? t('scheduling.submit.scheduling')
                  : t('scheduling.submit.schedule')
              : published
                ? t('wizard.review.published')
                : publish.isPending
                  ? t('wizard.review.publishing')
                  : t('wizard.review.publishNow')}
          </button>
        )}
        <button
          type="button"
          className="button secondary wizard-save-draft"
          onClick={saveAsDraft}
          disabled={nothingToSave || uploading || saveServerDraft.isPending || publish.isPending || published}
          aria-describedby={nothingToSave || uploading ? 'wizard-draft-blocker' : undefined}
        >
          {saveServerDraft.isPending ? t('composer.drafts.saving') : t('composer.drafts.save')}
        </button>
        {(nothingToSave || uploading) && !published && (
          <p id="wizard-draft-blocker" className="visually-hidden">
            {uploading ? t('composer.drafts.waitForUploads') : t('composer.drafts.nothingToSave')}
          </p>
        )}
        {blocker && step < TOTAL_STEPS && (
          <p id="wizard-blocker" className="hint">
            {blocker}
          </p>
        )}
        {step === TOTAL_STEPS && postOptions.blocker && !published && (
          <p id="wizard-options-blocker" className="hint">
            {postOptions.blocker}
          </p>
        )}
        {step === TOTAL_STEPS && decision === 'refuse' && workspace.data && (
          <p id="wizard-refused" className="hint">
            {t('approvals.wizard.refused', { role: t(`workspaces.roles.${workspace.data.role}`) })}
          </p>
        )}
        {step === TOTAL_STEPS && decision === 'submit' && workspace.data && !published && (
          <p className="hint">{t(workspace.data.approvalRule === 'everyone' ? 'approvals.wizard.everyone' : 'approvals.wizard.contributors')}</p>
        )}
        {step === TOTAL_STEPS && <PostDeclarations state={postOptions} />}
        {published && decision === 'submit' && <NoticeBox>{t('approvals.wizard.submittedNotice')}</NoticeBox>}
        {published && queueing && (
          <Link className="button secondary" to="/dashboard/queue">
            {t('queue.wizard.open')}
          </Link>
        )}
        {published &&
          afterPublishNotices(postOptions, t).map((notice) => (
            <NoticeBox key={notice}>{notice}</NoticeBox>
          ))}
      </div>
      <div aria-live="polite" className="wizard-draft-status">
        {savedAt && !saveServerDraft.isPending && !saveServerDraft.isError && (
          <p className="hint">{t('composer.drafts.savedAt', { time: savedAt.toLocaleTimeString(language, { hour: '2-digit', minute: '2-digit' }) })}</p>
        )}
        {saveServerDraft.isError && <ErrorBox>{t('composer.drafts.saveFailed', { message: saveServerDraft.error.message })}</ErrorBox>}
      </div>
    </section>
  );
}
