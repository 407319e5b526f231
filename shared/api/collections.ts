import * as z from '../zod';

/**
 * The collections a connected account keeps its posts in, where its network files each post in
 * one the user picks (boards): listed from the network with the account's tokens, for the
 * composer's picker, and one made there when the user names a new one.
 */
export const accountCollectionSchema = z.object({
  /** The network's id of the collection, as a post's option names it. */
  id: z.string(),
  name: z.string(),
  /** Only the account (and the people it invites) see it, where the network says so. */
  secret: z.boolean(),
});
export type AccountCollection = z.infer<typeof accountCollectionSchema>;

export const accountCollectionsSchema = z.object({ collections: z.array(accountCollectionSchema) });
export type AccountCollections = z.infer<typeof accountCollectionsSchema>;

/** The longest collection name we send. */
export const COLLECTION_NAME_MAX = 100;

export const createCollectionSchema = z
  .object({
    name: z
      .string({ message: 'Give the new collection a name.' })
      .trim()
      .min(1, 'Give the new collection a name.')
      .max(COLLECTION_NAME_MAX, `A collection name can be at most ${COLLECTION_NAME_MAX} characters.`),
  })
  .strict();
export type CreateCollection = z.infer<typeof createCollectionSchema>;
