import { useTranslation } from 'react-i18next';
import type { ContentItem } from '../../../../../shared/api/content';
import { Dialog, DialogTitle } from '../../../components/ui/Dialog';

/** The player: the video or the podcast, with Download and Share; Escape, × or a click outside closes it. */
export function PlayerDialog({ item, onClose, onShare }: { item: ContentItem; onClose: () => void; onShare: (item: ContentItem) => void }) {
  const { t } = useTranslation();
  return (
    <Dialog closeLabel={t('content.close')} onClose={onClose} size="media" className="content-dialog" initialFocus="close" dismissOnOutsideClick>
      <DialogTitle className="dialog-title content-dialog-title">{item.fileName}</DialogTitle>
      {item.type === 'video' ? (
        <video className="content-player" src={item.url} controls autoPlay playsInline aria-label={item.fileName} />
      ) : (
        <div className="content-player content-player-audio">
          <PodcastIcon />
          <audio src={item.url} controls autoPlay aria-label={item.fileName} />
        </div>
      )}
      <div className="content-actions">
        <a className="button secondary" href={item.downloadUrl} download={item.fileName}>
          {t('content.download')}
        </a>
        <button type="button" className="button primary" onClick={() => onShare(item)}>
          {t('content.share')}
        </button>
      </div>
    </Dialog>
  );
}

export function PodcastIcon() {
  return (
    <svg className="podcast-icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        fill="currentColor"
        d="M12 2a7 7 0 0 0-7 7v3a7 7 0 0 0 6 6.93V21H8v2h8v-2h-3v-2.07A7 7 0 0 0 19 12V9a7 7 0 0 0-7-7Zm-3 7a3 3 0 0 1 6 0v3a3 3 0 0 1-6 0V9Z"
      />
    </svg>
  );
}
