import * as z from '../zod';
import type { PostOptionsRule } from './postOptionsRule';
import type { MediaFacts } from '../platformRules';

/**
 * Who can see a member's post on LinkedIn: the Posts API's `visibility`. LinkedIn's own share box
 * offers Anyone (PUBLIC, the default) and Connections only (CONNECTIONS); LOGGED_IN and CONTAINER
 * exist in the API but are not offered to members there, so neither is here.
 *
 * A post that carries a document (a PDF) also has its `documentTitle`.
 */
export const linkedinVisibilities = ['PUBLIC', 'CONNECTIONS'] as const;
export type LinkedinVisibility = (typeof linkedinVisibilities)[number];

/**
 * A document post's title (the Posts API's content.media.title): LinkedIn requires one and shows it
 * above the pages. LinkedIn documents no length; OneClick keeps at most this many characters.
 */
export const LINKEDIN_DOCUMENT_TITLE_MAX = 255;

export const linkedinRuleMessages = {
  documentTitle: 'A LinkedIn document needs a title: LinkedIn shows it above the pages.',
} as const;

export const linkedinOptionsSchema = z
  .object({
    visibility: z.enum(linkedinVisibilities, { message: 'Choose who can see the LinkedIn post: anyone or your connections only.' }).default('PUBLIC'),
    documentTitle: z
      .string({ message: 'The document title must be text.' })
      .trim()
      .max(LINKEDIN_DOCUMENT_TITLE_MAX, `A LinkedIn document title can be at most ${LINKEDIN_DOCUMENT_TITLE_MAX} characters.`)
      .optional(),
  })
  .strict();
export type LinkedinPostOptions = z.infer<typeof linkedinOptionsSchema>;

/** Why the post's files cannot go with these choices: a document needs its title. */
export function linkedinMediaProblems(options: Pick<LinkedinPostOptions, 'documentTitle'>, media: readonly Pick<MediaFacts, 'kind'>[]): string[] {
  return media.some((item) => item.kind === 'document') && !options.documentTitle ? [linkedinRuleMessages.documentTitle] : [];
}

export const linkedinPostOptions: PostOptionsRule<LinkedinPostOptions> = {
  editor: 'audience',
  schema: linkedinOptionsSchema,
  audience: { field: 'visibility', values: linkedinVisibilities },
  documentTitle: { field: 'documentTitle', max: LINKEDIN_DOCUMENT_TITLE_MAX },
  mediaProblems: linkedinMediaProblems,
};
