import { useId, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FileText } from 'lucide-react';
import { capabilities, platformsInDisplayOrder } from '../../../../../../shared/platforms';
import { ALT_TEXT_MAX } from '../../../../../../shared/platformRules';
import { takesAltText } from '../../../../../../shared/media';
import { platformList } from '../../../../components/ui/platformList';
import type { MediaItem, RejectedFile } from '../useMediaUploads';

const accept = '.png,.jpg,.jpeg,.gif,.mp4,.mov,.avi,.pdf';

export const megabytes = (bytes: number) => (bytes / (1024 * 1024)).toFixed(2);

export function UploadStep({
  items,
  rejected,
  onFiles,
  onRemove,
  onRetry,
  onAltText,
}: {
  items: MediaItem[];
  rejected: RejectedFile[];
  onFiles: (files: File[]) => void;
  onRemove: (id: string) => void;
  onRetry: (id: string) => void;
  onAltText: (id: string, altText: string) => void;
}) {
  const { t } = useTranslation();
  const [dragging, setDragging] = useState(false);
  const uploading = items.some((item) => item.status === 'uploading');

  function drop(event: DragEvent<HTMLLabelElement>) {
    event.preventDefault();
    setDragging(false);
    onFiles([...event.dataTransfer.files]);
  }

  return (
    <div className="wizard-upload">
      <h2>{t('wizard.upload.heading')}</h2>
      <label
        className={`drop-zone${dragging ? ' dragging' : ''}`}
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={drop}
      >
        <input
          className="visually-hidden"
          type="file"
          multiple
          accept={accept}
          aria-label={t('wizard.upload.inputLabel')}
          aria-describedby="wizard-upload-supports"
          onChange={(event) => {
            onFiles([...(event.target.files ?? [])]);
            event.target.value = '';
          }}
        />
        <span className="drop-zone-title">{dragging ? t('wizard.upload.dropHere') : t('wizard.upload.dragHere')}</span>
        <span>{t('wizard.upload.orClick')}</span>
        <span id="wizard-upload-supports" className="hint">
          {t('wizard.upload.supports')}
        </span>
      </label>

      {rejected.length > 0 && (
        <div role="alert" className="error-box">
          <p className="wizard-rejected-heading">{t('wizard.upload.rejectedHeading')}</p>
          <ul>
            {rejected.map((entry) => (
              <li key={entry.id}>{t('wizard.upload.rejected', { name: entry.name, reason: entry.reason })}</li>
            ))}
          </ul>
        </div>
      )}

      {uploading && (
        <p className="hint" aria-live="polite">
          {t('wizard.upload.uploading')}
        </p>
      )}

      {items.length > 0 && (
        <>
          <h3>{t('wizard.upload.selectedFiles')}</h3>
          <ul className="media-grid">
            {items.map((item) => (
              <MediaCard key={item.id} item={item} onRemove={() => onRemove(item.id)} onRetry={() => onRetry(item.id)} />
            ))}
          </ul>
          <AltTexts items={items} onAltText={onAltText} />
        </>
      )}
    </div>
  );
}

/** The networks whose publishers send a file's alt text (from the platform data). */
const altTextPlatforms = platformsInDisplayOrder.filter((platform) => capabilities[platform].altText);

/** Under the files: one alt text field per uploaded image or video (a document takes none), and which networks get it. */
function AltTexts({ items, onAltText }: { items: MediaItem[]; onAltText: (id: string, altText: string) => void }) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const done = items.filter((item) => item.status === 'done' && takesAltText(item.kind));
  if (!done.length || !altTextPlatforms.length) return null;
  return (
    <section className="media-alt-texts" aria-labelledby={`${id}-heading`}>
      <h3 id={`${id}-heading`}>{t('composer.altText.heading')}</h3>
      <p id={`${id}-hint`} className="hint">
        {t('composer.altText.hint', { platforms: platformList(altTextPlatforms, i18n.resolvedLanguage ?? 'en') })}
      </p>
      {done.map((item) => {
        const text = item.altText ?? '';
        return (
          <div key={item.id} className="field">
            <label htmlFor={`${id}-${item.id}`}>{t('composer.altText.label', { name: item.name })}</label>
            <textarea
              id={`${id}-${item.id}`}
              rows={2}
              value={text}
              maxLength={ALT_TEXT_MAX}
              aria-describedby={`${id}-hint ${id}-${item.id}-count`}
              onChange={(event) => onAltText(item.id, event.target.value)}
            />
            <p id={`${id}-${item.id}-count`} className="hint wizard-counter">
              {t('composer.altText.count', { count: text.length, max: ALT_TEXT_MAX })}
            </p>
          </div>
        );
      })}
    </section>
  );
}

function MediaCard({ item, onRemove, onRetry }: { item: MediaItem; onRemove: () => void; onRetry: () => void }) {
  const { t } = useTranslation();
  const percent = item.size > 0 ? Math.min(100, Math.floor((item.loaded / item.size) * 100)) : 100;
  return (
    <li className="media-card" aria-label={item.name}>
      <button type="button" className="close-button media-remove" aria-label={t('wizard.upload.remove', { name: item.name })} onClick={onRemove}>
        ×
      </button>
      <div className={`media-preview${item.kind === 'document' ? ' media-preview-document' : ''}`}>
        {item.kind === 'document' ? (
          <p className="media-document">
            <FileText size={28} aria-hidden="true" />
            <span>{t('wizard.upload.document')}</span>
          </p>
        ) : item.previewUrl ? (
          item.kind === 'image' ? (
            <img src={item.previewUrl} alt={item.name} />
          ) : (
            <video src={item.previewUrl} controls aria-label={item.name} />
          )
        ) : (
          <p className="hint">{t('wizard.upload.previewUnavailable')}</p>
        )}
      </div>
      <p className="media-name">{item.name}</p>
      <p className="hint">{t('wizard.upload.sizeMb', { size: megabytes(item.size) })}</p>
      {item.status === 'uploading' && item.resume && (
        <p className="hint media-resume" role="status">
          {item.resume.kind === 'resumed'
            ? t('wizard.upload.resuming', { stored: megabytes(item.resume.storedBytes), total: megabytes(item.resume.total) })
            : t('wizard.upload.restarted')}
        </p>
      )}
      {item.status === 'uploading' && percent < 100 && (
        <div aria-live="polite">
          <progress className="media-progress" max={100} value={percent} aria-label={t('wizard.upload.progress', { name: item.name, percent })} />
          <p className="hint">
            {percent}% · {t('wizard.upload.speed', { speed: megabytes(item.bytesPerSecond) })}
          </p>
        </div>
      )}
      {item.status === 'done' && item.thumbnailError && <p className="hint media-no-thumbnail">{item.thumbnailError}</p>}
      {item.status === 'failed' && (
        <div role="alert" className="media-failed">
          <p>{t('wizard.upload.failed', { reason: item.error ?? '' })}</p>
          {item.file && (
            <button type="button" className="button secondary" aria-label={t('wizard.upload.retryFile', { name: item.name })} onClick={onRetry}>
              {t('wizard.upload.retry')}
            </button>
          )}
        </div>
      )}
    </li>
  );
}
