import { useEffect, useId } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { mediaForPlatform } from '../../../../../../shared/platformRules';
import {
  TIKTOK_PRIVATE_LEVEL,
  tiktokCommercialLabel,
  tiktokPolicyLinks,
  tiktokPrivacyLevels,
  type TiktokOptions,
  type TiktokPrivacyLevel,
} from '../../../../../../shared/platforms/tiktokOptions';
import { ErrorBox } from '../../../../components/ui/Form';
import { ApiError } from '../../../../lib/apiClient';
import { useCreatorInfo } from './api';
import type { DeclarationProps, OptionsEditorProps } from './types';

/**
 * TikTok Direct Post's settings, as TikTok's Content Sharing Guidelines require them before a
 * post is sent: the creator's nickname and avatar (creator_info, read now), who can see the post
 * chosen by the user from the levels TikTok offers this creator (no default), interactions off
 * until turned on and greyed out where the creator switched them off (no duet or stitch for
 * photos), the commercial content disclosure with its label, and the video's length against the
 * creator's limit.
 */

type Choices = Partial<TiktokOptions>;
const isPrivacyLevel = (value: unknown): value is TiktokPrivacyLevel => tiktokPrivacyLevels.includes(value as TiktokPrivacyLevel);

export function TikTokOptions({ account, value, onChange, media, onBlocker }: OptionsEditorProps) {
  const { t } = useTranslation();
  const id = useId();
  const creator = useCreatorInfo(account.platform, account.platformUserId);
  const choices = (value ?? {}) as Choices;
  const sent = mediaForPlatform(account.platform, media.flatMap((item) => (item.media ? [item.media] : [])));
  const kind: 'Photo' | 'Video' = sent[0]?.kind === 'image' ? 'Photo' : 'Video';
  const info = creator.data;
  const offered = (info?.privacyLevelOptions ?? []).filter(isPrivacyLevel);
  const privacy = isPrivacyLevel(choices.privacyLevel) && offered.includes(choices.privacyLevel) ? choices.privacyLevel : undefined;
  const commercial = choices.commercialContent;
  const label = tiktokCommercialLabel(choices);
  const seconds = sent[0]?.kind === 'video' ? sent[0].durationSeconds : undefined;
  const max = info?.maxVideoPostDurationSec ?? undefined;
  const tooLong = seconds !== undefined && max !== undefined && seconds > max;

  const blocker = (() => {
    if (creator.isPending) return t('postOptions.creatorSettings.loading');
    if (creator.isError) return t('postOptions.creatorSettings.loadFailed', { reason: creator.error instanceof ApiError ? creator.error.message : t('common.genericError') });
    if (offered.length === 0) return t('postOptions.creatorSettings.noPrivacyOffered');
    if (tooLong) return t('postOptions.creatorSettings.tooLong', { seconds: Math.ceil(seconds), max });
    if (!privacy) return t('postOptions.creatorSettings.privacyNeeded');
    if (commercial && !commercial.yourBrand && !commercial.brandedContent) return t('postOptions.creatorSettings.chooseCommercialKind');
    if (commercial?.brandedContent && privacy === TIKTOK_PRIVATE_LEVEL) return t('postOptions.creatorSettings.brandedNotPrivate');
    return undefined;
  })();
  useEffect(() => onBlocker(blocker), [blocker, onBlocker]);

  const change = (next: Choices) => onChange({ ...choices, ...next } as Record<string, unknown>);
  const interactions: Array<{ name: 'allowComment' | 'allowDuet' | 'allowStitch'; label: string; off: boolean }> = [
    { name: 'allowComment' as const, label: t('postOptions.creatorSettings.comment'), off: info?.commentDisabled ?? false },
    ...(kind === 'Video'
      ? [
          { name: 'allowDuet' as const, label: t('postOptions.creatorSettings.duet'), off: info?.duetDisabled ?? false },
          { name: 'allowStitch' as const, label: t('postOptions.creatorSettings.stitch'), off: info?.stitchDisabled ?? false },
        ]
      : []),
  ];

  return (
    <section className="post-options" aria-labelledby={`${id}-heading`} data-testid={`options-${account.platform}`}>
      <h4 id={`${id}-heading`} className="post-options-heading">
        {t('postOptions.creatorSettings.heading')}
      </h4>
      {creator.isPending && <p className="hint">{t('postOptions.creatorSettings.loading')}</p>}
      {creator.isError && (
        <ErrorBox>
          <p>{blocker}</p>
          <button type="button" className="button secondary small" onClick={() => void creator.refetch()}>
            {t('postOptions.creatorSettings.retry')}
          </button>
        </ErrorBox>
      )}
      {info && (
        <>
          <p className="creator-identity">
            {info.avatarUrl && <img className="creator-avatar" src={info.avatarUrl} alt="" width={40} height={40} referrerPolicy="no-referrer" />}
            <span>
              <span className="hint">{t('postOptions.creatorSettings.postingAs')}</span> <strong>{info.nickname ?? account.displayName}</strong>
              {info.username && <span className="hint"> @{info.username}</span>}
            </span>
          </p>
          {tooLong && <p className="field-error">{blocker}</p>}

          <div className="field">
            <label htmlFor={`${id}-privacy`}>{t('postOptions.creatorSettings.privacyLabel')}</label>
            <select
              id={`${id}-privacy`}
              className="select"
              value={privacy ?? ''}
              aria-invalid={!privacy || undefined}
              aria-describedby={`${id}-privacy-hint`}
              onChange={(event) => change({ privacyLevel: event.target.value as TiktokPrivacyLevel })}
            >
              <option value="" disabled>
                {t('postOptions.creatorSettings.privacyPlaceholder')}
              </option>
              {offered.map((level) => (
                <option key={level} value={level} disabled={level === TIKTOK_PRIVATE_LEVEL && commercial?.brandedContent === true}>
                  {t(`postOptions.creatorSettings.privacy.${level}`)}
                </option>
              ))}
            </select>
            <p id={`${id}-privacy-hint`} className="hint">
              {commercial?.brandedContent && offered.includes(TIKTOK_PRIVATE_LEVEL) ? t('postOptions.creatorSettings.brandedNotPrivate') : !privacy ? t('postOptions.creatorSettings.privacyNeeded') : ''}
            </p>
          </div>

          <fieldset className="post-options-group">
            <legend>{t('postOptions.creatorSettings.allowUsersTo')}</legend>
            <div className="post-options-toggles">
              {interactions.map((interaction) => (
                <label key={interaction.name} className={interaction.off ? 'disabled' : undefined}>
                  <input
                    type="checkbox"
                    checked={!interaction.off && choices[interaction.name] === true}
                    disabled={interaction.off}
                    onChange={(event) => change({ [interaction.name]: event.target.checked })}
                  />
                  {interaction.label}
                  {interaction.off && <span className="hint"> ({t('postOptions.creatorSettings.turnedOffByCreator')})</span>}
                </label>
              ))}
            </div>
          </fieldset>

          <fieldset className="post-options-group">
            <legend className="visually-hidden">{t(`postOptions.creatorSettings.disclose${kind}`)}</legend>
            <label className="post-options-switch">
              <input
                type="checkbox"
                role="switch"
                checked={commercial !== undefined}
                aria-describedby={`${id}-disclose-hint`}
                onChange={(event) => change({ commercialContent: event.target.checked ? { yourBrand: false, brandedContent: false } : undefined })}
              />
              {t(`postOptions.creatorSettings.disclose${kind}`)}
            </label>
            <p id={`${id}-disclose-hint`} className="hint">
              {t(`postOptions.creatorSettings.discloseHint${kind}`)}
            </p>
            {commercial && (
              <div className="post-options-commercial">
                <label>
                  <input type="checkbox" checked={commercial.yourBrand} onChange={(event) => change({ commercialContent: { ...commercial, yourBrand: event.target.checked } })} />
                  <span>
                    <strong>{t('postOptions.creatorSettings.yourBrand')}</strong>
                    <span className="hint"> {t(`postOptions.creatorSettings.yourBrandHint${kind}`)}</span>
                  </span>
                </label>
                <label className={privacy === TIKTOK_PRIVATE_LEVEL ? 'disabled' : undefined}>
                  <input
                    type="checkbox"
                    checked={commercial.brandedContent}
                    disabled={privacy === TIKTOK_PRIVATE_LEVEL}
                    aria-describedby={privacy === TIKTOK_PRIVATE_LEVEL ? `${id}-branded-private` : undefined}
                    onChange={(event) => change({ commercialContent: { ...commercial, brandedContent: event.target.checked } })}
                  />
                  <span>
                    <strong>{t('postOptions.creatorSettings.brandedContent')}</strong>
                    <span className="hint"> {t(`postOptions.creatorSettings.brandedContentHint${kind}`)}</span>
                    {privacy === TIKTOK_PRIVATE_LEVEL && (
                      <span id={`${id}-branded-private`} className="hint post-options-reason">
                        {' '}
                        {t('postOptions.creatorSettings.brandedNotPrivate')}
                      </span>
                    )}
                  </span>
                </label>
                <p className="post-options-label" aria-live="polite">
                  {label === 'paidPartnership' ? t(`postOptions.creatorSettings.labelPaid${kind}`) : label === 'promotionalContent' ? t(`postOptions.creatorSettings.labelPromotional${kind}`) : t('postOptions.creatorSettings.chooseCommercialKind')}
                </p>
              </div>
            )}
          </fieldset>
        </>
      )}
    </section>
  );
}

/** TikTok's declaration, next to the Publish button: the Branded Content Policy joins it when any TikTok target is branded content. */
export function TikTokDeclaration({ choices }: DeclarationProps) {
  const { t } = useTranslation();
  const branded = choices.some(({ value }) => (value as Choices | undefined)?.commercialContent?.brandedContent === true);
  const link = (href: string) => <a href={href} target="_blank" rel="noreferrer noopener" />;
  return (
    <p className="post-declaration" data-testid="declaration-creatorSettings">
      <Trans
        t={t}
        i18nKey={branded ? 'postOptions.creatorSettings.declarationBranded' : 'postOptions.creatorSettings.declaration'}
        components={{ music: link(tiktokPolicyLinks.musicUsageConfirmation), policy: link(tiktokPolicyLinks.brandedContentPolicy) }}
      />
    </p>
  );
}
