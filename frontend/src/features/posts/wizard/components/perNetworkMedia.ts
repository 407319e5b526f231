import { capabilities, platformNames, type Platform } from '../../../../../../shared/platforms';
import { mediaForPlatform, mediaLeftOutOn } from '../../../../../../shared/platformRules';
import type { MediaKind } from '../../../../../../shared/media';

export type Translate = (key: string, values?: Record<string, unknown>) => string;

/** One line of the review step's "What each network gets": a file left out, or a carousel. */
export interface PerNetworkLine {
  platform: Platform;
  kind: 'leftOut' | 'carousel';
  text: string;
}

/**
 * What each chosen network gets of the post's files, in the user's language, before anything is
 * published. It reads the same selection the API publishes (mediaForPlatform in
 * shared/platformRules.ts), so what the review step promises is what each network gets, and no
 * file is ever dropped silently. Empty when every network gets every file as a plain post.
 */
export function perNetworkMedia(t: Translate, media: ReadonlyArray<{ kind: MediaKind }>, chosen: readonly Platform[]): PerNetworkLine[] {
  return chosen.flatMap((platform) => {
    const name = platformNames[platform];
    const leftOut = mediaLeftOutOn(platform, media).map((note): PerNetworkLine => ({
      platform,
      kind: 'leftOut',
      text: t(`wizard.review.leftOut.${note.code}`, { platform: name, count: note.code === 'imagesOnly' ? note.videos : note.images }),
    }));
    const taken = mediaForPlatform(platform, media).length;
    const carousel: PerNetworkLine[] = capabilities[platform].carousel && taken > 1 ? [{ platform, kind: 'carousel', text: t('wizard.review.carousel', { platform: name, count: taken }) }] : [];
    return [...leftOut, ...carousel];
  });
}
