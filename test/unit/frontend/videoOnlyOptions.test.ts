import { describe, expect, it } from 'vitest';
import { asksFor } from '../../../frontend/src/features/posts/wizard/options/AudienceOptions';

const photo = { kind: 'image' as const };
const video = { kind: 'video' as const };

describe("the composer's one-choice options", () => {
  it("asks Facebook's 'publish a video as' only of a post with a video", () => {
    expect(asksFor('facebook', [photo, photo])).toBe(false);
    expect(asksFor('facebook', [video])).toBe(true);
  });

  it('asks the other networks whatever the files', () => {
    expect(asksFor('x', [photo])).toBe(true);
    expect(asksFor('linkedin', [video])).toBe(true);
  });
});
