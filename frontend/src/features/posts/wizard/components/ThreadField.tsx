import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { capabilities, platformNames, type Platform } from '../../../../../../shared/platforms';
import { textFor, type NetworkTexts, type NetworkThreads } from '../../../../../../shared/platformRules';
import { splitIntoThread, threadParts, threadProblems, THREAD_MAX_PARTS } from '../../../../../../shared/thread';
import { ConfirmDialog } from '../../../../components/ui/ConfirmDialog';
import '../composer.css';

/** The chosen networks whose publisher posts threads (`capabilities[p].threads`). */
export const threadTakers = (chosen: readonly Platform[]) => chosen.filter((platform) => capabilities[platform].threads);

/** Whether a chosen network's thread cannot go as it is (an empty or over-long post, too many posts); false while its counting loads. */
export function threadsBlocked(threads: NetworkThreads, chosen: readonly Platform[]): boolean {
  return threadTakers(chosen).some((platform) => {
    const parts = threadParts(threads[platform]);
    const { text, name } = capabilities[platform];
    if (!parts || (text.ready && !text.ready())) return false;
    return threadProblems(parts, text, name).length > 0;
  });
}

/**
 * Step 3's threads: per chosen network that takes them (X, Bluesky), "Post as a thread" splits
 * the text that network gets into numbered posts between sentences (shared/thread.ts); each post
 * is then edited on its own, with its own count in the network's unit, and posts can be added,
 * removed, or the text split again (asked first: the edits go).
 */
export function ThreadField({
  chosen,
  description,
  texts,
  threads,
  onChange,
}: {
  chosen: readonly Platform[];
  description: string;
  texts: NetworkTexts;
  threads: NetworkThreads;
  onChange: (threads: NetworkThreads) => void;
}) {
  const takers = threadTakers(chosen);
  if (takers.length === 0) return null;
  const set = (platform: Platform, parts: string[] | undefined) => {
    const next = { ...threads };
    if (parts === undefined) delete next[platform];
    else next[platform] = parts;
    onChange(next);
  };
  return (
    <>
      {takers.map((platform) => (
        <NetworkThread key={platform} platform={platform} parts={threads[platform]} source={textFor({ description, texts }, platform)} onParts={(parts) => set(platform, parts)} />
      ))}
    </>
  );
}

function NetworkThread({ platform, parts, source, onParts }: { platform: Platform; parts: string[] | undefined; source: string; onParts: (parts: string[] | undefined) => void }) {
  const { t } = useTranslation();
  const id = useId();
  const [confirming, setConfirming] = useState(false);
  const rule = capabilities[platform].text;
  const counted = !rule.ready || rule.ready();
  const name = platformNames[platform];
  const split = () => {
    const made = counted ? splitIntoThread(source, rule) : [source.trim()];
    // A text that fits one post starts a thread of two: the second is the user's to write.
    return made.length >= 2 ? made : [made[0] ?? '', ''];
  };
  const on = parts !== undefined;
  const edit = (index: number, text: string) => onParts(parts!.map((part, at) => (at === index ? text : part)));

  return (
    <div className="field thread-field" data-testid={`thread-${platform}`}>
      <label className="thread-toggle">
        <input type="checkbox" checked={on} disabled={!counted && !on} onChange={(event) => onParts(event.target.checked ? split() : undefined)} />
        {t('composer.thread.toggle', { platform: name })}
      </label>
      {on && (
        <>
          <p className="hint">{t('composer.thread.hint')}</p>
          <ol className="thread-parts">
            {parts.map((part, index) => {
              const count = counted ? rule.count(part) : undefined;
              const over = count !== undefined && count > rule.max;
              const empty = !part.trim();
              const partId = `${id}-part-${index}`;
              return (
                <li key={index} className="thread-part">
                  <label htmlFor={partId}>{t('composer.thread.partLabel', { index: index + 1, of: parts.length })}</label>
                  <textarea id={partId} rows={3} value={part} aria-describedby={`${partId}-count`} aria-invalid={over || empty || undefined} onChange={(event) => edit(index, event.target.value)} />
                  <div className="thread-part-footer">
                    <p id={`${partId}-count`} className={`hint wizard-counter${over ? ' over-limit' : ''}`} aria-live="polite">
                      {count === undefined ? t('wizard.description.counting', { platform: name }) : t('composer.thread.count', { count, max: rule.max, unit: t(`wizard.description.units.${rule.unit}`) })}
                      {over && <strong> — {t('wizard.description.overLimit')}</strong>}
                      {empty && <strong> — {t('composer.thread.empty')}</strong>}
                    </p>
                    {parts.length > 2 && (
                      <button type="button" className="button ghost" onClick={() => onParts(parts.filter((_, at) => at !== index))}>
                        {t('composer.thread.remove', { index: index + 1 })}
                      </button>
                    )}
                  </div>
                </li>
              );
            })}
          </ol>
          {parts.length > THREAD_MAX_PARTS && (
            <p className="field-error" role="alert">
              {t('composer.thread.tooMany', { max: THREAD_MAX_PARTS })}
            </p>
          )}
          <div className="thread-actions">
            <button type="button" className="button secondary" disabled={parts.length >= THREAD_MAX_PARTS} onClick={() => onParts([...parts, ''])}>
              {t('composer.thread.add')}
            </button>
            <button type="button" className="button ghost" onClick={() => setConfirming(true)}>
              {t('composer.thread.resplit')}
            </button>
          </div>
          <ConfirmDialog
            open={confirming}
            title={t('composer.thread.resplit')}
            body={t('composer.thread.resplitConfirm')}
            confirmLabel={t('composer.thread.resplit')}
            cancelLabel={t('composer.thread.keepPosts')}
            onConfirm={() => {
              setConfirming(false);
              onParts(split());
            }}
            onCancel={() => setConfirming(false)}
          />
        </>
      )}
    </div>
  );
}
