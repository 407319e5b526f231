import { useTranslation } from 'react-i18next';
import type { Connection, ConnectionList } from '../../../../../../shared/api/connections';
import { capabilities, platformNames, platformsInDisplayOrder, type Platform } from '../../../../../../shared/platforms';
import { documentNetworks, formatName, mediaProblemsOn, type MediaFacts, type MediaProblem } from '../../../../../../shared/platformRules';
import { ErrorBox, NoticeBox } from '../../../../components/ui/Form';
import { PlatformMark } from '../../../../components/ui/PlatformMark';
import type { MediaItem } from '../useMediaUploads';
import { ServerConnectForm } from '../../../accounts';
import '../composer.css';

export const accountKey = (connection: Connection) => `${connection.platform}#${connection.platformUserId}`;

/** A file as the platform rules see it, with the name the user knows it by. */
type FileFacts = MediaFacts & { name: string };

const tenths = (value: number) => Math.round(value * 10) / 10;

export function PlatformStep({
  accounts,
  availablePlatforms,
  usage,
  loading,
  failed,
  selected,
  onToggle,
  onConnect,
  connecting,
  connectMessage,
  media,
}: {
  /** Every connection of the user (connected or needing a reconnect). */
  accounts: Connection[];
  /** Platforms configured on this deployment (undefined while loading). */
  availablePlatforms: readonly Platform[] | undefined;
  usage: ConnectionList['usage'] | undefined;
  loading: boolean;
  failed: boolean;
  selected: ReadonlySet<string>;
  onToggle: (key: string) => void;
  /** Starts the Accounts connect flow for a platform; it comes back here with the post kept. */
  /** `server`: the server the user typed, where the platform's accounts live on one they name (`connectServer`). */
  onConnect: (platform: Platform, server?: string) => void;
  /** The platform whose consent page is being opened. */
  connecting: Platform | undefined;
  /** The outcome of a connection (or of starting one), in words. */
  connectMessage: { kind: 'notice' | 'error'; text: string } | undefined;
  media: MediaItem[];
}) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  const connected = accounts.filter((account) => account.status === 'connected');
  const chosen = platformsInDisplayOrder.filter((platform) => connected.some((account) => account.platform === platform && selected.has(accountKey(account))));
  const files: FileFacts[] = media.flatMap((item) => (item.media ? [{ ...item.media, name: item.name }] : []));
  const withVideo = files.some((item) => item.kind === 'video');
  // Each chosen platform's video length rule (shown while a video is in the post), and its problems with the media.
  const lengthRules = chosen.flatMap((platform) => {
    const seconds = capabilities[platform].media.video?.seconds;
    return withVideo && seconds?.min !== undefined && seconds.max !== undefined ? [{ platform, min: seconds.min, max: seconds.max }] : [];
  });
  // One media problem of one platform, in the user's language (the rule comes from the platform data).
  const inWords = (platform: string, problem: MediaProblem<FileFacts>): string => {
    const values = { platform, ...('item' in problem ? { name: problem.item.name } : {}) };
    switch (problem.code) {
      case 'videosOnly':
      case 'imagesOnly':
        return t(`wizard.platforms.problems.${problem.code}`, values);
      case 'noDocuments':
        return t('wizard.platforms.problems.noDocuments', { ...values, networks: new Intl.ListFormat(language, { type: 'disjunction' }).format(documentNetworks()) });
      case 'documentAlone':
        return t('wizard.platforms.problems.documentAlone', { ...values, count: problem.count });
      case 'tooManyImages':
      case 'tooManyFiles':
        return t(`wizard.platforms.problems.${problem.code}`, { ...values, max: problem.max, count: problem.count });
      case 'format':
        return t('wizard.platforms.problems.format', { ...values, formats: new Intl.ListFormat(language, { type: 'disjunction' }).format(problem.accepted.map(formatName)) });
      case 'tooLarge':
        return t('wizard.platforms.problems.tooLarge', { ...values, size: tenths(problem.item.size / 1e6), max: tenths(problem.maxBytes / 1e6) });
      case 'tooShort':
        return t('wizard.platforms.problems.tooShort', { ...values, seconds: tenths(problem.seconds), min: problem.min });
      case 'tooLong':
        return t('wizard.platforms.problems.tooLong', { ...values, seconds: tenths(problem.seconds), max: problem.max });
    }
  };
  const problems = chosen.flatMap((platform) => mediaProblemsOn(platform, files).map((problem) => inWords(platformNames[platform], problem)));

  const atLimit = usage !== undefined && usage.maxAccounts !== null && usage.connectedAccounts >= usage.maxAccounts;

  return (
    <div className="wizard-platforms">
      <h2>{t('wizard.platforms.heading')}</h2>
      {loading && <p role="status">{t('wizard.platforms.loading')}</p>}
      {failed && <ErrorBox>{t('wizard.platforms.loadFailed')}</ErrorBox>}
      {connectMessage?.kind === 'notice' && <NoticeBox>{connectMessage.text}</NoticeBox>}
      {connectMessage?.kind === 'error' && <ErrorBox>{connectMessage.text}</ErrorBox>}
      {!loading && !failed && (
        <div className="platform-toggle-grid">
          {platformsInDisplayOrder.map((platform) => {
            const name = platformNames[platform];
            const own = connected.filter((account) => account.platform === platform);
            if (own.length === 1) {
              const account = own[0]!;
              const key = accountKey(account);
              const on = selected.has(key);
              return (
                <button key={platform} type="button" className={`platform-toggle${on ? ' selected' : ''}`} aria-pressed={on} onClick={() => onToggle(key)}>
                  <PlatformMark platform={platform} />
                  <span className="platform-toggle-text">
                    <span className="platform-toggle-name">{name}</span>
                    <span className="hint truncate" title={account.displayName}>
                      {account.displayName}
                    </span>
                  </span>
                  {on && (
                    <span className="platform-check" aria-label={t('wizard.platforms.selected')}>
                      ✓
                    </span>
                  )}
                </button>
              );
            }
            if (own.length > 1) {
              const anyOn = own.some((account) => selected.has(accountKey(account)));
              const headingId = `platform-accounts-${platform}`;
              return (
                <div key={platform} className={`platform-tile platform-tile-accounts${anyOn ? ' selected' : ''}`} role="group" aria-labelledby={headingId}>
                  <div className="platform-tile-head">
                    <PlatformMark platform={platform} />
                    <span className="platform-toggle-text">
                      <span className="platform-toggle-name" id={headingId}>
                        {name}
                      </span>
                      <span className="hint">{t('composer.platforms.accountsOf', { platform: name })}</span>
                    </span>
                    {anyOn && (
                      <span className="platform-check" aria-hidden="true">
                        ✓
                      </span>
                    )}
                  </div>
                  <div className="account-toggles">
                    {own.map((account) => {
                      const key = accountKey(account);
                      const on = selected.has(key);
                      return (
                        <button key={key} type="button" className={`account-toggle${on ? ' selected' : ''}`} aria-pressed={on} onClick={() => onToggle(key)}>
                          {account.avatarUrl ? (
                            <img src={account.avatarUrl} alt="" width={28} height={28} className="avatar" />
                          ) : (
                            <span className="avatar avatar-initial" aria-hidden="true">
                              {account.displayName.slice(0, 1).toUpperCase()}
                            </span>
                          )}
                          <span className="account-toggle-text">
                            <span className="truncate" title={account.displayName}>
                              {account.displayName}
                            </span>
                            <span className="hint truncate">{account.username ? (account.username.includes('@') ? account.username : `@${account.username}`) : account.platformUserId}</span>
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
                </div>
              );
            }
            // No connected account: Connect (or Reconnect) here, and come back with the post kept.
            const available = availablePlatforms?.includes(platform) ?? true;
            const lapsed = accounts.some((account) => account.platform === platform);
            const blocked = !available || (atLimit && !lapsed);
            const hintId = `platform-connect-${platform}`;
            return (
              <div key={platform} className="platform-tile platform-tile-unconnected">
                <PlatformMark platform={platform} />
                <span className="platform-toggle-text">
                  <span className="platform-toggle-name">{name}</span>
                  <span className="hint" id={hintId}>
                    {!available
                      ? t('composer.platforms.notAvailable')
                      : atLimit && !lapsed
                        ? t('composer.platforms.atLimit', { max: usage?.maxAccounts ?? 1, platform: name })
                        : lapsed
                          ? t('accounts.needsReconnect')
                          : t('composer.platforms.notConnected')}
                  </span>
                </span>
                {capabilities[platform].connectServer && !blocked ? (
                  <ServerConnectForm
                    platform={platform}
                    className="platform-connect-server"
                    disabled={connecting !== undefined}
                    ariaLabel={t(lapsed ? 'composer.platforms.reconnectAria' : 'composer.platforms.connectAria', { platform: name })}
                    label={connecting === platform ? t('composer.platforms.connecting', { platform: name }) : lapsed ? t('composer.platforms.reconnect') : t('composer.platforms.connect')}
                    onConnect={(server) => onConnect(platform, server)}
                  />
                ) : (
                  <button
                    type="button"
                    className="button secondary small platform-connect"
                    disabled={blocked || connecting !== undefined}
                    aria-label={t(lapsed ? 'composer.platforms.reconnectAria' : 'composer.platforms.connectAria', { platform: name })}
                    aria-describedby={hintId}
                    title={blocked ? undefined : t('composer.platforms.connectHint', { platform: name })}
                    onClick={() => onConnect(platform)}
                  >
                    {connecting === platform
                      ? t('composer.platforms.connecting', { platform: name })
                      : lapsed
                        ? t('composer.platforms.reconnect')
                        : t('composer.platforms.connect')}
                  </button>
                )}
              </div>
            );
          })}
        </div>
      )}
      {(lengthRules.length > 0 || problems.length > 0) && (
        <div className="media-rules">
          {lengthRules.map((rule) => (
            <p key={rule.platform} className="hint">
              {t('wizard.platforms.videoRule', { platform: platformNames[rule.platform], min: rule.min, max: rule.max })}
            </p>
          ))}
          {problems.map((problem) => (
            <p key={problem} role="alert" className="field-error">
              {problem}
            </p>
          ))}
        </div>
      )}
    </div>
  );
}
