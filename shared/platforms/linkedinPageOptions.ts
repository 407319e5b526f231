import * as z from '../zod';
import type { PostOptionsRule } from './postOptionsRule';
import { LINKEDIN_DOCUMENT_TITLE_MAX, linkedinMediaProblems } from './linkedinOptions';

/**
 * What a LinkedIn Page post asks of the user: only a document's title (content.media.title, which
 * LinkedIn requires). An organization's post is PUBLIC: "Connections only" is a member's audience.
 */
export const linkedinPageRuleMessages = {
  documentTitle: 'A LinkedIn Page document needs a title: LinkedIn shows it above the pages.',
} as const;

export const linkedinPageOptionsSchema = z
  .object({
    documentTitle: z
      .string({ message: 'The document title must be text.' })
      .trim()
      .max(LINKEDIN_DOCUMENT_TITLE_MAX, `A LinkedIn document title can be at most ${LINKEDIN_DOCUMENT_TITLE_MAX} characters.`)
      .optional(),
  })
  .strict();
export type LinkedinPagePostOptions = z.infer<typeof linkedinPageOptionsSchema>;

export const linkedinPagePostOptions: PostOptionsRule<LinkedinPagePostOptions> = {
  editor: 'audience',
  schema: linkedinPageOptionsSchema,
  documentTitle: { field: 'documentTitle', max: LINKEDIN_DOCUMENT_TITLE_MAX },
  mediaProblems: (options, media) => linkedinMediaProblems(options, media).map(() => linkedinPageRuleMessages.documentTitle),
};
