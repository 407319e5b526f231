import * as z from '../zod';
import type { PostOptionsRule } from './postOptionsRule';

/**
 * What a TikTok Direct Post asks of the creator before it is sent (TikTok's Content Sharing
 * Guidelines, "Direct Post API – UX"): who can see it (one of the creator's
 * privacy_level_options, chosen by the user, never by us), whether people may comment, duet and
 * stitch (off until the user turns them on), and whether the post is commercial content (the
 * creator's own brand → "Promotional content"; a third party's → "Paid partnership").
 */

/** post_info.privacy_level values (platform-apis.md §2). */
export const tiktokPrivacyLevels = ['PUBLIC_TO_EVERYONE', 'MUTUAL_FOLLOW_FRIENDS', 'FOLLOWER_OF_CREATOR', 'SELF_ONLY'] as const;
export type TiktokPrivacyLevel = (typeof tiktokPrivacyLevels)[number];

/** The one privacy level branded content may not use (TikTok: "Branded content visibility cannot be set to private."). */
export const TIKTOK_PRIVATE_LEVEL: TiktokPrivacyLevel = 'SELF_ONLY';

/** TikTok's own words for the rules, used by the API, the publisher and (translated) the wizard. */
export const tiktokRuleMessages = {
  choosePrivacy: 'Choose who can see the TikTok post: TikTok requires the creator to choose it.',
  brandedNotPrivate: 'Branded content visibility cannot be set to private.',
  chooseCommercialKind: 'You need to indicate if your content promotes yourself, a third party, or both.',
} as const;

/** TikTok's pages the declaration links to. */
export const tiktokPolicyLinks = {
  musicUsageConfirmation: 'https://www.tiktok.com/legal/page/global/music-usage-confirmation/en',
  brandedContentPolicy: 'https://www.tiktok.com/legal/page/global/bc-policy/en',
} as const;

export const tiktokOptionsSchema = z
  .object({
    privacyLevel: z.enum(tiktokPrivacyLevels, { message: tiktokRuleMessages.choosePrivacy }),
    /** Interactions are off unless the user turns them on; a creator's own "off" wins at publish. */
    allowComment: z.boolean().default(false),
    /** Videos only (TikTok's photo posts take no duet or stitch). */
    allowDuet: z.boolean().default(false),
    allowStitch: z.boolean().default(false),
    /** Present when the commercial content disclosure is on: which kind, at least one. */
    commercialContent: z.object({ yourBrand: z.boolean(), brandedContent: z.boolean() }).strict().optional(),
  })
  .strict()
  .superRefine((options, context) => {
    const commercial = options.commercialContent;
    if (commercial && !commercial.yourBrand && !commercial.brandedContent) {
      context.addIssue({ code: 'custom', path: ['commercialContent'], message: tiktokRuleMessages.chooseCommercialKind });
    }
    if (commercial?.brandedContent && options.privacyLevel === TIKTOK_PRIVATE_LEVEL) {
      context.addIssue({ code: 'custom', path: ['privacyLevel'], message: tiktokRuleMessages.brandedNotPrivate });
    }
  });
export type TiktokOptions = z.infer<typeof tiktokOptionsSchema>;

/** How the post will be labelled on TikTok, from the disclosure (none when it is off). */
export function tiktokCommercialLabel(options: Pick<TiktokOptions, 'commercialContent'>): 'paidPartnership' | 'promotionalContent' | undefined {
  const commercial = options.commercialContent;
  if (commercial?.brandedContent) return 'paidPartnership';
  if (commercial?.yourBrand) return 'promotionalContent';
  return undefined;
}

export const tiktokPostOptions: PostOptionsRule<TiktokOptions> = {
  editor: 'creatorSettings',
  schema: tiktokOptionsSchema,
  required: tiktokRuleMessages.choosePrivacy,
};
