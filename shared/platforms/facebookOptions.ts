import * as z from '../zod';
import type { PostOptionsRule } from './postOptionsRule';

/**
 * What a Facebook post asks of the user: how a video goes out — as a Page video (the default, any
 * length Facebook takes) or as a Reel (Reels Publishing API: 9:16, 3 to 90 seconds, at most 30
 * API-published Reels per Page in a moving 24 hours). Photos are a post either way.
 */
export const facebookVideoFormats = ['video', 'reel'] as const;
export type FacebookVideoFormat = (typeof facebookVideoFormats)[number];

/** The Reels Publishing API's length rule, in seconds. */
export const facebookReelSeconds = { min: 3, max: 90 } as const;

export const facebookOptionsSchema = z
  .object({
    videoAs: z.enum(facebookVideoFormats, { message: 'Choose how Facebook publishes the video: as a Page video or as a Reel.' }).default('video'),
  })
  .strict();
export type FacebookOptions = z.infer<typeof facebookOptionsSchema>;

export const facebookPostOptions: PostOptionsRule<FacebookOptions> = {
  editor: 'audience',
  forVideoOnly: true,
  schema: facebookOptionsSchema,
  audience: { field: 'videoAs', values: facebookVideoFormats },
};
