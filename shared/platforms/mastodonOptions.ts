import * as z from '../zod';
import type { PostOptionsRule } from './postOptionsRule';

/**
 * What a Mastodon status asks of the user (POST /api/v1/statuses): who sees it (`visibility`:
 * public, unlisted — public but kept out of the public timelines —, private — followers only —,
 * or direct — the mentioned accounts only), a content warning shown before the text
 * (`spoiler_text`, counted in the status's length), its language (ISO 639-1), and a poll of 2 to
 * 4 options (`poll[options][]`, `poll[expires_in]` in seconds) — a poll cannot go with media: with
 * one, the status goes without the post's files (the other networks still get them).
 */
export const mastodonVisibilities = ['public', 'unlisted', 'private', 'direct'] as const;
export type MastodonVisibility = (typeof mastodonVisibilities)[number];

/** The longest content warning we send (it also counts in the status's limit). */
export const MASTODON_WARNING_MAX = 500;
/** The default instance's poll limits (configuration.polls): 4 options of 50 characters, 5 minutes to 30 days. */
export const mastodonPollLimits = { maxOptions: 4, maxCharactersPerOption: 50, minExpiration: 300, maxExpiration: 2_629_746 } as const;

export const mastodonOptionsSchema = z
  .object({
    visibility: z.enum(mastodonVisibilities, { message: 'Choose who sees the Mastodon post: public, unlisted, followers only or mentioned people only.' }).default('public'),
    spoilerText: z.string().trim().min(1, 'A content warning needs at least one character.').max(MASTODON_WARNING_MAX, `A content warning can be at most ${MASTODON_WARNING_MAX} characters.`).optional(),
    language: z.string().regex(/^[a-z]{2}$/, 'The language is a two-letter ISO 639-1 code, e.g. en or tr.').optional(),
    poll: z
      .object({
        options: z
          .array(z.string().trim().min(1, 'A poll option needs at least one character.').max(mastodonPollLimits.maxCharactersPerOption, `A poll option can be at most ${mastodonPollLimits.maxCharactersPerOption} characters.`))
          .min(2, 'A poll needs at least 2 options.')
          .max(mastodonPollLimits.maxOptions, `A poll can have at most ${mastodonPollLimits.maxOptions} options.`),
        expiresInSeconds: z
          .number()
          .int()
          .min(mastodonPollLimits.minExpiration, 'A poll runs at least 5 minutes.')
          .max(mastodonPollLimits.maxExpiration, 'A poll runs at most a month.'),
        multiple: z.boolean().default(false),
      })
      .strict()
      .optional(),
  })
  .strict();
export type MastodonOptions = z.infer<typeof mastodonOptionsSchema>;

export const mastodonPostOptions: PostOptionsRule<MastodonOptions> = {
  editor: 'audience',
  schema: mastodonOptionsSchema,
  audience: { field: 'visibility', values: mastodonVisibilities },
  // The form's one short text beside the choice: here the content warning.
  topic: { field: 'spoilerText', max: MASTODON_WARNING_MAX, forbidden: [] },
  language: { field: 'language' },
  poll: { field: 'poll', maxOptions: mastodonPollLimits.maxOptions, maxCharactersPerOption: mastodonPollLimits.maxCharactersPerOption, minSeconds: mastodonPollLimits.minExpiration, maxSeconds: mastodonPollLimits.maxExpiration },
  // Mastodon takes a poll or files, not both: with a poll, the post goes there without its files.
  withoutMedia: (options) => Boolean(options.poll),
};
