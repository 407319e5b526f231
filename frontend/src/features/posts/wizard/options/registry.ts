import type { PostOptionsEditor } from '../../../../../../shared/platforms/postOptions';
import { TikTokDeclaration, TikTokOptions } from './TikTokOptions';
import { YouTubeOptions } from './YouTubeOptions';
import { InstagramFormatOptions } from './InstagramFormatOptions';
import { AudienceOptions } from './AudienceOptions';
import { LocalPostOptions } from './LocalPostOptions';
import type { OptionsEditor } from './types';

/** The wizard's part for each kind of post options a platform declares (its rule's `editor`). */
export const optionsEditors: Record<PostOptionsEditor, OptionsEditor> = {
  creatorSettings: { Form: TikTokOptions, Declaration: TikTokDeclaration, afterPublish: (t) => t('postOptions.creatorSettings.afterPublish') },
  videoDetails: { Form: YouTubeOptions },
  mediaFormat: { Form: InstagramFormatOptions, appliesTo: (media) => media.length > 0, withComposer: true },
  // With a document (LinkedIn), its title is asked beside the text, where the preview's card shows it.
  audience: { Form: AudienceOptions, withComposer: (media) => media.some((item) => item.kind === 'document') },
  // A post on a place's profile: its kind, title and dates, offer and button, beside the text.
  localPost: { Form: LocalPostOptions, withComposer: true },
};
