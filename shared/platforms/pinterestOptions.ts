import * as z from '../zod';
import type { PostOptionsRule } from './postOptionsRule';

/**
 * What a Pin asks of the user beyond its text and title (PinCreate): the board it goes on
 * (`board_id`, digits; left out, the account's first board) and the page it leads to (`link`, an
 * http or https address of at most 2,048 characters).
 */
export const PINTEREST_LINK_MAX = 2048;

export const pinterestOptionsSchema = z
  .object({
    boardId: z.string({ message: 'The Pinterest board must be a board id.' }).regex(/^\d{1,30}$/, 'The Pinterest board must be a board id (digits), as the board list gives it.').optional(),
    link: z
      .string({ message: 'The Pin link must be an address.' })
      .trim()
      .max(PINTEREST_LINK_MAX, `A Pin link can be at most ${PINTEREST_LINK_MAX} characters.`)
      .refine((value) => {
        try {
          const url = new URL(value);
          return (url.protocol === 'https:' || url.protocol === 'http:') && Boolean(url.hostname);
        } catch {
          return false;
        }
      }, 'The Pin link must be a web address starting with https:// or http://.')
      .optional(),
  })
  .strict();
export type PinterestPostOptions = z.infer<typeof pinterestOptionsSchema>;

export const pinterestPostOptions: PostOptionsRule<PinterestPostOptions> = {
  editor: 'audience',
  schema: pinterestOptionsSchema,
  // The board is chosen from the account's (or made beside the list); left out, its first board.
  collection: { field: 'boardId' },
  link: { field: 'link', max: PINTEREST_LINK_MAX },
};
