import { describe, expect, it } from 'vitest';
import { fitWithin } from '../../../frontend/src/features/posts/wizard/api/thumbnail';
import { THUMBNAIL_MAX_HEIGHT, THUMBNAIL_MAX_WIDTH } from '../../../shared/api/uploads';

describe('the size a thumbnail is drawn at', () => {
  it('scales a landscape or portrait frame down to fit within the server’s limit, keeping its proportions', () => {
    expect(fitWithin(1920, 1080)).toEqual({ width: 480, height: 270 });
    expect(fitWithin(1080, 1920)).toEqual({ width: 480, height: 853 });
    expect(fitWithin(1000, 4000)).toEqual({ width: 240, height: 960 });
  });

  it('never enlarges a small image, and never rounds to nothing or past the limit', () => {
    expect(fitWithin(320, 200)).toEqual({ width: 320, height: 200 });
    expect(fitWithin(10_000, 1)).toEqual({ width: THUMBNAIL_MAX_WIDTH, height: 1 });
    expect(fitWithin(1, 10_000)).toEqual({ width: 1, height: THUMBNAIL_MAX_HEIGHT });
  });
});
