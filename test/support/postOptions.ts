import type { Platform } from '../../shared/platforms';

/**
 * The choices a test makes for the platforms that ask for them (shared/platforms/postOptions.ts):
 * TikTok's privacy (SELF_ONLY, which every sandbox creator is offered, audited or not) and
 * YouTube's privacy and made-for-kids declaration. Spread into a target:
 * `{ platform, accountId, ...testOptions(platform) }`.
 */
export function testOptions(platform: Platform): { options?: Record<string, unknown> } {
  if (platform === 'tiktok') return { options: { privacyLevel: 'SELF_ONLY' } };
  if (platform === 'youtube') return { options: { privacyStatus: 'public', madeForKids: false } };
  return {};
}
