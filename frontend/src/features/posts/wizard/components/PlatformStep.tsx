import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Connection } from '../../../../../../shared/api/connections';
import { capabilities, platformNames, platformsInDisplayOrder } from '../../../../../../shared/platforms';
import { formatName, mediaProblemsOn, type MediaFacts, type MediaProblem } from '../../../../../../shared/platformRules';
import { ErrorBox } from '../../../../components/ui/Form';
import { PlatformMark } from '../../../../components/ui/PlatformMark';
import type { MediaItem } from '../useMediaUploads';

export const accountKey = (connection: Connection) => `${connection.platform}#${connection.platformUserId}`;

/** A file as the platform rules see it, with the name the user knows it by. */
type FileFacts = MediaFacts & { name: string };

const tenths = (value: number) => Math.round(value * 10) / 10;

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
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  const chosen = platformsInDisplayOrder.filter((platform) => accounts.some((account) => account.platform === platform && selected.has(accountKey(account))));
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
