import { useEffect, useId } from 'react';
import { useTranslation } from 'react-i18next';
import {
  instagramFormatOf,
  instagramFormatProblemCodes,
  instagramFormats,
  instagramGraduations,
  type InstagramOptions,
} from '../../../../../../shared/platforms/instagramOptions';
import type { MediaItem } from '../useMediaUploads';
import type { OptionsEditorProps } from './types';

/** The files as the format rules read them (an uploaded file's length, once known). */
const facts = (media: readonly MediaItem[]) => media.map((item) => ({ kind: item.kind, size: item.size, durationSeconds: item.media?.durationSeconds }));

/**
 * What the post is on Instagram: a feed post (a photo or a carousel), a Reel (one video) or a
 * story (one photo or one video, seen for 24 hours, no caption, no comment). The choice starts
 * at what the files make (one video: a Reel; else a feed post). A Reel asks where it shows and
 * whether it is a trial Reel; a story says what it does not carry. A format the files do not fit
 * blocks publishing, in words.
 */
export function InstagramFormatOptions({ account, value, onChange, media, onBlocker }: OptionsEditorProps) {
  const { t } = useTranslation();
  const id = useId();
  const options = (value ?? {}) as Partial<InstagramOptions>;
  const format = instagramFormatOf(options, media);
  const problems = media.length ? instagramFormatProblemCodes(options, facts(media)) : [];
  const blocker = problems.length ? problems.map((code) => t(`postOptions.mediaFormat.problems.${code}`)).join(' ') : undefined;
  useEffect(() => onBlocker(blocker), [onBlocker, blocker]);
  if (!media.length) return null;
  const shareToFeed = options.shareToFeed ?? true;
  const choose = (next: Partial<InstagramOptions>) => onChange({ ...options, ...next });
  return (
    <section className="post-options" aria-labelledby={`${id}-heading`} data-testid={`options-${account.platform}`}>
      <h4 id={`${id}-heading`} className="post-options-heading">
        {t('postOptions.mediaFormat.heading')} <span className="hint">{account.username ?? account.displayName}</span>
      </h4>
      <fieldset className="post-options-group">
        <legend>{t('postOptions.mediaFormat.formatLegend')}</legend>
        <div className="post-options-toggles">
          {instagramFormats.map((choice) => (
            <label key={choice}>
              <input
                type="radio"
                name={`${id}-format`}
                value={choice}
                checked={format === choice}
                onChange={() => choose(choice === 'reel' ? { format: choice } : { format: choice, trialReel: undefined })}
              />
              {t(`postOptions.mediaFormat.formats.${choice}`)}
            </label>
          ))}
        </div>
      </fieldset>
      {format === 'reel' && (
        <>
          <label className="post-options-check">
            <input type="checkbox" checked={shareToFeed} aria-describedby={`${id}-feed-hint`} onChange={(event) => choose({ shareToFeed: event.target.checked })} />
            {t('postOptions.mediaFormat.shareToFeed')}
          </label>
          <p id={`${id}-feed-hint`} className="hint">
            {t('postOptions.mediaFormat.shareToFeedHint')}
          </p>
          <div className="field">
            <label htmlFor={`${id}-trial`}>{t('postOptions.mediaFormat.trialLabel')}</label>
            <select
              id={`${id}-trial`}
              className="select"
              value={options.trialReel ?? ''}
              aria-describedby={`${id}-trial-hint`}
              onChange={(event) => choose({ trialReel: (event.target.value || undefined) as InstagramOptions['trialReel'] })}
            >
              <option value="">{t('postOptions.mediaFormat.trial.off')}</option>
              {instagramGraduations.map((graduation) => (
                <option key={graduation} value={graduation}>
                  {t(`postOptions.mediaFormat.trial.${graduation}`)}
                </option>
              ))}
            </select>
            <p id={`${id}-trial-hint`} className="hint">
              {t('postOptions.mediaFormat.trialHint')}
            </p>
          </div>
        </>
      )}
      {format === 'story' && <p className="hint">{t('postOptions.mediaFormat.storyHint')}</p>}
      {blocker && (
        <p className="field-error" role="alert">
          {blocker}
        </p>
      )}
    </section>
  );
}
