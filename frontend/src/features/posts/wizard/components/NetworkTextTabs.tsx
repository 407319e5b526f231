import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { capabilities, platformNames, type Platform } from '../../../../../../shared/platforms';
import type { NetworkTexts } from '../../../../../../shared/platformRules';
import { Tabs } from '../../../../components/ui/Tabs';
import './networkTexts.css';

/** The tab shown: "All networks" or one chosen network's. */
export type TextTab = 'all' | Platform;

/**
 * One base text and, per chosen network, an optional own text (issue 19's per-network versions),
 * as tabs: "All networks" holds the base field the page passes in; a network's tab says it gets
 * the base text, or edits its own with a live count in that network's unit. With one network
 * chosen there is nothing to tailor, and only the base field shows. The tab shown is the page's
 * when it passes `tab` (the wizard's live preview follows it), else the component's own.
 */
export function NetworkTextTabs({
  base,
  description,
  chosen,
  texts,
  onTexts,
  tab: pageTab,
  onTab,
}: {
  /** The base text's field (label, textarea, counter), shown in the "All networks" tab. */
  base: ReactNode;
  description: string;
  chosen: readonly Platform[];
  texts: NetworkTexts;
  onTexts: (texts: NetworkTexts) => void;
  tab?: TextTab;
  onTab?: (tab: TextTab) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [ownTab, setOwnTab] = useState<TextTab>('all');
  const tab = pageTab ?? ownTab;
  if (chosen.length < 2) return <>{base}</>;
  const current: TextTab = tab === 'all' || chosen.includes(tab) ? tab : 'all';
  const own = (platform: Platform) => texts[platform] !== undefined;
  const setOwn = (platform: Platform, text: string | undefined) => {
    const next = { ...texts };
    if (text === undefined) delete next[platform];
    else next[platform] = text;
    onTexts(next);
  };

  const options = [
    { value: 'all' as TextTab, label: t('composer.texts.allNetworks') },
    ...chosen.map((platform) => ({
      value: platform as TextTab,
      label: own(platform) ? t('composer.texts.ownMarker', { platform: platformNames[platform] }) : platformNames[platform],
    })),
  ];

  return (
    <Tabs label={t('composer.texts.tabsLabel')} value={current} options={options} onChange={onTab ?? setOwnTab} className="network-texts">
      {current === 'all' ? (
        <>
          <p className="hint">{t('composer.texts.intro')}</p>
          {base}
        </>
      ) : own(current) ? (
        <OwnText
          id={`${id}-${current}`}
          platform={current}
          text={texts[current] ?? ''}
          onChange={(text) => setOwn(current, text)}
          onUseBase={() => setOwn(current, undefined)}
        />
      ) : (
        <div className="network-text-base">
          <p className="hint">{t('composer.texts.usesBase', { platform: platformNames[current] })}</p>
          <button type="button" className="button secondary" onClick={() => setOwn(current, description)}>
            {t('composer.texts.write', { platform: platformNames[current] })}
          </button>
        </div>
      )}
    </Tabs>
  );
}

function OwnText({ id, platform, text, onChange, onUseBase }: { id: string; platform: Platform; text: string; onChange: (text: string) => void; onUseBase: () => void }) {
  const { t } = useTranslation();
  const rule = capabilities[platform].text;
  const counted = !rule.ready || rule.ready();
  const count = counted ? rule.count(text) : undefined;
  const over = count !== undefined && count > rule.max;
  return (
    <div className="field">
      <label htmlFor={id}>{t('composer.texts.label', { platform: platformNames[platform] })}</label>
      <textarea id={id} rows={6} value={text} aria-describedby={`${id}-count`} aria-invalid={over || undefined} onChange={(event) => onChange(event.target.value)} />
      <p id={`${id}-count`} className={`hint wizard-counter${over ? ' over-limit' : ''}`} aria-live="polite">
        {count === undefined
          ? t('wizard.description.counting', { platform: platformNames[platform] })
          : t('composer.texts.count', { count, max: rule.max, unit: t(`wizard.description.units.${rule.unit}`) })}
        {over && <strong> — {t('wizard.description.overLimit')}</strong>}
      </p>
      <button type="button" className="button ghost" onClick={onUseBase}>
        {t('composer.texts.useBase')}
      </button>
    </div>
  );
}
