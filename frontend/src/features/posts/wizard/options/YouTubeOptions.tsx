import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  YOUTUBE_DEFAULT_CATEGORY,
  YOUTUBE_TAGS_MAX,
  youtubeCategories,
  youtubePrivacyStatuses,
  youtubeTagsLength,
  type YoutubeOptions,
  type YoutubePrivacyStatus,
} from '../../../../../../shared/platforms/youtubeOptions';
import type { OptionsEditorProps } from './types';

/**
 * YouTube's video details: visibility (public by default, as before), the made-for-kids
 * declaration YouTube requires (no default: publishing waits for an answer), tags and the
 * category (videoCategories' assignable list; People & Blogs by default, the spec's).
 */

type Choices = Partial<YoutubeOptions>;
const splitTags = (text: string) => text.split(',').map((tag) => tag.trim()).filter(Boolean);

export function YouTubeOptions({ account, value, onChange, nativeSchedule, onBlocker }: OptionsEditorProps) {
  const { t } = useTranslation();
  const id = useId();
  const choices = (value ?? {}) as Choices;
  const [tagText, setTagText] = useState(() => (choices.tags ?? []).join(', '));
  const tags = splitTags(tagText);
  const tagsLength = youtubeTagsLength(tags);
  const privacy = choices.privacyStatus ?? 'public';

  // The defaults are sent as shown.
  useEffect(() => {
    if (value?.['privacyStatus'] === undefined || value['categoryId'] === undefined) {
      onChange({ privacyStatus: 'public', categoryId: YOUTUBE_DEFAULT_CATEGORY, ...value });
    }
  }, [value, onChange]);

  const blocker = (() => {
    if (typeof choices.madeForKids !== 'boolean') return t('postOptions.videoDetails.madeForKidsNeeded');
    if (tagsLength > YOUTUBE_TAGS_MAX) return t('postOptions.videoDetails.tagsTooLong', { max: YOUTUBE_TAGS_MAX });
    if (tags.some((tag) => /[<>]/.test(tag))) return t('postOptions.videoDetails.tagBrackets');
    if (nativeSchedule && privacy !== 'public') return t('postOptions.videoDetails.nativeNeedsPublic');
    return undefined;
  })();
  useEffect(() => onBlocker(blocker), [blocker, onBlocker]);

  const change = (next: Choices) => onChange({ privacyStatus: privacy, ...choices, ...next } as Record<string, unknown>);

  return (
    <section className="post-options" aria-labelledby={`${id}-heading`} data-testid={`options-${account.platform}`}>
      <h4 id={`${id}-heading`} className="post-options-heading">
        {t('postOptions.videoDetails.heading')} <span className="hint">{account.username ?? account.displayName}</span>
      </h4>
      <fieldset className="post-options-group" aria-describedby={`${id}-kids-hint`}>
        <legend>{t('postOptions.videoDetails.madeForKidsLegend')}</legend>
        <p id={`${id}-kids-hint`} className="hint">
          {t('postOptions.videoDetails.madeForKidsHint')}
        </p>
        <div className="post-options-toggles">
          {[true, false].map((answer) => (
            <label key={String(answer)}>
              <input type="radio" name={`${id}-kids`} checked={choices.madeForKids === answer} onChange={() => change({ madeForKids: answer })} />
              {t(answer ? 'postOptions.videoDetails.madeForKidsYes' : 'postOptions.videoDetails.madeForKidsNo')}
            </label>
          ))}
        </div>
      </fieldset>
      <div className="post-options-fields">
        <div className="field">
          <label htmlFor={`${id}-privacy`}>{t('postOptions.videoDetails.privacyLabel')}</label>
          <select id={`${id}-privacy`} className="select" value={privacy} onChange={(event) => change({ privacyStatus: event.target.value as YoutubePrivacyStatus })}>
            {youtubePrivacyStatuses.map((status) => (
              <option key={status} value={status}>
                {t(`postOptions.videoDetails.privacy.${status}`)}
              </option>
            ))}
          </select>
          {nativeSchedule && privacy !== 'public' && <p className="field-error">{t('postOptions.videoDetails.nativeNeedsPublic')}</p>}
        </div>
        <div className="field">
          <label htmlFor={`${id}-category`}>{t('postOptions.videoDetails.categoryLabel')}</label>
          <select
            id={`${id}-category`}
            className="select"
            value={choices.categoryId ?? YOUTUBE_DEFAULT_CATEGORY}
            onChange={(event) => change({ categoryId: event.target.value as YoutubeOptions['categoryId'] })}
          >
            {youtubeCategories.map((category) => (
              <option key={category.id} value={category.id}>
                {t(`postOptions.videoDetails.categories.${category.id}`)}
              </option>
            ))}
          </select>
        </div>
      </div>
      <div className="field">
        <label htmlFor={`${id}-tags`}>{t('postOptions.videoDetails.tagsLabel')}</label>
        <input
          id={`${id}-tags`}
          value={tagText}
          aria-invalid={tagsLength > YOUTUBE_TAGS_MAX || undefined}
          aria-describedby={`${id}-tags-hint`}
          onChange={(event) => {
            setTagText(event.target.value);
            change({ tags: splitTags(event.target.value) });
          }}
        />
        <p id={`${id}-tags-hint`} className={tagsLength > YOUTUBE_TAGS_MAX ? 'field-error' : 'hint'}>
          {t('postOptions.videoDetails.tagsHint', { count: tagsLength, max: YOUTUBE_TAGS_MAX })}
        </p>
      </div>
    </section>
  );
}
