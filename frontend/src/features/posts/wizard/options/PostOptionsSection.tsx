import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { Connection } from '../../../../../../shared/api/connections';
import type { PostOptionsEditor } from '../../../../../../shared/platforms/postOptions';
import { accountKey } from '../components/PlatformStep';
import type { MediaItem } from '../useMediaUploads';
import { asksFor } from './AudienceOptions';
import { optionsEditors } from './registry';
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
  return <Form account={account} value={state.choices[key]} onChange={onChange} media={media} nativeSchedule={nativeSchedule} onBlocker={onBlocker} />;
}

/** The review step's settings for each chosen account whose network asks for them (TikTok, YouTube). */
export function PostOptionsSection({ state, media, nativeSchedule }: { state: PostOptionsState; media: readonly MediaItem[]; nativeSchedule: boolean }) {
  const { t } = useTranslation();
  if (state.withOptions.length === 0) return null;
  // Every form is mounted (each says whether it blocks publishing); the heading only when one shows something.
  const forms = state.withOptions.map(({ account, editor }) => (
    <AccountOptionsForm key={accountKey(account)} account={account} editor={editor} state={state} media={media} nativeSchedule={nativeSchedule} />
  ));
  const shows = ({ account, editor }: (typeof state.withOptions)[number]) => (optionsEditors[editor].appliesTo?.(media) ?? true) && asksFor(account.platform, media);
  if (!state.withOptions.some(shows)) return <>{forms}</>;
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
