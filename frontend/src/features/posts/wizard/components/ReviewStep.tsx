import { useTranslation } from 'react-i18next';
import { platformNames, type Platform } from '../../../../../../shared/platforms';
import type { NetworkTexts, NetworkThreads } from '../../../../../../shared/platformRules';
import { PlatformChip } from '../../../../components/ui/PlatformChip';
import { PlatformMark } from '../../../../components/ui/PlatformMark';
import type { MediaItem } from '../useMediaUploads';
import { megabytes } from './UploadStep';
import { perNetworkMedia } from './perNetworkMedia';
import { commentReceivers, CommentWithheldNotes, type CommentWithheld } from './FirstCommentField';
import type { Connection } from '../../../../../../shared/api/connections';
import { platformList } from '../../../../components/ui/platformList';
import './networkTexts.css';

/** What each chosen network gets of the post's files, where one gets less or gets a carousel. */
function PerNetworkMedia({ media, chosenPlatforms }: { media: MediaItem[]; chosenPlatforms: readonly Platform[] }) {
  const { t } = useTranslation();
  const lines = perNetworkMedia((key, values) => String(t(key as never, values as never)), media, chosenPlatforms);
  if (!lines.length) return null;
  return (
    <>
      <h3 className="wizard-subheading">{t('wizard.review.perNetwork')}</h3>
      <ul className="review-media-notes">
        {lines.map((line) => (
          <li key={`${line.platform}-${line.text}`} className={`review-media-note review-media-${line.kind}`}>
            <PlatformMark platform={line.platform} size="sm" />
            <span>{line.text}</span>
          </li>
        ))}
      </ul>
    </>
  );
}

export function ReviewStep({
  media,
  chosenPlatforms,
  description,
  texts,
  threads,
  firstComment,
  commentWithheld = [],
  chosenAccounts = [],
  title,
  publishTime: chosenTime,
}: {
  media: MediaItem[];
  chosenPlatforms: readonly Platform[];
  description: string;
  /** The chosen networks' own texts (the others get the description). */
  texts: NetworkTexts | undefined;
  /** The chosen networks going as a thread, with their posts. */
  threads?: NetworkThreads | undefined;
  /** Posted under the post on the chosen networks that take one. */
  firstComment?: string | undefined;
  /** The chosen accounts that will not get the comment, and why (commentsWithheld). */
  commentWithheld?: readonly CommentWithheld[];
  chosenAccounts?: ReadonlyArray<Pick<Connection, 'platform'>>;
  title: string | undefined;
  /** The scheduled time, formatted; absent = now. */
  publishTime?: string;
}) {
  const { t, i18n } = useTranslation();
  const publishTime = chosenTime ?? new Date().toLocaleString(i18n.resolvedLanguage ?? 'en', { dateStyle: 'medium', timeStyle: 'short' });
  const commentGoesTo = commentReceivers(chosenPlatforms, commentWithheld, chosenAccounts);
  return (
    <div className="wizard-review">
      <h2>{t('wizard.review.heading')}</h2>
      <h3 className="wizard-subheading">{t('wizard.review.files')}</h3>
      <ul className="media-grid">
        {media.map((item) => (
          <li key={item.id} className="media-card">
            <div className="media-preview">
              {item.previewUrl &&
                (item.kind === 'image' ? <img src={item.previewUrl} alt={item.name} /> : <video src={item.previewUrl} controls aria-label={item.name} />)}
            </div>
            <p className="media-name">{item.name}</p>
            <p className="hint">{t('wizard.upload.sizeMb', { size: megabytes(item.size) })}</p>
          </li>
        ))}
      </ul>
      <h3 className="wizard-subheading">{t('wizard.review.platforms')}</h3>
      <ul className="platform-chips">
        {chosenPlatforms.map((platform) => (
          <PlatformChip key={platform} platform={platform} as="li" />
        ))}
      </ul>
      <PerNetworkMedia media={media} chosenPlatforms={chosenPlatforms} />
      {title !== undefined && (
        <>
          <h3 className="wizard-subheading">{t('wizard.review.title')}</h3>
          <p>{title}</p>
        </>
      )}
      <h3 className="wizard-subheading">{t('wizard.review.description')}</h3>
      <p className="wizard-review-description">{description}</p>
      {texts && (
        <>
          <h3 className="wizard-subheading">{t('composer.texts.reviewHeading')}</h3>
          <dl className="review-network-texts">
            {chosenPlatforms
              .filter((platform) => texts[platform])
              .map((platform) => (
                <div key={platform}>
                  <dt>
                    <PlatformMark platform={platform} size="sm" /> {platformNames[platform]} · {t('composer.texts.reviewOwn')}
                  </dt>
                  <dd className="wizard-review-description">{texts[platform]}</dd>
                </div>
              ))}
          </dl>
        </>
      )}
      {threads && (
        <>
          <h3 className="wizard-subheading">{t('composer.thread.reviewHeading')}</h3>
          <dl className="review-network-texts">
            {chosenPlatforms
              .filter((platform) => threads[platform])
              .map((platform) => (
                <div key={platform}>
                  <dt>
                    <PlatformMark platform={platform} size="sm" /> {t('composer.thread.summary', { platform: platformNames[platform], count: threads[platform]!.length })}
                  </dt>
                  <dd>
                    <ol className="review-thread">
                      {threads[platform]!.map((part, index) => (
                        <li key={index} className="wizard-review-description">
                          {part}
                        </li>
                      ))}
                    </ol>
                  </dd>
                </div>
              ))}
          </dl>
        </>
      )}
      {firstComment && (commentGoesTo.length > 0 || commentWithheld.length > 0) && (
        <>
          <h3 className="wizard-subheading">{t('composer.firstComment.reviewHeading')}</h3>
          <p className="wizard-review-description">{firstComment}</p>
          <p className="hint">
            {commentGoesTo.length > 0
              ? t('composer.firstComment.reviewOn', { platforms: platformList(commentGoesTo, i18n.resolvedLanguage ?? 'en') })
              : t('composer.firstComment.noneGets')}
          </p>
          <CommentWithheldNotes withheld={commentWithheld} />
        </>
      )}
      <h3 className="wizard-subheading">{t('wizard.review.publishTime')}</h3>
      <p>{publishTime}</p>
    </div>
  );
}
