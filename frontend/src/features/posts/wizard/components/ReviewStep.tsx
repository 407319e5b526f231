import { useTranslation } from 'react-i18next';
import type { Platform } from '../../../../../../shared/platforms';
import { PlatformChip } from '../../../../components/ui/PlatformChip';
import type { MediaItem } from '../useMediaUploads';
import { megabytes } from './UploadStep';

export function ReviewStep({
  media,
  chosenPlatforms,
  description,
  title,
  publishTime: chosenTime,
}: {
  media: MediaItem[];
  chosenPlatforms: readonly Platform[];
  description: string;
  title: string | undefined;
  /** The scheduled time, formatted; absent = now. */
  publishTime?: string;
}) {
  const { t, i18n } = useTranslation();
  const publishTime = chosenTime ?? new Date().toLocaleString(i18n.resolvedLanguage ?? 'en', { dateStyle: 'medium', timeStyle: 'short' });
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
      {title !== undefined && (
        <>
          <h3 className="wizard-subheading">{t('wizard.review.title')}</h3>
          <p>{title}</p>
        </>
      )}
      <h3 className="wizard-subheading">{t('wizard.review.description')}</h3>
      <p className="wizard-review-description">{description}</p>
      <h3 className="wizard-subheading">{t('wizard.review.publishTime')}</h3>
      <p>{publishTime}</p>
    </div>
  );
}
