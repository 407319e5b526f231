import { useEffect, useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { InstagramOptions } from '../../../../../../shared/platforms/instagramOptions';
import type { OptionsEditorProps } from './types';

/**
 * Instagram's choice for a video, which it publishes as a Reel: also in the feed (the default, as
 * Instagram's app does) or in the Reels tab only. A photo or a carousel is a feed post and asks
 * nothing, so nothing is shown for it.
 */
/** A single video is a Reel; with images too it goes out as a carousel (a feed post). */
export const isReel = (media: readonly { kind: 'image' | 'video' }[]) => media.length === 1 && media[0]!.kind === 'video';

export function InstagramReelOptions({ account, value, onChange, media, onBlocker }: OptionsEditorProps) {
  const { t } = useTranslation();
  const id = useId();
  // Nothing here can block publishing: said at once, so the wizard does not wait for this form.
  useEffect(() => onBlocker(undefined), [onBlocker]);
  if (!isReel(media)) return null;
  const shareToFeed = (value as Partial<InstagramOptions> | undefined)?.shareToFeed ?? true;
  return (
    <section className="post-options" aria-labelledby={`${id}-heading`} data-testid={`options-${account.platform}`}>
      <h4 id={`${id}-heading`} className="post-options-heading">
        {t('postOptions.reelSettings.heading')} <span className="hint">{account.username ?? account.displayName}</span>
      </h4>
      <label className="post-options-check">
        <input type="checkbox" checked={shareToFeed} aria-describedby={`${id}-hint`} onChange={(event) => onChange({ shareToFeed: event.target.checked })} />
        {t('postOptions.reelSettings.shareToFeed')}
      </label>
      <p id={`${id}-hint`} className="hint">
        {t('postOptions.reelSettings.hint')}
      </p>
    </section>
  );
}
