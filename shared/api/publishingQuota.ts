import * as z from '../zod';

/**
 * How much of its platform's publishing limit a connected account has used, as the platform
 * reports it now (e.g. posts published through the API in a moving 24 hours). The wizard shows it
 * before the user publishes; the publisher reads it again right before each create call.
 */
export const publishingQuotaSchema = z.object({
  /** Posts counted in the window. */
  used: z.number().int().min(0),
  /** The most the window allows. */
  total: z.number().int().min(0),
  /** The window's length, in seconds (86,400: a moving 24 hours). */
  windowSeconds: z.number().int().positive(),
});
export type PublishingQuota = z.infer<typeof publishingQuotaSchema>;
