import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { Connection } from '../../../../../../shared/api/connections';
import type { PostOptionsEditor } from '../../../../../../shared/platforms/postOptions';
import { accountKey } from '../components/PlatformStep';
import type { MediaItem } from '../useMediaUploads';
import { capabilities, platformNames } from '../../../../../../shared/platforms';
import { asksFor } from './AudienceOptions';
import { optionsEditors } from './registry';
import { usePublishingQuota } from './api';
import type { AccountOptions } from './types';
import type { usePostOptions } from './usePostOptions';
import './postOptions.css';

type PostOptionsState = ReturnType<typeof usePostOptions>;

function AccountOptionsForm({
  account,
  editor,
  state,
  media,
  nativeSchedule,
}: {
  account: Connection;
  editor: PostOptionsEditor;
  state: PostOptionsState;
  media: readonly MediaItem[];
  nativeSchedule: boolean;
}) {
  const key = accountKey(account);
  const { setChoice, setBlocker } = state;
  const onChange = useCallback((value: AccountOptions) => setChoice(key, value), [key, setChoice]);
  const onBlocker = useCallback((message: string | undefined) => setBlocker(key, message), [key, setBlocker]);
  const { Form } = optionsEditors[editor];
  return (
    <>
      <Form account={account} value={state.choices[key]} onChange={onChange} media={media} nativeSchedule={nativeSchedule} onBlocker={onBlocker} />
      <PublishingQuotaNote account={account} />
    </>
  );
}

/**
 * How much of its network's publishing limit the account has used (capabilities' `publishingLimit`,
 * read from the network through our API): said before the user publishes, and in warning words
 * when it is used up (the post would then wait for a place to free up).
 */
function PublishingQuotaNote({ account }: { account: Connection }) {
  const { t } = useTranslation();
  const limit = capabilities[account.platform].publishingLimit;
  const quota = usePublishingQuota(account.platform, account.platformUserId, Boolean(limit));
  if (!limit) return null;
  const values = { platform: platformNames[account.platform], account: account.username ?? account.displayName, hours: limit.hours };
  if (quota.isPending) return <p className="hint">{t('postOptions.quota.loading', values)}</p>;
  if (quota.isError) return <p className="hint">{t('postOptions.quota.failed', { ...values, reason: quota.error.message })}</p>;
  const { used, total, windowSeconds } = quota.data;
  const shown = { ...values, used, total, hours: Math.round(windowSeconds / 3600), left: Math.max(0, total - used) };
  return used >= total ? (
    <p className="field-error" role="alert" data-testid={`quota-${account.platform}`}>
      {t('postOptions.quota.full', shown)}
    </p>
  ) : (
    <p className="hint" data-testid={`quota-${account.platform}`}>
      {t('postOptions.quota.used', shown)}
    </p>
  );
}

/**
 * The review step's settings for each chosen account whose network asks for them (TikTok, YouTube);
 * with `only="composer"`, those also shown beside the text and its preview (`withComposer`: an
 * Instagram format, a LinkedIn document's title).
 */
export function PostOptionsSection({ state, media, nativeSchedule, only }: { state: PostOptionsState; media: readonly MediaItem[]; nativeSchedule: boolean; only?: 'composer' }) {
  const { t } = useTranslation();
  const withComposer = (editor: PostOptionsEditor) => {
    const rule = optionsEditors[editor].withComposer;
    return typeof rule === 'function' ? rule(media) : Boolean(rule);
  };
  const shown = only ? state.withOptions.filter(({ editor }) => withComposer(editor)) : state.withOptions;
  if (shown.length === 0) return null;
  // Every form is mounted (each says whether it blocks publishing); the heading only when one shows something.
  const forms = shown.map(({ account, editor }) => (
    <AccountOptionsForm key={accountKey(account)} account={account} editor={editor} state={state} media={media} nativeSchedule={nativeSchedule} />
  ));
  const shows = ({ account, editor }: (typeof shown)[number]) => (optionsEditors[editor].appliesTo?.(media) ?? true) && asksFor(account.platform, media);
  if (!shown.some(shows)) return <>{forms}</>;
  return (
    <section className="post-options-section" aria-label={t('postOptions.heading')}>
      <h3 className="wizard-subheading">{t('postOptions.heading')}</h3>
      {forms}
    </section>
  );
}

/** What the chosen networks require next to the Publish button (TikTok's declaration). */
export function PostDeclarations({ state }: { state: PostOptionsState }) {
  const editors = [...new Set(state.withOptions.map(({ editor }) => editor))];
  return (
    <>
      {editors.map((editor) => {
        const { Declaration } = optionsEditors[editor];
        if (!Declaration) return null;
        const choices = state.withOptions.filter((entry) => entry.editor === editor).map(({ account }) => ({ account, value: state.choices[accountKey(account)] }));
        return <Declaration key={editor} choices={choices} />;
      })}
    </>
  );
}

/** The notices to show once the post is sent (e.g. TikTok: it may take a few minutes to appear). */
export function afterPublishNotices(state: PostOptionsState, t: TFunction): string[] {
  return [...new Set(state.withOptions.flatMap(({ editor }) => optionsEditors[editor].afterPublish?.(t) ?? []))];
}
