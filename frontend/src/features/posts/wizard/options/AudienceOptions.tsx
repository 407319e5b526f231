import { useEffect, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { postOptionRules } from '../../../../../../shared/platforms/postOptions';
import type { OptionsEditorProps } from './types';
import type { Platform } from '../../../../../../shared/platforms';

/** Whether the network's choice concerns this post's files (a video-only choice is not asked of photos). */
export function asksFor(platform: Platform, media: readonly { kind: 'image' | 'video' }[]): boolean {
  return !postOptionRules[platform]?.forVideoOnly || media.some((item) => item.kind === 'video');
}

/**
 * One choice among a network's values, for a network whose rule names it (`audience`: X's reply
 * settings, LinkedIn's visibility, how Facebook publishes a video). Its first value is the
 * network's own default, shown chosen; nothing here can block publishing.
 */
export function AudienceOptions({ account, value, onChange, media, onBlocker }: OptionsEditorProps) {
  const { t } = useTranslation();
  const id = useId();
  useEffect(() => onBlocker(undefined), [onBlocker]);
  const audience = postOptionRules[account.platform]?.audience;
  if (!audience || !asksFor(account.platform, media)) return null;
  // The texts are the network's own (postOptions.audience.<platform>), as its rule's values are.
  const text = (key: string) => String(t(`postOptions.audience.${account.platform}.${key}` as never));
  const chosen = typeof value?.[audience.field] === 'string' ? (value[audience.field] as string) : audience.values[0]!;
  return (
    <section className="post-options" aria-labelledby={`${id}-heading`} data-testid={`options-${account.platform}`}>
      <h4 id={`${id}-heading`} className="post-options-heading">
        {text('heading')} <span className="hint">{account.username ?? account.displayName}</span>
      </h4>
      <div className="field">
        <label htmlFor={`${id}-choice`}>{text('label')}</label>
        <select id={`${id}-choice`} className="select" value={chosen} aria-describedby={`${id}-hint`} onChange={(event) => onChange({ ...value, [audience.field]: event.target.value })}>
          {audience.values.map((choice) => (
            <option key={choice} value={choice}>
              {text(`values.${choice}`)}
            </option>
          ))}
        </select>
        <p id={`${id}-hint`} className="hint">
          {text('hint')}
        </p>
      </div>
    </section>
  );
}
