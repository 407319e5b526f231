import { useEffect, useId, useState, useSyncExternalStore, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DESCRIPTION_MAX, textFor, threadFor, titleRuleFor, type NetworkTexts, type NetworkThreads } from '../../../../../../shared/platformRules';
import { threadProblems } from '../../../../../../shared/thread';
import { capabilities, type Platform, type PlatformCapabilities } from '../../../../../../shared/platforms';
import { rulesFor } from '../../../../../../shared/platforms/accountLimits';
import type { Connection } from '../../../../../../shared/api/connections';
import { platformList } from '../../../../components/ui/platformList';
import { NetworkPreview } from '../preview/NetworkPreview';
import type { MediaItem } from '../useMediaUploads';
import type { LocalPostOptions } from '../../../../../../shared/platforms/localPost';
import { NetworkTextTabs, type TextTab } from './NetworkTextTabs';
import { PlatformCountList, type PlatformCount } from './PlatformCountList';

/**
 * Each chosen platform's own count of the text it gets (its own version, else the description)
 * against its limit, in its unit. A platform whose counting is still loading (X's twitter-text)
 * has no count yet: `counting`, never over. Where each account's server sets its own limits
 * (`accountLimits`), one count per chosen account, against that account's (its connection's).
 */
export function platformCounts(
  description: string,
  chosen: readonly Platform[],
  texts?: NetworkTexts,
  threads?: NetworkThreads,
  accounts: ReadonlyArray<Pick<Connection, 'platform' | 'connectionId' | 'username' | 'displayName' | 'limits'>> = [],
): PlatformCount[] {
  return chosen.flatMap((platform) => {
    const own = capabilities[platform].accountLimits ? accounts.filter((account) => account.platform === platform) : [];
    if (own.length === 0) return [countOn(platform, capabilities[platform], description, texts, threads)];
    return own.map((account) => ({ ...countOn(platform, rulesFor(platform, account.limits), description, texts, threads), account: { id: account.connectionId, name: account.username ?? account.displayName } }));
  });
}

function countOn(platform: Platform, rules: PlatformCapabilities, description: string, texts?: NetworkTexts, threads?: NetworkThreads): PlatformCount {
  const { text, name } = rules;
  const own = Boolean(texts?.[platform]?.trim());
  // A network going as a thread: its posts are counted one by one (ThreadField); here, how many and whether one is wrong.
  const thread = threadFor({ threads }, platform);
  if (text.ready && !text.ready()) return { platform, own, thread: thread?.length, counting: true, count: undefined, max: text.max, unit: text.unit, over: false };
  if (thread) return { platform, own, thread: thread.length, counting: false, count: undefined, max: text.max, unit: text.unit, over: threadProblems(thread, text, name).length > 0 };
  const count = text.count(textFor({ description, texts }, platform));
  return { platform, own, thread: undefined, counting: false, count, max: text.max, unit: text.unit, over: count > text.max };
}

/**
 * The counting loaded on demand, shared by every component that shows a count or gates on one
 * (the step and the wizard's Next): whoever's load settles, all of them re-render.
 */
const onDemand = { version: 0, failed: false, listeners: new Set<() => void>() };
function settle(failed: boolean) {
  onDemand.failed = failed;
  onDemand.version += 1;
  for (const listener of onDemand.listeners) listener();
}
const subscribe = (listener: () => void) => {
  onDemand.listeners.add(listener);
  return () => {
    onDemand.listeners.delete(listener);
  };
};
function loadCounting(platforms: readonly Platform[]) {
  Promise.all(platforms.map((platform) => capabilities[platform].text.load?.())).then(
    () => settle(false),
    () => settle(true),
  );
}

/**
 * Loads the counting the chosen platforms need on demand (X's twitter-text, its own chunk) and
 * re-renders when it is ready: 'counting' until then, 'failed' (with retry) when it cannot be
 * fetched.
 */
export function useTextCounting(chosen: readonly Platform[]): { state: 'ready' | 'counting' | 'failed'; retry: () => void } {
  useSyncExternalStore(subscribe, () => onDemand.version);
  const pending = chosen.filter((platform) => {
    const { text } = capabilities[platform];
    return text.ready && !text.ready();
  });
  const key = pending.join(' ');
  useEffect(() => {
    if (key) loadCounting(key.split(' ') as Platform[]);
  }, [key]);
  return {
    state: !key ? 'ready' : onDemand.failed ? 'failed' : 'counting',
    retry: () => {
      settle(false);
      loadCounting(pending);
    },
  };
}

