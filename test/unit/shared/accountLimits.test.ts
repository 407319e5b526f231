import { describe, expect, it } from 'vitest';
import { capabilities, platforms } from '../../../shared/platforms';
import { ACCOUNT_LIMITS_MAX_AGE_MS, accountLimitsSchema, accountLimitsStale, rulesFor } from '../../../shared/platforms/accountLimits';
import type { AccountLimits } from '../../../shared/platforms/capabilities';
import { mediaForPlatform, mediaProblemsOn } from '../../../shared/platformRules';
import { platformCounts } from '../../../frontend/src/features/posts/wizard/components/DescriptionStep';

/** An account's own limits (a server that sets its own) over the platform data's, read by the composer, the API and the publishers. */
const limits: AccountLimits = { textMax: 5000, urlCharacters: 23, imageMaxCount: 8, imageMaxBytes: 32 * 1024 * 1024, videoMaxBytes: 200 * 1024 * 1024, readAt: '2026-11-28T00:00:00.000Z' };
const ownLimits = platforms.filter((platform) => capabilities[platform].accountLimits);
const fixedLimits = platforms.filter((platform) => !capabilities[platform].accountLimits);
const image = (index: number) => ({ kind: 'image' as const, contentType: 'image/jpeg', size: 1000 + index });

describe('an account\'s own limits (AccountLimits)', () => {
  it.each(fixedLimits)('%s: a platform whose limits are its own for every account ignores an account\'s', (platform) => {
    expect(rulesFor(platform, limits)).toBe(capabilities[platform]);
  });

  it.each(ownLimits)('%s: an account\'s limits replace the text maximum, the image count and the file sizes; none keeps the platform data', (platform) => {
    const base = capabilities[platform];
    expect(rulesFor(platform, null)).toBe(base);
    const own = rulesFor(platform, limits);
    expect(own.text.max).toBe(5000);
    expect(own.text.unit).toBe(base.text.unit);
    expect(own.media.image?.maxCount).toBe(8);
    expect(own.media.image?.maxBytes).toBe(limits.imageMaxBytes);
    expect(own.media.video?.maxBytes).toBe(limits.videoMaxBytes);
    // A field the server left out keeps the platform's figure.
    expect(rulesFor(platform, { readAt: limits.readAt }).text.max).toBe(base.text.max);
    const eight = Array.from({ length: 8 }, (_, index) => image(index));
    expect(mediaForPlatform(platform, eight, own)).toHaveLength(8);
    expect(mediaProblemsOn(platform, eight, own)).toEqual([]);
    expect(mediaProblemsOn(platform, [...eight, image(9)], own)).toEqual([{ code: 'tooManyImages', count: 9, max: 8 }]);
    expect(mediaProblemsOn(platform, eight)).toEqual([{ code: 'tooManyImages', count: 8, max: base.media.image!.maxCount }]);
  });

  it.each(ownLimits)('%s: the composer counts once per chosen account, each against its own server\'s limit', (platform) => {
    const text = 'x'.repeat(capabilities[platform].text.max + 1);
    const accounts = [
      { platform, connectionId: `${platform}#1`, username: '@a@small.example', displayName: 'A', limits: null },
      { platform, connectionId: `${platform}#2`, username: '@b@large.example', displayName: 'B', limits },
    ];
    const counts = platformCounts(text, [platform], {}, {}, accounts);
    expect(counts.map((entry) => [entry.account?.name, entry.max, entry.over])).toEqual([
      ['@a@small.example', capabilities[platform].text.max, true],
      ['@b@large.example', 5000, false],
    ]);
    // Without its accounts (or none chosen yet) the platform's one count stays.
    expect(platformCounts(text, [platform]).map((entry) => [entry.account, entry.max])).toEqual([[undefined, capabilities[platform].text.max]]);
  });

  it('is read again when a day old or never read, not sooner', () => {
    const readAt = new Date('2026-11-28T00:00:00.000Z');
    expect(accountLimitsStale(undefined, readAt)).toBe(true);
    expect(accountLimitsStale({ readAt: readAt.toISOString() }, new Date(readAt.getTime() + ACCOUNT_LIMITS_MAX_AGE_MS - 1))).toBe(false);
    expect(accountLimitsStale({ readAt: readAt.toISOString() }, new Date(readAt.getTime() + ACCOUNT_LIMITS_MAX_AGE_MS))).toBe(true);
  });

  it('the API shows only positive whole figures and when they were read', () => {
    expect(accountLimitsSchema.safeParse(limits).success).toBe(true);
    expect(accountLimitsSchema.safeParse({ ...limits, textMax: 0 }).success).toBe(false);
    expect(accountLimitsSchema.safeParse({ textMax: 500 }).success).toBe(false);
  });
});
