import { useEffect, useId, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { DESCRIPTION_MAX, titleRuleFor } from '../../../../../../shared/platformRules';
import { capabilities, platformNames, type Platform } from '../../../../../../shared/platforms';
import { platformList } from '../../../../components/ui/platformList';

/**
 * Each chosen platform's own count of the text against its limit, in its unit. A platform whose
 * counting is still loading (X's twitter-text) has no count yet: `counting`, never over.
 */
export function platformCounts(description: string, chosen: readonly Platform[]) {
  return chosen.map((platform) => {
    const { text } = capabilities[platform];
    if (text.ready && !text.ready()) return { platform, counting: true, count: undefined, max: text.max, unit: text.unit, over: false };
    const count = text.count(description);
    return { platform, counting: false, count, max: text.max, unit: text.unit, over: count > text.max };
  });
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
  title,
  chosenPlatforms,
  onDescription,
  onTitle,
}: {
  description: string;
  title: string;
  chosenPlatforms: readonly Platform[];
  onDescription: (value: string) => void;
  onTitle: (value: string) => void;
}) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const counting = useTextCounting(chosenPlatforms);
  const counts = platformCounts(description, chosenPlatforms);
  const titleRule = titleRuleFor(chosenPlatforms);

  return (
    <div className="wizard-description">
      <h2>{t('wizard.description.heading')}</h2>
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
      <div className="field">
        <label htmlFor={`${id}-description`}>{t('wizard.description.label')}</label>
        <textarea
          id={`${id}-description`}
          rows={6}
          value={description}
          placeholder={t('wizard.description.placeholder')}
          aria-describedby={`${id}-count ${id}-max`}
          aria-invalid={counts.some((entry) => entry.over) || undefined}
          onChange={(event) => onDescription(event.target.value)}
        />
        <p className="hint wizard-counter">
          <span id={`${id}-count`} aria-live="polite">
            {t('wizard.description.count', { count: description.length })}
          </span>{' '}
          · <span id={`${id}-max`}>{t('wizard.description.maximum', { max: DESCRIPTION_MAX })}</span>
        </p>
      </div>
      {counts.length > 0 && (
        <section aria-label={t('wizard.description.perPlatform')}>
          <h3 className="wizard-subheading">{t('wizard.description.perPlatform')}</h3>
          <ul className="platform-counts">
            {counts.map((entry) => (
              <li key={entry.platform} className={entry.over ? 'over-limit' : undefined} data-testid={`count-${entry.platform}`} aria-busy={entry.counting || undefined}>
                {entry.count === undefined
                  ? t(counting.state === 'failed' ? 'wizard.description.countingFailed' : 'wizard.description.counting', { platform: platformNames[entry.platform] })
                  : t('wizard.description.platformCount', {
                      platform: platformNames[entry.platform],
                      count: entry.count,
                      max: entry.max,
                      unit: t(`wizard.description.units.${entry.unit}`),
                    })}
                {entry.over && <strong> — {t('wizard.description.overLimit')}</strong>}
                {entry.counting && counting.state === 'failed' && (
                  <>
                    {' '}
                    <button type="button" className="button ghost" onClick={counting.retry}>
                      {t('wizard.description.countingRetry')}
                    </button>
                  </>
                )}
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