export function DescriptionStep({
  description,
  texts,
  threads,
  title,
  chosenPlatforms,
  chosenAccounts,
  media,
  onDescription,
  onTexts,
  onTitle,
  afterEditor,
  previewFormats,
  previewDocumentTitles,
  previewLocalPosts,
}: {
  description: string;
  texts: NetworkTexts;
  /** Networks going as a thread (counted by post; the preview shows the thread). */
  threads: NetworkThreads;
  title: string;
  chosenPlatforms: readonly Platform[];
  /** The accounts the post goes to (the preview shows the network's first one as the author). */
  chosenAccounts: readonly Connection[];
  /** The uploaded files (the preview frames the first one a network gets). */
  media: readonly MediaItem[];
  onDescription: (value: string) => void;
  onTexts: (texts: NetworkTexts) => void;
  onTitle: (value: string) => void;
  /** More of the post's text under the editor, in its column (the first comment). */
  afterEditor?: ReactNode;
  /** The format chosen for a network where it has one (an Instagram story), for the preview. */
  previewFormats?: Partial<Record<Platform, string>>;
  /** A document's title per network that posts it (LinkedIn), for the preview's document card. */
  previewDocumentTitles?: Partial<Record<Platform, string>>;
  /** A local post's parts for a network whose preview shows them. */
  previewLocalPosts?: Partial<Record<Platform, Partial<LocalPostOptions>>>;
}) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const counting = useTextCounting(chosenPlatforms);
  const counts = platformCounts(description, chosenPlatforms, texts, threads, chosenAccounts);
  const baseOver = counts.some((entry) => entry.over && !entry.own && entry.thread === undefined);
  const titleRule = titleRuleFor(chosenPlatforms);
  // The network previewed: the text tab's when a network's tab is open, else the one last picked (first chosen at the start).
  const [tab, setTab] = useState<TextTab>('all');
  const [picked, setPicked] = useState<Platform>();
  const previewed = tab !== 'all' && chosenPlatforms.includes(tab) ? tab : picked && chosenPlatforms.includes(picked) ? picked : chosenPlatforms[0];
  const showTab = (next: TextTab) => {
    setTab(next);
    if (next !== 'all') setPicked(next);
  };
  const preview = (platform: Platform) => {
    setPicked(platform);
    if (tab !== 'all') setTab(platform);
  };

  return (
    <div className="wizard-description">
      <h2>{t('wizard.description.heading')}</h2>
      <div className="composer-layout">
        <div className="composer-editor">
          {titleRule && (
            <div className="field">
              <label htmlFor={`${id}-title`}>{t('wizard.description.titleLabel', { platforms: platformList(titleRule.platforms, i18n.resolvedLanguage ?? 'en') })}</label>
              <input
                id={`${id}-title`}
                value={title}
                maxLength={titleRule.max}
                placeholder={t('wizard.description.titlePlaceholder')}
                aria-describedby={`${id}-title-count`}
                onChange={(event) => onTitle(event.target.value)}
              />
              <p id={`${id}-title-count`} className="hint wizard-counter">
                {t('wizard.description.titleCount', { count: title.length, max: titleRule.max })}
              </p>
            </div>
          )}
          <NetworkTextTabs
            description={description}
            chosen={chosenPlatforms}
            texts={texts}
            onTexts={onTexts}
            tab={tab}
            onTab={showTab}
            base={
              <div className="field">
                <label htmlFor={`${id}-description`}>{t('wizard.description.label')}</label>
                <textarea
                  id={`${id}-description`}
                  rows={6}
                  value={description}
                  placeholder={t('wizard.description.placeholder')}
                  aria-describedby={`${id}-count ${id}-max`}
                  aria-invalid={baseOver || undefined}
                  onChange={(event) => onDescription(event.target.value)}
                />
                <p className="hint wizard-counter">
                  <span id={`${id}-count`} aria-live="polite">
                    {t('wizard.description.count', { count: description.length })}
                  </span>{' '}
                  · <span id={`${id}-max`}>{t('wizard.description.maximum', { max: DESCRIPTION_MAX })}</span>
                </p>
              </div>
            }
          />
          {counts.length > 0 && (
            <section aria-label={t('wizard.description.perPlatform')}>
              <h3 className="wizard-subheading">{t('wizard.description.perPlatform')}</h3>
              <PlatformCountList counts={counts} counting={counting} className="platform-counts" />
            </section>
          )}
          {afterEditor}
        </div>
        {previewed && (
          <NetworkPreview
            chosen={chosenPlatforms}
            platform={previewed}
            onPlatform={preview}
            accounts={chosenAccounts}
            media={media}
            description={description}
            texts={texts}
            threads={threads}
            title={title}
            {...(previewFormats ? { formats: previewFormats } : {})}
            {...(previewDocumentTitles ? { documentTitles: previewDocumentTitles } : {})}
            {...(previewLocalPosts ? { localPosts: previewLocalPosts } : {})}
          />
        )}
      </div>
    </div>
  );
}
