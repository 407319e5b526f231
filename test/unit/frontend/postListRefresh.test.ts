import { describe, expect, it } from 'vitest';
import { LIVE_REFRESH_MS, listRefreshInterval } from '../../../frontend/src/features/posts/lists/api/postLists';
import { MEDIA_LINK_SECONDS, MEDIA_LINK_WINDOW_SECONDS } from '../../../shared/media';

describe('how often a post list refetches', () => {
  it('every 2 s while a post publishes', () => {
    expect(listRefreshInterval(true)).toBe(LIVE_REFRESH_MS);
  });

  it('otherwise before the media links it shows can expire (a page left open keeps its thumbnails)', () => {
    const interval = listRefreshInterval(false);
    // A link is valid for at least (lifetime − window) after it was handed out.
    expect(interval).toBeGreaterThan(0);
    expect(interval).toBeLessThan((MEDIA_LINK_SECONDS - MEDIA_LINK_WINDOW_SECONDS) * 1000);
    expect(interval).toBe(5 * 60_000);
  });
});
