import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Connection } from '../../../../../../shared/api/connections';
import { platformNames } from '../../../../../../shared/platforms';
import { ErrorBox } from '../../../../components/ui/Form';
import { PlatformMark } from '../../../../components/ui/PlatformMark';
import type { MediaItem } from '../useMediaUploads';

export const accountKey = (connection: Connection) => `${connection.platform}#${connection.platformUserId}`;

const INSTAGRAM_MIN_SECONDS = 3;
const INSTAGRAM_MAX_SECONDS = 90;

export function PlatformStep({
  accounts,
  loading,
  failed,
  selected,
  onToggle,
  media,
}: {
  accounts: Connection[];
  loading: boolean;
  failed: boolean;
  selected: ReadonlySet<string>;
  onToggle: (key: string) => void;
  media: MediaItem[];
}) {
  const { t } = useTranslation();
  const instagramChosen = accounts.some((account) => account.platform === 'instagram' && selected.has(accountKey(account)));
  const videos = media.filter((item) => item.kind === 'video');

  return (
    <div className="wizard-platforms">
      <h2>{t('wizard.platforms.heading')}</h2>
      {loading && <p role="status">{t('wizard.platforms.loading')}</p>}
      {failed && <ErrorBox>{t('wizard.platforms.loadFailed')}</ErrorBox>}
      {!loading && !failed && accounts.length === 0 && (
        <p>
          {t('wizard.platforms.none')} <Link to="/dashboard/accounts">{t('wizard.platforms.connectLink')}</Link>
        </p>
      )}
      <div className="platform-toggle-grid">
        {accounts.map((account) => {
          const key = accountKey(account);
          const on = selected.has(key);
          return (
            <button key={key} type="button" className={`platform-toggle${on ? ' selected' : ''}`} aria-pressed={on} onClick={() => onToggle(key)}>
              <PlatformMark platform={account.platform} />
              <span className="platform-toggle-text">
                <span className="platform-toggle-name">{platformNames[account.platform]}</span>
                <span className="hint truncate" title={account.displayName}>{account.displayName}</span>
              </span>
              {on && (
                <span className="platform-check" aria-label={t('wizard.platforms.selected')}>
                  ✓
                </span>
              )}
            </button>
          );
        })}
      </div>
      {instagramChosen && videos.length > 0 && (
        <div className="instagram-rule">
          <p className="hint">{t('wizard.platforms.instagramRule')}</p>
          {videos.map((video) => {
            const seconds = video.media?.durationSeconds;
            if (seconds === undefined || (seconds >= INSTAGRAM_MIN_SECONDS && seconds <= INSTAGRAM_MAX_SECONDS)) return null;
            const values = { name: video.name, seconds: Math.round(seconds * 10) / 10 };
            return (
              <p key={video.id} role="alert" className="field-error">
                {seconds < INSTAGRAM_MIN_SECONDS ? t('wizard.platforms.instagramTooShort', values) : t('wizard.platforms.instagramTooLong', values)}
              </p>
            );
          })}
        </div>
      )}
    </div>
  );
}
