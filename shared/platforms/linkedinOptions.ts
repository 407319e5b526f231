import * as z from '../zod';
import type { PostOptionsRule } from './postOptionsRule';

/**
 * Who can see a member's post on LinkedIn: the Posts API's `visibility`. LinkedIn's own share box
 * offers Anyone (PUBLIC, the default) and Connections only (CONNECTIONS); LOGGED_IN and CONTAINER
 * exist in the API but are not offered to members there, so neither is here.
 */
export const linkedinVisibilities = ['PUBLIC', 'CONNECTIONS'] as const;
export type LinkedinVisibility = (typeof linkedinVisibilities)[number];

export const linkedinOptionsSchema = z
  .object({
    visibility: z.enum(linkedinVisibilities, { message: 'Choose who can see the LinkedIn post: anyone or your connections only.' }).default('PUBLIC'),
  })
  .strict();
export type LinkedinPostOptions = z.infer<typeof linkedinOptionsSchema>;

export const linkedinPostOptions: PostOptionsRule<LinkedinPostOptions> = {
  editor: 'audience',
  schema: linkedinOptionsSchema,
  audience: { field: 'visibility', values: linkedinVisibilities },
};
