import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { ContentItem } from '../../../../../shared/api/content';
import { PodcastIcon } from './PlayerDialog';
import { useHoverOrFocus } from '../../../lib/useHoverOrFocus';

/** One item: a video thumbnail that plays on hover (or the podcast icon), date and time, type badge, and its actions. */
export function ContentCard({
  item,
  formatDate,
  onOpen,
  onShare,
  onDelete,
}: {
  item: ContentItem;
  formatDate: (iso: string) => string;
  onOpen: (item: ContentItem, from: HTMLElement) => void;
  onShare: (item: ContentItem) => void;
  onDelete: (item: ContentItem, from: HTMLElement) => void;
}) {
  const { t } = useTranslation();
  const videoRef = useRef<HTMLVideoElement>(null);

  const preview = useHoverOrFocus();
  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    if (preview.active) {
      void video.play().catch(() => undefined);
    } else {
      video.pause();
      video.currentTime = 0;
    }
  }, [preview.active]);

  return (
    <li className="content-card card" data-content-id={item.contentId} {...preview.handlers}>
      <div className="content-thumb">
        {item.type === 'video' ? (
          <video ref={videoRef} src={item.url} muted loop playsInline preload="metadata" aria-hidden="true" tabIndex={-1} />
        ) : (
          <PodcastIcon />
        )}
      </div>
      <button
        type="button"
        className="content-card-open"
        aria-label={t('content.open', { name: item.fileName })}
        onClick={(event) => onOpen(item, event.currentTarget)}
      >
        <span className="content-name">{item.fileName}</span>
      </button>
      <div className="content-meta">
        <span className={`content-badge content-badge-${item.type}`}>{t(`content.type.${item.type}`)}</span>
        <time dateTime={item.createdAt}>{formatDate(item.createdAt)}</time>
      </div>
      <div className="content-actions">
        <button type="button" className="button primary" onClick={() => onShare(item)}>
          {t('content.share')}
        </button>
        <a className="button secondary" href={item.downloadUrl} download={item.fileName}>
          {t('content.download')}
        </a>
        <button type="button" className="button danger-outline" onClick={(event) => onDelete(item, event.currentTarget)}>
          {t('content.delete')}
        </button>
      </div>
    </li>
  );
}
