import * as z from '../zod';
import { capabilities, type Platform } from './index';
import type { AccountLimits, PlatformCapabilities } from './capabilities';

/**
 * An account's own limits (`AccountLimits`, where a platform's data says `accountLimits`) over the
 * platform data's: the composer, the API and the publishers count one account's post with
 * `rulesFor(platform, connection.limits)`, which is the platform data itself when there are none.
 */

const positive = z.number().int().positive();

/** The limits as the API shows them with a connection (none secret). */
export const accountLimitsSchema = z.object({
  textMax: positive.optional(),
  urlCharacters: positive.optional(),
  imageMaxCount: positive.optional(),
  imageMaxBytes: positive.optional(),
  videoMaxBytes: positive.optional(),
  pollMaxOptions: positive.optional(),
  pollMaxCharactersPerOption: positive.optional(),
  pollMinSeconds: positive.optional(),
  pollMaxSeconds: positive.optional(),
  readAt: z.string(),
});

/** Limits older than this are read again when the connection is next used. */
export const ACCOUNT_LIMITS_MAX_AGE_MS = 24 * 3600_000;

/** Whether limits read at `readAt` should be read again (absent: never read). */
export function accountLimitsStale(limits: Pick<AccountLimits, 'readAt'> | null | undefined, now: Date): boolean {
  return !limits || now.getTime() - new Date(limits.readAt).getTime() >= ACCOUNT_LIMITS_MAX_AGE_MS;
}

/** The platform's rules with one account's own limits over them (the platform's own when it has none). */
export function rulesFor(platform: Platform, limits?: AccountLimits | null): PlatformCapabilities {
  const base = capabilities[platform];
  if (!limits || !base.accountLimits) return base;
  const { image, video } = base.media;
  return {
    ...base,
    text: { ...base.text, max: limits.textMax ?? base.text.max, count: (text) => base.text.count(text, limits) },
    media: {
      ...base.media,
      ...(image ? { image: { ...image, maxCount: limits.imageMaxCount ?? image.maxCount, ...(limits.imageMaxBytes ? { maxBytes: limits.imageMaxBytes } : {}) } } : {}),
      ...(video ? { video: { ...video, ...(limits.videoMaxBytes ? { maxBytes: limits.videoMaxBytes } : {}) } } : {}),
    },
  };
}
